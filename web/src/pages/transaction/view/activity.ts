/** The activity feed: each transition told in words, with who took it. */
import type { TransactionView } from '../../../../../shared/api/transactions';
import { orderWindows } from '../../../../../shared/config/constants';
import type { Actor, Role, TransitionName } from '../../../../../shared/process/graph';
import { activityMessage } from '../../../../../shared/process/labels';

/** Lines for the transitions the shared labels leave out (enquiries, payment, reviews). */
const extraActivity: Partial<Record<TransitionName, string>> = {
  enquire: 'An enquiry was sent.',
  'request-payment': 'The order was started.',
  'request-payment-after-enquiry': 'The order was started.',
  'expire-payment': `The payment was not completed in ${orderWindows.paymentMinutes} minutes.`,
  'cancel-payment': 'The payment was canceled.',
  'review-1-by-customer': 'A review was left.',
  'review-1-by-provider': 'A review was left.',
  'review-2-by-customer': 'A review was left.',
  'review-2-by-provider': 'A review was left.',
  'expire-review-period': 'The review period ended.',
  'expire-customer-review-period': 'The review period ended.',
  'expire-provider-review-period': 'The review period ended.',
};

export interface TimelineEntry {
  key: string;
  text: string;
  /** Who took it: "You", the other party's name, "Automatically" (system) or "Marketplace" (operator). */
  by: string;
  at: string;
}

export function actorName(by: Actor, role: Role, otherName: string): string {
  if (by === 'system') return 'Automatically';
  if (by === 'operator') return 'Marketplace';
  return by === role ? 'You' : otherName;
}

export function timelineEntries(
  tx: Pick<TransactionView, 'transitions' | 'orderData'>,
  role: Role,
  otherName: string,
): TimelineEntry[] {
  const shipping = tx.orderData.deliveryMethod === 'shipping';
  const entries: TimelineEntry[] = [];
  tx.transitions.forEach((entry, index) => {
    const text = activityMessage(entry.transition, { shipping }) ?? extraActivity[entry.transition];
    if (!text) return; // auto-complete and the like: nothing to tell
    entries.push({
      key: `${entry.transition}-${index}`,
      text,
      by: actorName(entry.by, role, otherName),
      at: entry.createdAt,
    });
  });
  return entries;
}
