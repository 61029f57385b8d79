import { describe, expect, it } from 'vitest';
import { metrics } from '../../functions/lib/metric-catalogue';
import type { DeploymentFacts } from './deployment';
import { idleLines, idleTotal, metricSeries } from './idle';
import { price } from './prices';

const facts: DeploymentFacts = {
  functions: {
    'orders/workflow/sweep-due': { deployName: 'WorkflowSweepDue', memoryMb: 1024, architecture: 'arm64' },
  },
  alarms: [
    { id: 'A', metrics: 1 },
    { id: 'B', metrics: 3 },
    { id: 'Q', metrics: 40, estimated: 'one metric per function of its group' },
  ],
  dashboards: 1,
  webAcls: [
    { id: 'Edge', scope: 'CLOUDFRONT', rules: 7 },
    { id: 'Pool', scope: 'REGIONAL', rules: 1 },
  ],
  secretsCreated: 1,
  kmsKeys: 1,
  schedules: [
    { id: 'Sweep', expression: 'rate(5 minutes)', handler: 'orders/workflow/sweep-due', runsPerMonth: 8760 },
    { id: 'Other', expression: 'rate(1 day)', runsPerMonth: 30 },
  ],
  logGroups: 10,
  pointInTimeRecovery: true,
  userPools: 1,
};
const assumptions = { tableSizeGb: 2, monthlyActiveUsers: 12_000, logBytesPerInvocation: 0 };
const sweep = { meanBilledMs: 1000, readUnits: 2, writeUnits: 1, s3TierOne: 0, s3TierTwo: 0 };
const lines = idleLines(facts, 4, { 'orders/workflow/sweep-due': sweep }, assumptions);
const usdOf = (start: string) => lines.find((line) => line.item.startsWith(start))!.usdPerMonth;

describe('the idle month', () => {
  it('alarms per metric, the dashboard, web ACLs and their rules, secrets, keys', () => {
    expect(usdOf('CloudWatch alarms (2')).toBeCloseTo(0.4, 10);
    expect(usdOf('CloudWatch alarms (1, Metrics Insights')).toBeCloseTo(4, 10);
    expect(usdOf('CloudWatch dashboard')).toBe(3);
    expect(usdOf('WAF')).toBe(2 * 5 + 8 * 1);
    expect(usdOf('Secrets Manager')).toBeCloseTo(5 * 0.4, 10);
    expect(usdOf('KMS')).toBe(1);
  });

  it('backups of the assumed table size; Cognito beyond its 10,000 free users', () => {
    expect(usdOf('DynamoDB point-in-time')).toBeCloseTo(2 * price('pitrGbMonth'), 10);
    expect(usdOf('DynamoDB storage')).toBe(0);
    expect(usdOf('Cognito')).toBeCloseTo(2000 * price('cognitoMau'), 10);
  });

  it('a schedule: runs × (its invocation, request, GB-s at its memory, its table units, its trace)', () => {
    const expected =
      8760 *
      (price('schedulerInvocation') +
        price('lambdaRequest') +
        1 * price('lambdaGbSecondArm') +
        2 * price('dynamoReadUnit') +
        1 * price('dynamoWriteUnit') +
        price('xrayTrace'));
    expect(usdOf('WorkflowSweepDue')).toBeCloseTo(expected, 10);
    expect(lines.find((line) => line.item.startsWith('Other'))?.note).toMatch(/not measured/);
  });

  it("custom metrics: the sweeper's two gauges idle; the catalogue's series with orders (a provider metric once per provider)", () => {
    const metricsLine = lines.find((line) => line.item.startsWith('CloudWatch custom metrics'))!;
    expect(metricsLine.count).toBe(2);
    expect(metricsLine.usdPerMonth).toBeCloseTo(2 * price('customMetric'), 10);
    const all = metricSeries(Object.values(metrics));
    expect(all).toBeGreaterThanOrEqual(12); // 8 metrics, 2 of them per payment provider (stripe, paypal)
    expect(metricsLine.note).toContain(`all ${all} of the metric catalogue: $${(all * 0.3).toFixed(2)}`);
    const plain = { name: 'A', unit: 'Count', description: '' } as const;
    const byProvider = { ...plain, dimensions: { provider: ['stripe', 'paypal'] } };
    const byTwo = { ...plain, dimensions: { provider: ['stripe', 'paypal'], kind: ['a', 'b', 'c'] } };
    expect(metricSeries([plain, byProvider, byTwo])).toBe(1 + 2 + 6);
  });

  it("log storage: a month of the schedules' lines at the assumed bytes per run", () => {
    const withLogs = idleLines(facts, 4, {}, { ...assumptions, logBytesPerInvocation: 1024 ** 3 / 1000 });
    const storage = withLogs.find((line) => line.item.startsWith('CloudWatch Logs storage (10'))!;
    expect(storage.count).toBeCloseTo(8.79, 2);
    expect(storage.usdPerMonth).toBeCloseTo(8.79 * price('logStorageGbMonth'), 4);
  });

  it('the total adds every line', () => {
    expect(idleTotal(lines)).toBeCloseTo(
      lines.reduce((sum, line) => sum + line.usdPerMonth, 0),
      10,
    );
    expect(idleTotal(lines)).toBeGreaterThan(30);
  });
});
