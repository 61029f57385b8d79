/**
 * Every alarm of a stage, by name, with its threshold and what it watches: one table that the
 * Monitoring stack (monitoring-stack.ts) builds from, docs/runbook.md has a heading for, and the
 * tests read (tests/infra/monitoring.test.ts). An alarm is named `<stack prefix>-<name>`, e.g.
 * `VeloProd-ApiServerErrors`, so two stages in one account never share an alarm.
 *
 * Periods are in minutes. `missing` is what a period without data counts as (CloudWatch's
 * TreatMissingData): most of these metrics only exist when something happens, so "no data" is
 * "nothing went wrong" — except the deadline sweeper's, whose silence means it stopped (see there).
 */

/** The handler groups (the HandlerFunctions of each stack) whose Lambda errors and throttles are watched. */
export const handlerGroups = {
  Api: 'the HTTP API: route handlers and account handlers (Api stack)',
  Auth: "the user pool's triggers and the removal of unverified accounts (Auth stack)",
  Workflow: 'the order workflow: its tasks, the deadline sweeper and the operator command (Workflow stack)',
  Events:
    'the event rule targets (the ledger…), the stream consumers and the search snapshot writer (Events stack)',
  PageRenderer: 'the head renderer behind CloudFront (Web stack)',
} as const;
export type HandlerGroupName = keyof typeof handlerGroups;

/**
 * The resource tag each group's functions carry, `<stack prefix>-<group>`: the alarms' Metrics
 * Insights queries select a group's functions by it (docs/decisions.md, "Alarms per handler group").
 */
export const alarmGroupTag = 'VeloAlarmGroup';

export type MissingData = 'notBreaching' | 'breaching';

export interface AlarmDefinition {
  /** The alarm's name after the stage's prefix. */
  name: string;
  /** The threshold the alarm compares with (>=), in the unit of `unit`. */
  threshold: number;
  unit: string;
  periodMinutes: number;
  evaluationPeriods: number;
  datapointsToAlarm: number;
  missing: MissingData;
  /** One line: what the alarm means (the alarm's description; the runbook says more). */
  summary: string;
}

const alarm = (definition: AlarmDefinition) => definition;

/** Lambda errors and throttles of one handler group. */
function groupAlarms(group: HandlerGroupName, errorsAtLeast: number) {
  return {
    errors: alarm({
      name: `${group}FunctionErrors`,
      threshold: errorsAtLeast,
      unit: 'errors in 5 minutes',
      periodMinutes: 5,
      evaluationPeriods: 1,
      datapointsToAlarm: 1,
      missing: 'notBreaching',
      summary: `Invocations of ${handlerGroups[group]} failed (an exception or a timeout, not an HTTP 4xx/5xx answer).`,
    }),
    throttles: alarm({
      name: `${group}FunctionThrottles`,
      threshold: 1,
      unit: 'throttled invocations in 5 minutes',
      periodMinutes: 5,
      evaluationPeriods: 1,
      datapointsToAlarm: 1,
      missing: 'notBreaching',
      summary: `Lambda refused invocations of ${handlerGroups[group]}: the account's concurrency is used up.`,
    }),
  };
}

/** A queue that should stay empty: one message waiting is worth a look. */
function queueNotEmpty(name: string, summary: string) {
  return alarm({
    name,
    threshold: 1,
    unit: 'messages waiting',
    periodMinutes: 5,
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    missing: 'notBreaching',
    summary,
  });
}

/**
 * The error rates count only periods with enough traffic for a rate to mean something; below that,
 * a few failures alone breach (a marketplace with a few checkouts an hour would otherwise never see
 * a provider that fails every call).
 */
export const rateFloors = {
  api: { requests: 20, errorsAlone: 5 },
  provider: { calls: 10, failuresAlone: 3 },
} as const;

