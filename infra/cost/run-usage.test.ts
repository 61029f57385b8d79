import { describe, expect, it } from 'vitest';
import type { UsageSnapshot } from '../local/usage-meter';
import { outsideHandlers } from '../local/usage-meter';
import type { DeploymentFacts } from './deployment';
import { platformLogBytesPerInvocation, usageOf } from './run-usage';
import { providerStandInCalls } from './sdk-meter';

const settings = (deployName: string) => ({ deployName, memoryMb: 512, architecture: 'arm64' as const });
const facts: DeploymentFacts = {
  functions: {
    'orders/http/show': settings('OrdersShow'),
    'orders/workflow/plan': settings('WorkflowPlan'),
    'orders/transaction-stream': settings('StreamsTransactionDispatcher'),
    'orders/workflow/sweep-due': settings('WorkflowSweepDue'),
  },
  alarms: [],
  dashboards: 0,
  webAcls: [],
  secretsCreated: 0,
  kmsKeys: 0,
  schedules: [
    { id: 'Sweep', expression: 'rate(5 minutes)', handler: 'orders/workflow/sweep-due', runsPerMonth: 8760 },
  ],
  logGroups: 0,
  pointInTimeRecovery: false,
  userPools: 0,
};
const tally = (readUnits: number, writeUnits: number, estimatedWriteUnits = 0) => ({
  requests: 1,
  readUnits,
  writeUnits,
  estimatedWriteUnits,
  refusedWrites: estimatedWriteUnits ? 1 : 0,
});
const snapshot: UsageSnapshot = {
  invocations: {
    'orders/http/show': { count: 6, billedMs: 300 },
    'orders/workflow/plan': { count: 2, billedMs: 40 },
    'orders/transaction-stream': { count: 4, billedMs: 400 },
    'orders/workflow/sweep-due': { count: 2, billedMs: 500 },
    'payments/stripe/http/simulated/confirm-payment-intent': { count: 2, billedMs: 50 },
    'orders/http/brand-new': { count: 1, billedMs: 10 },
  },
  dynamodb: {
    'orders/http/show': tally(6, 0),
    'orders/transaction-stream': tally(2, 18, 2),
    'orders/workflow/sweep-due': tally(4, 2),
    [outsideHandlers]: tally(100, 100),
    [providerStandInCalls]: tally(50, 50),
    'payments/stripe/http/simulated/confirm-payment-intent': tally(7, 7),
  },
  s3: { 'orders/http/show': { GetObject: 3, PutObject: 1 }, 'orders/workflow/sweep-due': { PutObject: 4 } },
};
const counts = {
  orders: 2,
  stateTransitions: 15,
  executions: 2,
  events: 6,
  mails: 18,
  logBytesByHandler: { 'orders/http/show': 600, 'orders/workflow/sweep-due': 1000 },
};

describe('usageOf', () => {
  const { usage, scheduled, unknownFunctions, tableByFunction } = usageOf(facts, snapshot, counts);

  it("the orders' functions: not the simulated providers, not the schedules; unknown ones at 512 MB arm64", () => {
    expect(usage.functions.map((fn) => fn.handler).sort()).toEqual([
      'orders/http/brand-new',
      'orders/http/show',
      'orders/transaction-stream',
      'orders/workflow/plan',
    ]);
    expect(unknownFunctions).toEqual(['orders/http/brand-new']);
  });

  it("the orders' table units, without what ran outside handlers, for the providers or on a schedule", () => {
    expect(usage.dynamo).toEqual({ readUnits: 8, writeUnits: 18, estimatedWriteUnits: 2 });
    expect(tableByFunction[0]).toEqual({
      deployName: 'StreamsTransactionDispatcher',
      requests: 1,
      readUnits: 2,
      writeUnits: 20,
    });
    expect(usage.s3).toEqual({ tierOne: 1, tierTwo: 3 });
  });

  it('API requests are route handler invocations; traces every start but the workflow tasks, plus each execution', () => {
    expect(usage.apiRequests).toBe(6);
    expect(usage.traces).toBe(6 + 4 + 1 + 2);
    expect(usage.logBytes).toBe(600 + 13 * platformLogBytesPerInvocation);
  });

  it('a scheduled function per run: its mean billed time, units and S3 requests', () => {
    expect(scheduled['orders/workflow/sweep-due']).toEqual({
      meanBilledMs: 250,
      readUnits: 2,
      writeUnits: 1,
      s3TierOne: 2,
      s3TierTwo: 0,
    });
  });
});
