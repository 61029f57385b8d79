/**
 * The order workflow's side of the table (docs/design/orders.md: "After the write" in "The write
 * protocol", and "The workflow"): what the workflow waits for next (its plan), and the callback
 * token it waits with. Step Functions is only the alarm clock: the transaction item is the truth,
 * so every answer here is computed from it.
 *
 * Exactly one side answers each token: `save-task-token` stores it only while the order is still at
 * the version the plan was made for (`version = :awaitingVersion`), else it answers it itself; the
 * engine answers a stored token after every committed write that moved the order past that version
 * (`settleTaskToken`), and then removes it only if it is still the same token.
 */
import { SendTaskFailureCommand, SendTaskSuccessCommand } from '@aws-sdk/client-sfn';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type PlanSettings, plan, timerSettingsFromEnv } from '../../../shared/process/deadlines';
import type { ProcessState } from '../../../shared/process/graph';
import { dynamo, sfn, tableName } from '../../lib/aws';
import { reportError } from '../../lib/observability';
import { keys } from '../../lib/table-design';
import { isConditionFailure } from '../../lib/writes';
import type { TransactionRecord } from '../record';

/** The error name the ASL catches to end an order's execution (`Catch: Order.Closed → Done`). */
export const ORDER_CLOSED = 'Order.Closed';

/** Thrown by the Plan and FireTimer tasks when the order needs no more timers; Lambda reports it by name. */
export class OrderClosedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = ORDER_CLOSED;
  }
}

/** The state output of Plan, FireTimer and a woken Await: exactly what the next Await needs. */
export interface WorkflowPlan {
  transactionId: string;
  state: ProcessState;
  version: number;
  /** Whole seconds ≥ 1: the Await's `TimeoutSecondsPath`. */
  waitSeconds: number;
}

/** The plan settings of this deployment: VELO_TIMER_SCALE, VELO_TIMER_OVERRIDES, ORDER_TIMER_MAX_WAIT_SECONDS. */
export function workflowSettings(overrides: PlanSettings = {}): PlanSettings {
  const env = timerSettingsFromEnv(process.env);
  return {
    ...env,
    ...overrides,
    ...(overrides.maxWaitSeconds === undefined && env.maxWaitSeconds !== undefined
      ? { maxWaitSeconds: env.maxWaitSeconds }
      : {}),
  };
}

/**
 * What the order's workflow waits for next, or undefined when it is closed: a missing order, a
 * terminal state, or a state without a timer (enquiry: a later request-payment-after-enquiry starts
 * a new execution). Only the four fields the ASL passes on.
 */
export function nextWait(
  tx: TransactionRecord | undefined,
  now: Date,
  settings: PlanSettings,
): WorkflowPlan | undefined {
  if (!tx) return undefined;
  const next = plan(tx, now, settings);
  if (next.closed || next.transition === undefined) return undefined;
  return {
    transactionId: next.transactionId,
    state: next.state,
    version: next.version,
    waitSeconds: next.waitSeconds,
  };
}

/** Why an order's workflow ends (the Cause of `Order.Closed`). */
export function closedCause(transactionId: string, tx: TransactionRecord | undefined): string {
  return tx
    ? `Order ${transactionId} is ${tx.state}: no timer runs`
    : `Order ${transactionId} does not exist`;
}

/** Errors of SendTask* for a token that is no longer waited on: nothing to answer. */
const staleTokenErrors = new Set(['TaskTimedOut', 'InvalidToken', 'TaskDoesNotExist']);

export function isStaleTokenError(error: unknown): boolean {
  return staleTokenErrors.has((error as { name?: string } | undefined)?.name ?? '');
}

/**
 * Answers a waiting Await: SendTaskSuccess with the plan, or SendTaskFailure `Order.Closed` when the
 * order is closed. 'stale' when the token is no longer waited on (TaskTimedOut, InvalidToken,
 * TaskDoesNotExist). Other errors are thrown.
 */
export async function answerTaskToken(
  taskToken: string,
  answer: { plan: WorkflowPlan } | { closed: string },
): Promise<'answered' | 'stale'> {
  try {
    if ('plan' in answer) {
      await sfn().send(new SendTaskSuccessCommand({ taskToken, output: JSON.stringify(answer.plan) }));
    } else {
      await sfn().send(new SendTaskFailureCommand({ taskToken, error: ORDER_CLOSED, cause: answer.closed }));
    }
    return 'answered';
  } catch (error) {
    if (isStaleTokenError(error)) return 'stale';
    throw error;
  }
}

/** Whether the engine answers task tokens by default: in a deployment that has the order workflow. */
export function taskTokenAnsweringEnabled(): boolean {
  return Boolean(process.env.ORDER_STATE_MACHINE_ARN);
}

/**
 * After a committed write (the engine): if `tx` holds a task token waiting on an older version,
 * answer it with the plan of `tx` (or `Order.Closed`), then REMOVE it if it is still the same token.
 * Never throws: the transition has committed; an unanswered token only delays the workflow until its
 * Await times out, and FireTimer then plans from the current order. Returns `tx` as it now stands.
 */
export async function settleTaskToken(
  tx: TransactionRecord,
  now: Date,
  settings: PlanSettings,
): Promise<TransactionRecord> {
  const token = tx.taskToken;
  if (!token || (tx.awaitingVersion !== undefined && tx.awaitingVersion >= tx.version)) return tx;
  try {
    const next = nextWait(tx, now, settings);
    await answerTaskToken(token, next ? { plan: next } : { closed: closedCause(tx.id, tx) });
  } catch (error) {
    await reportError(error, { task: 'settle-task-token', transactionId: tx.id });
    return tx;
  }
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.transaction(tx.id),
        UpdateExpression: 'REMOVE taskToken, awaitingVersion',
        ConditionExpression: 'taskToken = :t',
        ExpressionAttributeValues: { ':t': token },
      }),
    );
  } catch (error) {
    // A newer Await saved its own token meanwhile: that one stays.
    if (!isConditionFailure(error))
      await reportError(error, { task: 'settle-task-token', transactionId: tx.id });
    return tx;
  }
  const { taskToken: _token, awaitingVersion: _version, ...settled } = tx;
  return settled;
}