export const alarmCatalogue = {
  apiServerErrors: alarm({
    name: 'ApiServerErrors',
    threshold: 5,
    unit: '% of requests answered 5xx (5 minutes, at least 20 requests; fewer: 5 errors count as 100%)',
    periodMinutes: 5,
    evaluationPeriods: 3,
    datapointsToAlarm: 2,
    missing: 'notBreaching',
    summary:
      'More than 5% of the HTTP API requests were answered with a 5xx in 2 of the last 3 five-minute periods.',
  }),
  apiLatency: alarm({
    name: 'ApiLatencyP99',
    threshold: 3000,
    unit: 'ms, p99 of the HTTP API latency',
    periodMinutes: 5,
    evaluationPeriods: 3,
    datapointsToAlarm: 3,
    missing: 'notBreaching',
    summary: 'The slowest 1% of HTTP API requests took more than 3 s for 15 minutes.',
  }),
  api: groupAlarms('Api', 5),
  auth: groupAlarms('Auth', 1),
  workflow: groupAlarms('Workflow', 1),
  events: groupAlarms('Events', 1),
  pageRenderer: groupAlarms('PageRenderer', 5),
  deadLetters: queueNotEmpty(
    'DeadLetterQueueNotEmpty',
    'An event EventBridge could not deliver, or a stream batch a consumer gave up on, is in the dead-letter queue.',
  ),
  failedInvocations: queueNotEmpty(
    'FailedInvocationsNotEmpty',
    'A rule handler (the ledger…) or a scheduled function failed after Lambda’s retries; its event is kept for the redrive.',
  ),
  workflowFailed: alarm({
    name: 'OrderWorkflowFailed',
    threshold: 1,
    unit: 'executions failed, timed out or aborted in 5 minutes',
    periodMinutes: 5,
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    missing: 'notBreaching',
    summary: "An order's state machine execution failed, timed out or was aborted: its timers no longer run.",
  }),
  // The sweeper publishes the age every 5 minutes (0 when nothing is overdue). A 10-minute period
  // always holds one of its runs, so a period without data means two runs in a row did not report:
  // the sweeper itself stopped, and with it every backstop of the deadlines. That is breaching.
  deadlineOverdue: alarm({
    name: 'DeadlineOverdue',
    threshold: 600,
    unit: 's past due (the oldest unfired deadline)',
    periodMinutes: 10,
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    missing: 'breaching',
    summary:
      'A due order deadline has not fired for more than 10 minutes, or the deadline sweeper stopped reporting.',
  }),
  // Same sweeper, same metric stream: a silent sweeper already raises DeadlineOverdue, so a gap
  // here is not counted twice.
  moneyOperationStuck: alarm({
    name: 'MoneyOperationUnfinished',
    threshold: 3600,
    unit: 's open (the oldest unfinished refund or payout)',
    periodMinutes: 10,
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    missing: 'notBreaching',
    summary: 'A refund or payout has been unfinished for more than 1 hour.',
  }),
  stripeErrorRate: alarm({
    name: 'StripeErrorRate',
    threshold: 10,
    unit: '% of Stripe calls failed (5 minutes, at least 10 calls; fewer: 3 failures count as 100%)',
    periodMinutes: 5,
    evaluationPeriods: 3,
    datapointsToAlarm: 2,
    missing: 'notBreaching',
    summary:
      'More than 10% of the calls to Stripe failed (network, 5xx, timeouts; card declines do not count).',
  }),
  paypalErrorRate: alarm({
    name: 'PaypalErrorRate',
    threshold: 10,
    unit: '% of PayPal calls failed (5 minutes, at least 10 calls; fewer: 3 failures count as 100%)',
    periodMinutes: 5,
    evaluationPeriods: 3,
    datapointsToAlarm: 2,
    missing: 'notBreaching',
    summary: 'More than 10% of the calls to PayPal failed (network, 5xx, timeouts).',
  }),
  tableThrottles: alarm({
    name: 'TableThrottles',
    threshold: 10,
    unit: 'throttled requests in 5 minutes (table and indexes)',
    periodMinutes: 5,
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    missing: 'notBreaching',
    summary: 'DynamoDB throttled requests to the table or its indexes.',
  }),
  tableSystemErrors: alarm({
    name: 'TableSystemErrors',
    threshold: 1,
    unit: 'DynamoDB 500 answers in 5 minutes',
    periodMinutes: 5,
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    missing: 'notBreaching',
    summary: 'DynamoDB answered requests to the table with an internal error (HTTP 500).',
  }),
  // Only on a stage whose mail (Cognito's codes included) goes through SES; see emailAlarms.
  emailSendingQuota: alarm({
    name: 'EmailSendingQuota',
    threshold: 40_000,
    // One-day periods are calendar days (UTC), not SES's rolling 24 hours: 80% leaves the margin.
    unit: 'mails sent through SES in a day (UTC)',
    periodMinutes: 60 * 24,
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    missing: 'notBreaching',
    summary:
      'SES sent 80% of a 50,000-a-day sending quota: the verification and reset codes Cognito sends through SES stop when the quota is reached.',
  }),
  emailBounceRate: alarm({
    name: 'EmailBounceRate',
    threshold: 0.05,
    unit: 'bounce rate (0.05 = 5%)',
    periodMinutes: 60,
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    missing: 'notBreaching',
    summary:
      "SES's bounce rate reached 5%: at 10% SES may pause the account's sending, Cognito's codes included.",
  }),
} as const;

/** The group alarms' entries of the catalogue, by group. */
export const groupAlarmsOf: Record<
  HandlerGroupName,
  { errors: AlarmDefinition; throttles: AlarmDefinition }
> = {
  Api: alarmCatalogue.api,
  Auth: alarmCatalogue.auth,
  Workflow: alarmCatalogue.workflow,
  Events: alarmCatalogue.events,
  PageRenderer: alarmCatalogue.pageRenderer,
};

/** The SES alarms: a stage on Cognito's built-in sender has no metric to watch (monitoring-stack.ts). */
export const emailAlarms: readonly AlarmDefinition[] = [
  alarmCatalogue.emailSendingQuota,
  alarmCatalogue.emailBounceRate,
];

/** Every alarm definition of the catalogue, flattened. */
export function allAlarmDefinitions(): AlarmDefinition[] {
  return Object.values(alarmCatalogue).flatMap((entry) =>
    'name' in entry ? [entry as AlarmDefinition] : Object.values(entry as Record<string, AlarmDefinition>),
  );
}

/** The deployed name of an alarm: `<stack prefix>-<name>`, e.g. `VeloProd-ApiServerErrors`. */
export const alarmName = (prefix: string, definition: AlarmDefinition): string =>
  `${prefix}-${definition.name}`;

/** The context key of the alarm topic's e-mail subscription (`-c alarmEmail=ops@example.com`). */
export const alarmEmailContext = 'alarmEmail';
/** `-c alarmEmail=none`: the topic is subscribed outside CDK (a pager, a chat integration). */
export const alarmEmailNone = 'none';

/**
 * `-c telemetryEnrichment=external`: another stage in the same account and region owns the
 * account's "resource tags for telemetry" (one per account and region), so this one does not make it.
 */
export const telemetryEnrichmentContext = 'telemetryEnrichment';
export const telemetryEnrichmentExternal = 'external';
