import { isDue, type PlanSettings } from '../../../shared/process/deadlines';
import { loggedHandler } from '../../lib/lambda-handler';
import { fireTimer } from '../engine';
import { retryMoney } from '../money-retry';
import type { TransactionRecord } from '../record';
import { getTransaction } from '../repository';
import { closedCause, nextWait, OrderClosedError, type WorkflowPlan, workflowSettings } from './wait-plan';

export type FireOutcome = 'fired' | 'already-moved' | 'not-due';

/**
 * Fires the order's timer if its deadline (`tx.deadline`, the truth) is due: `engine.fireTimer` with
 * the system actor and the version read, a conditional write that loses cleanly to any transition that
 * committed first. Used by the FireTimer task and the sweeper alike. Returns the order as it now stands.
 */
export async function fireDueTimer(
  tx: TransactionRecord,
  now: Date,
  settings: PlanSettings,
): Promise<{ outcome: FireOutcome; transaction: TransactionRecord | undefined }> {
  if (!tx.deadline || !isDue(tx.deadline, now)) return { outcome: 'not-due', transaction: tx };
  if (tx.moneyOp?.op === 'payout') {
    // A payout holds the order (the customer's mark-received): finish it instead of waiting on it.
    await retryMoney(tx.id, now, settings);
    return { outcome: 'already-moved', transaction: await getTransaction(tx.id) };
  }
  const result = await fireTimer(tx.id, tx.deadline.transition, {
    expectedVersion: tx.version,
    now,
    timers: settings,
  });
  return result.outcome === 'fired'
    ? result
    : { outcome: result.outcome, transaction: await getTransaction(tx.id) };
}

/**
 * How long to wait before trying a due timer again that could not fire (a money operation holds the
 * order: `transition-in-progress`): one minute scaled, at least 1 s. The write that releases the
 * order answers the Await sooner.
 */
export function blockedRetrySeconds(settings: PlanSettings): number {
  return Math.max(1, Math.ceil(60 * (settings.scale ?? 1)));
}

/**
 * Task `FireTimer` (after the Await timed out): fires the timer if it is due — not yet due after a
 * wait capped by ORDER_TIMER_MAX_WAIT_SECONDS, or already moved by a user: nothing is written — and
 * returns the plan of the order as it now stands, or throws `Order.Closed` (→ `Done`).
 */
async function fireTimerTask(input: { transactionId: string; version?: number }): Promise<WorkflowPlan> {
  const now = new Date();
  const settings = workflowSettings();
  let tx = await getTransaction(input.transactionId);
  if (tx) tx = (await fireDueTimer(tx, now, settings)).transaction;
  const next = nextWait(tx, now, settings);
  if (!next) throw new OrderClosedError(closedCause(input.transactionId, tx));
  // Still due after a try: blocked (money lock); don't spin every second.
  if (tx?.deadline && isDue(tx.deadline, now) && tx.moneyOp) {
    return { ...next, waitSeconds: Math.max(next.waitSeconds, blockedRetrySeconds(settings)) };
  }
  return next;
}

/** The Lambda entry: each invocation logs with its own keys (functions/lib/logger.ts). */
export const handler = loggedHandler(fireTimerTask, (input) => ({ transactionId: input.transactionId }));
