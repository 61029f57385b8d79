import {
  type MetricDefinition,
  type MetricKey,
  metrics as metricCatalogue,
} from '../../functions/lib/metric-catalogue';
import type { DeploymentFacts } from './deployment';
import { gbSeconds } from './model';
import { price } from './prices';

/**
 * The monthly bill of one deployment that nobody uses, pure: what the stacks hold whatever the
 * traffic (alarms, the dashboard, web ACLs, secrets, keys, backups) and what runs on a schedule
 * (the deadline sweeper, the search snapshot writer, the removal of unverified accounts), priced
 * from ./prices.ts. The schedules' cost per run comes from the cost run's own measurement of those
 * functions (./run-usage.ts); the table's size and the active users are assumptions, printed.
 */
export interface IdleAssumptions {
  /** The table's size, for point-in-time recovery and storage. */
  tableSizeGb: number;
  /** Monthly active users (Cognito Essentials: the first 10,000 are free). */
  monthlyActiveUsers: number;
  /** Log bytes a Lambda invocation writes (START, END, REPORT and a few JSON lines). */
  logBytesPerInvocation: number;
}

export const defaultIdleAssumptions: IdleAssumptions = {
  tableSizeGb: 1,
  monthlyActiveUsers: 1000,
  logBytesPerInvocation: 1024,
};

/** What one run of a scheduled function did in the cost run (averages). */
export interface ScheduledRun {
  meanBilledMs: number;
  readUnits: number;
  writeUnits: number;
  s3TierOne: number;
  s3TierTwo: number;
}

export interface IdleLine {
  item: string;
  count: number;
  unit: string;
  usdPerMonth: number;
  note?: string;
}

const cognitoFreeUsers = 10_000;

/**
 * The metrics a deployment publishes with nobody using it: the sweeper's two gauges, recorded on
 * every run (functions/orders/workflow/sweep-gauges.ts). The rest of the catalogue is published only
 * when orders, payments or searches happen.
 */
export const idleMetricKeys: readonly MetricKey[] = ['oldestOverdueDue', 'oldestUnfinishedMoneyOp'];

/** CloudWatch bills each metric (name × dimension values) a month: one per value of each extra dimension. */
export function metricSeries(definitions: readonly MetricDefinition[]): number {
  return definitions.reduce(
    (sum, definition) =>
      sum +
      Object.values(definition.dimensions ?? {}).reduce((product, values) => product * values.length, 1),
    0,
  );
}

const tableStorageFreeGb = 25;

export function idleLines(
  facts: DeploymentFacts,
  providerSecrets: number,
  scheduled: Readonly<Record<string, ScheduledRun>>,
  assumptions: IdleAssumptions = defaultIdleAssumptions,
): IdleLine[] {
  const plainAlarms = facts.alarms.filter((alarm) => !alarm.estimated);
  const queryAlarms = facts.alarms.filter((alarm) => alarm.estimated);
  const metricsOf = (alarms: typeof facts.alarms) => alarms.reduce((sum, alarm) => sum + alarm.metrics, 0);
  const rules = facts.webAcls.reduce((sum, acl) => sum + acl.rules, 0);
  const secrets = facts.secretsCreated + providerSecrets;
  const lines: IdleLine[] = [
    {
      item: `CloudWatch alarms (${plainAlarms.length}, metrics and math)`,
      count: metricsOf(plainAlarms),
      unit: 'alarm metrics',
      usdPerMonth: metricsOf(plainAlarms) * price('alarmMetric'),
    },
    {
      item: `CloudWatch alarms (${queryAlarms.length}, Metrics Insights queries)`,
      count: metricsOf(queryAlarms),
      unit: 'metrics analyzed',
      usdPerMonth: metricsOf(queryAlarms) * price('alarmMetric'),
      note: 'a query alarm is billed per metric it reads: one per function of its group, 10 table operations',
    },
    {
      item: 'CloudWatch dashboard',
      count: facts.dashboards,
      unit: 'dashboards',
      usdPerMonth: facts.dashboards * price('dashboard'),
      note: 'the first 3 of an account are free',
    },
    {
      item: `WAF (${facts.webAcls.length} web ACLs, ${rules} rules)`,
      count: facts.webAcls.length,
      unit: 'web ACLs',
      usdPerMonth: facts.webAcls.length * price('wafWebAcl') + rules * price('wafRule'),
    },
    {
      item: 'Secrets Manager',
      count: secrets,
      unit: 'secrets',
      usdPerMonth: secrets * price('secret'),
      note: `${facts.secretsCreated} made by the stacks, ${providerSecrets} provider secrets the stage names`,
    },
    { item: 'KMS keys', count: facts.kmsKeys, unit: 'keys', usdPerMonth: facts.kmsKeys * price('kmsKey') },
    {
      item: 'DynamoDB point-in-time recovery',
      count: facts.pointInTimeRecovery ? assumptions.tableSizeGb : 0,
      unit: 'GB',
      usdPerMonth: facts.pointInTimeRecovery ? assumptions.tableSizeGb * price('pitrGbMonth') : 0,
      note: `assumed table size ${assumptions.tableSizeGb} GB`,
    },
    {
      item: 'DynamoDB storage',
      count: assumptions.tableSizeGb,
      unit: 'GB',
      usdPerMonth: Math.max(0, assumptions.tableSizeGb - tableStorageFreeGb) * price('tableStorageGbMonth'),
      note: `the first ${tableStorageFreeGb} GB are free`,
    },
    {
      item: 'Cognito',
      count: assumptions.monthlyActiveUsers,
      unit: 'MAU',
      usdPerMonth: Math.max(0, assumptions.monthlyActiveUsers - cognitoFreeUsers) * price('cognitoMau'),
      note: `assumed; the first ${cognitoFreeUsers.toLocaleString('en-US')} are free`,
    },
    customMetricsLine(),
    ...facts.schedules.map((schedule) => scheduleLine(facts, schedule, scheduled, assumptions)),
    logStorageLine(facts, assumptions),
  ];
  return lines;
}

