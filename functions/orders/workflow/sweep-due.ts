import { isTerminal } from '../../../shared/process/graph';
import { loggedHandler } from '../../lib/lambda-handler';
import { reportError } from '../../lib/observability';
import { retryMoney } from '../money-retry';
import { isDigestDueItem, sendDigest } from '../notifications/message-mails';
import { isReminderDueItem } from '../notifications/reminders';
import { sendReminder } from '../notifications/send-reminder';
import type { DueItem } from '../record';
import { deleteDueItem, getTransaction, queryAllDueItems, queryLaterMoneyDueItems } from '../repository';
import { fireDueTimer } from './fire-timer';
import { startOrderWorkflow } from './start';
import { recordSweepGauges } from './sweep-gauges';
import { workflowSettings } from './wait-plan';

export interface SweepInput {
  /** Also start the workflow of every open order on the `DUE#` partitions (the local cloud's start). */
  resumeWorkflows?: boolean;
  /** The sweep's clock (ISO), for tests; default now. */
  now?: string;
}

export interface SweepResult {
  /** Timers fired. */
  fired: number;
  /** Workflows started (resumeWorkflows). */
  resumed: number;
  /** Unfinished refunds and payouts tried again. */
  moneyRetried: number;
  /** Reminder e-mails sent (due reminders of orders that moved on are deleted without a mail). */
  reminders: number;
  /** Message digests sent (a digest with nothing new is deleted without a mail). */
  digests: number;
  /** Due items left alone: timers that lost to a transition, stale items, failures. */
  skipped: number;
}

/** How long past its due time a timer is left to the workflow before the sweeper fires it: 10 s × scale, ≥ 1 s. */
export function sweepGraceMs(scale = 1): number {
  return Math.max(1000, Math.round(10_000 * scale));
}

/** Whether a due item still indexes its order's deadline (the engine swaps both in one TransactWrite). */
function indexesDeadline(item: DueItem, tx: { deadline?: { dueKey: { PK: string; SK: string } } }): boolean {
  return tx.deadline?.dueKey.PK === item.PK && tx.deadline.dueKey.SK === item.SK;
}

async function sweepTimer(
  item: DueItem,
  now: Date,
  settings: ReturnType<typeof workflowSettings>,
): Promise<'fired' | 'stale' | 'left'> {
  const tx = await getTransaction(item.transactionId);
  if (!tx || !indexesDeadline(item, tx)) {
    await deleteDueItem(item); // an index entry of no deadline: nothing to fire, ever
    return 'stale';
  }
  return (await fireDueTimer(tx, now, settings)).outcome === 'fired' ? 'fired' : 'left';
}

/**
 * The deadline sweeper (docs/design/orders.md, "The workflow"): the backstop for timers whose
 * workflow was lost or delayed (a restart, a lost token). Queries `DUE#0..3` for due items and
 * fires each timer more than the grace period overdue through the FireTimer code
 * (`engine.fireTimer`: conditional, so racing the workflow is harmless). Money items (after the
 * grace too) finish their refund or payout (`retryMoney`). Reminder items go as soon as due: they
 * send their e-mail if the order is still in that state, and are deleted either way. So do message
 * digests (`sendDigest`): the messages batched in a window, in one mail. With `resumeWorkflows`,
 * then starts the workflow of every open order that has a due item (`startOrderWorkflow`), so
 * tokens exist again; digests do not count (an enquiry has no workflow, and a digest is no deadline
 * of the order). Every run records the gauges of the oldest overdue timer and the oldest unfinished
 * money operation (sweep-gauges.ts), 0 when there is none.
 */
async function sweepDue(input: SweepInput = {}): Promise<SweepResult> {
  const now = input.now ? new Date(input.now) : new Date();
  const settings = workflowSettings();
  const result: SweepResult = {
    fired: 0,
    resumed: 0,
    moneyRetried: 0,
    reminders: 0,
    digests: 0,
    skipped: 0,
  };

  // Reminders and digests go as soon as they are due (nothing else sends them); timers and money
  // items are first left to the workflow for a grace period.
  const leftToWorkflowAfter = now.getTime() - sweepGraceMs(settings.scale);
  const due = await queryAllDueItems(now);
  /** Fired, finished or stale in this run: not counted by the gauges. */
  const settled = new Set<DueItem>();
  for (const item of due) {
    const mail = isReminderDueItem(item) || isDigestDueItem(item);
    if (!mail && Date.parse(item.dueAt) > leftToWorkflowAfter) continue;
    try {
      if (isDigestDueItem(item)) {
        if ((await sendDigest(item, now)) === 'sent') result.digests++;
        continue;
      }
      if (isReminderDueItem(item)) {
        // Sent if the order is still in the reminder's state (once: a marker guards it), then gone.
        const outcome = await sendReminder(item, await getTransaction(item.transactionId), now);
        await deleteDueItem(item);
        if (outcome === 'sent') result.reminders++;
        continue;
      }
      if (item.kind === 'money') {
        const outcome = await retryMoney(item.transactionId, now, settings, { postpone: true });
        if (outcome === 'none') await deleteDueItem(item);
        else result.moneyRetried++;
        if (outcome !== 'pending') settled.add(item);
        continue;
      }
      const outcome = await sweepTimer(item, now, settings);
      if (outcome !== 'left') settled.add(item);
      if (outcome === 'fired') result.fired++;
      else result.skipped++;
    } catch (error) {
      result.skipped++;
      await reportError(error, { task: 'sweep-due', transactionId: item.transactionId });
    }
  }

  // The money operations whose retry was postponed past now are still unfinished: the gauge counts them.
  await queryLaterMoneyDueItems(now)
    .then((later) => recordSweepGauges([...due, ...later], settled, now))
    .catch((error: unknown) => reportError(error, { task: 'sweep-gauges' }));

  if (input.resumeWorkflows) {
    const orders = (await queryAllDueItems()).filter((item) => !isDigestDueItem(item));
    const ids = [...new Set(orders.map((item) => item.transactionId))];
    for (const id of ids) {
      try {
        const tx = await getTransaction(id);
        if (!tx || isTerminal(tx.state)) continue;
        if (await startOrderWorkflow(tx.id, tx.version)) result.resumed++;
      } catch (error) {
        await reportError(error, { task: 'sweep-due', transactionId: id });
      }
    }
  }
  return result;
}

/** The Lambda entry: each invocation logs with its own keys (functions/lib/logger.ts). */
export const handler = loggedHandler(sweepDue);
