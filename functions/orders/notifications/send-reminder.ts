import type { TransactionRecord } from '../record';
import { type ReminderDueItem, reminders } from './reminders';
import { partiesOf, type SendOutcome, sendOnce } from './send';

/**
 * The sweeper's part: sends the reminder of `item` if `tx` is still in the reminder's state (at most
 * once per order and reminder, respecting the recipient's preference). `stale` when the order moved on.
 */
export async function sendReminder(
  item: ReminderDueItem,
  tx: TransactionRecord | undefined,
  now: Date,
): Promise<SendOutcome | 'stale'> {
  const reminder = reminders[item.reminder];
  if (!reminder || !tx || tx.state !== reminder.state) return 'stale';
  return sendOnce(tx, `reminder-${item.reminder}`, reminder.mail, await partiesOf(tx), { now });
}
