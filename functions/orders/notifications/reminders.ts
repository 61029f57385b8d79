/**
 * Reminder e-mails, kept as due items of kind `reminder` beside the order timers
 * (`DUE#<shard>` / `<dueAt>#<txId>#reminder`): the engine Puts one in the TransactWrite of the
 * transition that enters `purchased` (ship reminder to the seller, 3 days after purchase) or
 * `delivered` (report-a-problem reminder to the buyer, 1 day before the report window closes: for a
 * shipped order 12 days after it was marked shipped (10 days' transit + 3 days), for a pickup 2 days
 * after the hand-over). The deadline sweeper (functions/orders/workflow/sweep-due.ts) sends the reminder
 * if the order is still in that state, and deletes the item either way: an order that moved on
 * simply loses its reminder when it falls due. Durations are scaled like the timers (VELO_TIMER_SCALE);
 * VELO_TIMER_OVERRIDES may set `ship-reminder` / `report-problem-reminder` to milliseconds after
 * entering the state (the e2e stack does, so a reminder arrives within the journey).
 * No e-mail code here (the engine imports this): sending is ./send-reminder.ts.
 */
import { DAY_MS } from '../../../shared/config/constants';
import {
  deadlineFor,
  type ReminderTimerName,
  scaledMs,
  type TimerSettings,
} from '../../../shared/process/deadlines';
import type { ProcessState, TimedOrder } from '../../../shared/process/graph';
import { tableName } from '../../lib/aws';
import { keys } from '../../lib/table-design';
import type { TransactionRecord } from '../record';
import type { TransactItem } from '../repository';
import type { PlannedMail } from './decide';

export type ReminderKind = 'ship' | 'report-problem';

/** A `DUE#…` item of kind `reminder`. */
export interface ReminderDueItem {
  PK: string;
  SK: string;
  entity: 'due';
  kind: 'reminder';
  transactionId: string;
  dueAt: string;
  reminder: ReminderKind;
  /** The state the order must still be in for the reminder to go. */
  state: ProcessState;
}

export const reminders: Record<ReminderKind, { state: ProcessState; mail: PlannedMail }> = {
  ship: { state: 'purchased', mail: { template: 'ship-reminder', to: 'provider' } },
  'report-problem': { state: 'delivered', mail: { template: 'report-problem-reminder', to: 'customer' } },
};

const timerNameOf = (reminder: ReminderKind): ReminderTimerName => `${reminder}-reminder`;

/**
 * When the reminders of entering `to` at `now` fall due: ship 3 days (scaled) after purchase;
 * report-a-problem 1 day (scaled) before the order's auto-mark-received deadline (12 days after a
 * shipped order was marked shipped, 2 days after a pickup's hand-over; never before delivered when a
 * test overrides that timer). An override of the reminder itself
 * counts from entering the state.
 */
export function remindersFor(
  to: ProcessState,
  entered: Partial<Record<ProcessState, string>>,
  now: Date,
  timers: TimerSettings,
  order: TimedOrder = {},
): { reminder: ReminderKind; dueAt: Date }[] {
  const since = Date.parse(entered[to] ?? now.toISOString());
  const overridden = (reminder: ReminderKind) => {
    const ms = timers.overrides?.[timerNameOf(reminder)];
    return ms === undefined ? undefined : [{ reminder, dueAt: new Date(since + ms) }];
  };
  if (to === 'purchased') {
    return (
      overridden('ship') ?? [{ reminder: 'ship', dueAt: new Date(since + scaledMs(3 * DAY_MS, timers)) }]
    );
  }
  if (to === 'delivered') {
    const closes = deadlineFor(
      'delivered',
      { ...entered, delivered: new Date(since).toISOString() },
      timers,
      order,
    );
    const end = closes ? closes.dueAt.getTime() : since + scaledMs(3 * DAY_MS, timers);
    const dueAt = new Date(Math.max(since, end - scaledMs(DAY_MS, timers)));
    return overridden('report-problem') ?? [{ reminder: 'report-problem', dueAt }];
  }
  return [];
}

export function reminderDueItem(transactionId: string, reminder: ReminderKind, dueAt: Date): ReminderDueItem {
  const at = dueAt.toISOString();
  return {
    ...keys.due(transactionId, at, 'reminder'),
    entity: 'due',
    kind: 'reminder',
    transactionId,
    dueAt: at,
    reminder,
    state: reminders[reminder].state,
  };
}

/** The engine's hook: the Puts of the reminder due items of the transition entering `to`. */
export function reminderItemsFor(
  to: ProcessState,
  tx: Pick<TransactionRecord, 'id' | 'entered' | 'orderData'>,
  now: Date,
  timers: TimerSettings,
): TransactItem[] {
  const entered = { ...tx.entered, [to]: tx.entered[to] ?? now.toISOString() };
  return remindersFor(to, entered, now, timers, tx.orderData).map(({ reminder, dueAt }) => ({
    Put: { TableName: tableName(), Item: { ...reminderDueItem(tx.id, reminder, dueAt) } },
  }));
}

export function isReminderDueItem(item: { kind?: string }): item is ReminderDueItem {
  return item.kind === 'reminder';
}
