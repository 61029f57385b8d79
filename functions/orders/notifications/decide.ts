/**
 * Which e-mails a transition calls for (issue 9), as data: the stream consumer
 * (functions/orders/notifications/stream.ts) asks this for every new version of a transaction.
 * Pure, so it is unit-tested on its own.
 */
import type { TransitionName } from '../../../shared/process/graph';
import type { MailRole, TemplateName } from './templates';

export interface PlannedMail {
  template: TemplateName;
  to: MailRole;
}

const both = (template: TemplateName): PlannedMail[] => [
  { template, to: 'customer' },
  { template, to: 'provider' },
];

/** Every cancel path of a paid order: the buyer is refunded in full. */
const cancelTransitions: readonly TransitionName[] = [
  'cancel',
  'auto-cancel',
  'cancel-from-disputed',
  'auto-cancel-from-disputed',
];

/** Every path into `received`: the seller is paid out. */
const receivedTransitions: readonly TransitionName[] = [
  'mark-received',
  'mark-received-from-purchased',
  'auto-mark-received',
  'mark-received-from-disputed',
];

/** Every path into `reviewed`: the reviews are published. */
const reviewedTransitions: readonly TransitionName[] = [
  'review-2-by-provider',
  'review-2-by-customer',
  'expire-review-period',
  'expire-provider-review-period',
  'expire-customer-review-period',
];

/**
 * The mails of transition `name` (the one that made the new version): new order to the seller and
 * order confirmed to the buyer on confirm-payment; payment expired to the buyer (expire-payment, cancel-payment); shipped to the
 * buyer on mark-delivered; received to both; canceled and refunded to both on every cancel path;
 * dispute opened to both and the operator; review requests to both on entering `completed`; reviews
 * published to both on entering `reviewed`. request-payment, the first review and enquire send
 * nothing (the enquiry mail waits for the buyer's question: functions/orders/notifications/stream.ts).
 */
export function mailsForTransition(name: string): PlannedMail[] {
  const transition = name as TransitionName;
  if (transition === 'confirm-payment') {
    return [
      { template: 'new-order', to: 'provider' },
      { template: 'order-confirmed', to: 'customer' },
    ];
  }
  if (transition === 'expire-payment' || transition === 'cancel-payment') {
    return [{ template: 'payment-expired', to: 'customer' }];
  }
  if (transition === 'mark-delivered') return [{ template: 'shipped', to: 'customer' }];
  if (receivedTransitions.includes(transition)) return both('received');
  if (cancelTransitions.includes(transition)) return both('canceled');
  if (transition === 'dispute')
    return [...both('dispute-opened'), { template: 'dispute-opened', to: 'operator' }];
  if (transition === 'auto-complete') return both('review-request');
  if (reviewedTransitions.includes(transition)) return both('reviews-published');
  return [];
}