function scheduleLine(
  facts: DeploymentFacts,
  schedule: DeploymentFacts['schedules'][number],
  scheduled: Readonly<Record<string, ScheduledRun>>,
  assumptions: IdleAssumptions,
): IdleLine {
  const settings = schedule.handler ? facts.functions[schedule.handler] : undefined;
  const run = schedule.handler ? scheduled[schedule.handler] : undefined;
  const runs = schedule.runsPerMonth;
  const name = settings?.deployName ?? schedule.id;
  if (!settings || !run) {
    return {
      item: `${name} (${schedule.expression})`,
      count: runs,
      unit: 'runs',
      usdPerMonth: runs * price('lambdaRequest'),
      note: 'not measured in this run: requests only',
    };
  }
  const compute =
    gbSeconds(run.meanBilledMs * runs, settings.memoryMb) *
    price(settings.architecture === 'arm64' ? 'lambdaGbSecondArm' : 'lambdaGbSecondX86');
  const usd =
    runs * price('schedulerInvocation') +
    runs * price('lambdaRequest') +
    compute +
    runs * run.readUnits * price('dynamoReadUnit') +
    runs * run.writeUnits * price('dynamoWriteUnit') +
    runs * run.s3TierOne * price('s3TierOneRequest') +
    runs * run.s3TierTwo * price('s3TierTwoRequest') +
    runs * price('xrayTrace') +
    (runs * assumptions.logBytesPerInvocation * price('logIngestionGb')) / 1024 ** 3;
  return {
    item: `${name} (${schedule.expression})`,
    count: runs,
    unit: 'runs',
    usdPerMonth: usd,
    note:
      `${Math.round(run.meanBilledMs)} ms at ${settings.memoryMb} MB, ${round(run.readUnits)} RRU, ` +
      `${round(run.writeUnits)} WRU, ${round(run.s3TierOne + run.s3TierTwo)} S3 requests a run; ` +
      'with its schedule, trace and logs',
  };
}

/** The handlers' EMF metrics (functions/lib/metrics.ts) are custom metrics, billed per metric a month. */
function customMetricsLine(): IdleLine {
  const idle = metricSeries(idleMetricKeys.map((key) => metricCatalogue[key]));
  const all = metricSeries(Object.values(metricCatalogue));
  return {
    item: 'CloudWatch custom metrics (EMF)',
    count: idle,
    unit: 'metrics',
    usdPerMonth: idle * price('customMetric'),
    note:
      `the sweeper's gauges; a month with orders publishes all ${all} of the metric catalogue: ` +
      `$${(all * price('customMetric')).toFixed(2)}`,
  };
}

/**
 * Idle, only the schedules write logs (their ingestion is in their lines); the log groups keep about
 * a month of it (30-day retention), so what is stored is about one month's bytes.
 */
function logStorageLine(facts: DeploymentFacts, assumptions: IdleAssumptions): IdleLine {
  const runs = facts.schedules.reduce((sum, schedule) => sum + schedule.runsPerMonth, 0);
  const storedGb = (runs * assumptions.logBytesPerInvocation) / 1024 ** 3;
  return {
    item: `CloudWatch Logs storage (${facts.logGroups} log groups)`,
    count: storedGb,
    unit: 'GB',
    usdPerMonth: storedGb * price('logStorageGbMonth'),
    note: "a month of the schedules' log lines",
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

export function idleTotal(lines: readonly IdleLine[]): number {
  return lines.reduce((sum, entry) => sum + entry.usdPerMonth, 0);
}
