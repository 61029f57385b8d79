/**
 * Every function invoked asynchronously (EventBridge rule targets, EventBridge Scheduler targets)
 * keeps what fails: after Lambda's retries the invocation, with its event and error, goes to the
 * failed-invocations queue (Events stack) instead of being dropped, for `npm run operator -- redrive`
 * (issue 26). Schedules are made here too, so each has the same role, window and failure handling.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { asyncInvokeRetryAttempts } from '../../functions/event-rules';

/**
 * Lambda's own retries of an asynchronous invocation, by kind. A rule handler (the finance ledger)
 * gets Lambda's two retries within 6 hours (the local bus retries as many: infra/local/event-bus.ts); a scheduled function none (its next run comes soon and
 * covers the same ground), but its failure is still kept.
 */
export const asyncInvokeSettings = {
  rule: { retryAttempts: asyncInvokeRetryAttempts, maxEventAge: Duration.hours(6) },
  scheduled: { retryAttempts: 0, maxEventAge: Duration.hours(1) },
} as const;

/** Sends the failed asynchronous invocations of `fn` to `queue` (Lambda's on-failure destination). */
export function keepFailedInvocations(
  fn: lambda.Function,
  queue: sqs.IQueue,
  kind: keyof typeof asyncInvokeSettings,
): void {
  fn.configureAsyncInvoke({
    onFailure: new destinations.SqsDestination(queue),
    ...asyncInvokeSettings[kind],
  });
}

export interface ScheduleOptions {
  /** Construct ids of the schedule and of the role EventBridge Scheduler assumes (kept: deployed). */
  scheduleId: string;
  roleId: string;
  /** What runs, for the console: "the deadline sweeper". */
  what: string;
  /** Its handler module (functions/<handler>.ts). */
  handler: string;
  /** EventBridge Scheduler expression, e.g. `rate(5 minutes)`. */
  expression: string;
  /** Where its failed runs are kept (the Events stack's failed-invocations queue). */
  failures: sqs.IQueue;
}

/**
 * Runs `fn` on a schedule (the L1 schedule with its own role: the L2 Lambda target would also grant
 * `<function>:*`). The schedule does not retry (retryPolicy 0) and neither does Lambda; a failed run
 * is kept in `failures`.
 */
export function scheduleFunction(scope: Construct, fn: lambda.Function, options: ScheduleOptions): void {
  const role = new iam.Role(scope, options.roleId, {
    assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
      conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(scope).account } },
    }),
    description: `EventBridge Scheduler: invokes ${options.what}`,
  });
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }),
  );
  const name = options.what.replace(/^the /, '');
  new scheduler.CfnSchedule(scope, options.scheduleId, {
    description: `${name[0]!.toUpperCase()}${name.slice(1)}: functions/${options.handler}.ts`,
    scheduleExpression: options.expression,
    flexibleTimeWindow: { mode: 'OFF' },
    state: 'ENABLED',
    target: {
      arn: fn.functionArn,
      roleArn: role.roleArn,
      input: '{}',
      retryPolicy: { maximumRetryAttempts: 0 },
    },
  });
  keepFailedInvocations(fn, options.failures, 'scheduled');
}
