/**
 * The (state, role) → UI mapping (§4): inbox labels, whether a transaction shows in the inbox,
 * whether a party has to act, provider notifications, the breakdown's total label and the action
 * buttons. Texts are the Sharetribe product template's English ones.
 */
import { type ProcessState, type Role, type TransitionName, transitionsTo } from './graph';

type RoleLabels = Record<Role, string>;
const same = (label: string): RoleLabels => ({ customer: label, provider: label });

/** Inbox state label per role. */
export const stateLabels: Record<ProcessState, RoleLabels> = {
  initial: same('Initiated'),
  enquiry: same('Enquiry'),
  'pending-payment': same('Pending payment'),
  'payment-expired': same('Payment expired'),
  purchased: same('Waiting for delivery'),
  delivered: { customer: 'Mark as received', provider: 'Delivered' },
  disputed: same('Disputed'),
  received: same('Waiting for review'),
  completed: same('Waiting for review'),
  // The reviewer has given a review ("In review"); the other party still needs to.
  'reviewed-by-customer': { customer: 'In review', provider: 'Waiting for review' },
  'reviewed-by-provider': { customer: 'Waiting for review', provider: 'In review' },
  reviewed: same('Completed'),
  canceled: same('Canceled'),
};

export function stateLabel(state: ProcessState, role: Role): string {
  return stateLabels[state][role];
}

/** One-line explanation under a label, from the spec's wording of the states. */
export const stateDescriptions: Partial<Record<ProcessState, RoleLabels>> = {
  'pending-payment': same('The buyer has 15 minutes to confirm the payment.'),
  purchased: {
    customer: 'Waiting for the seller to ship the item.',
    provider: 'Ship the item and give a tracking number within 5 days of purchase.',
  },
  delivered: {
    customer: 'The seller marked the item shipped. Mark it received once it arrives.',
    provider: 'You marked the item shipped. Waiting for the buyer to receive it.',
  },
  received: same('Waiting for review.'),
  completed: same('Waiting for review.'),
};

/** States not shown in the inbox: payment-expired (§4). */
export const statesHiddenFromInbox: readonly ProcessState[] = ['payment-expired'];

export function isRelevantForInbox(state: ProcessState): boolean {
  return !statesHiddenFromInbox.includes(state);
}

/**
 * Provider notifications ("sales needing action") are the transitions leading to `purchased` (§4):
 * a sale whose last transition is one of these counts in the notification badge.
 */
export const providerNotificationTransitions: readonly string[] = transitionsTo('purchased').map(
  (tr) => tr.name,
);

export function providerNeedsAction(lastTransition: string | undefined): boolean {
  return lastTransition !== undefined && providerNotificationTransitions.includes(lastTransition);
}

/** Whether a party is expected to act in a state (shown emphasised in the inbox). */
export function needsAction(state: ProcessState, role: Role): boolean {
  switch (state) {
    case 'pending-payment':
      return role === 'customer';
    case 'purchased':
      return role === 'provider';
    case 'delivered':
      return role === 'customer';
    case 'completed':
      return true;
    case 'reviewed-by-customer':
      return role === 'provider';
    case 'reviewed-by-provider':
      return role === 'customer';
    default:
      return false;
  }
}

/** States after the item was received: the seller has been paid. */
const paidOutStates: readonly ProcessState[] = [
  'received',
  'completed',
  'reviewed-by-customer',
  'reviewed-by-provider',
  'reviewed',
];

/**
 * The label of the total in the order breakdown (§4): customers always see "Total price"; providers
 * see "You made" once received (received and completed, and the review states that follow them),
 * "Total price" when canceled, and "You'll make" otherwise.
 */
export function totalLabel(state: ProcessState, role: Role): string {
  if (role === 'customer') return 'Total price';
  if (paidOutStates.includes(state)) return 'You made';
  if (state === 'canceled') return 'Total price';
  return "You'll make";
}

/** Labels of the buttons a party presses (§2 order/sale page actions). */
export const actionLabels: Partial<Record<TransitionName, string>> = {
  'mark-delivered': 'Mark shipped',
  'mark-received-from-purchased': 'Mark received',
  'mark-received': 'Mark received',
  dispute: 'Dispute order',
  cancel: 'Cancel order',
  'review-1-by-customer': 'Leave review',
  'review-1-by-provider': 'Leave review',
  'review-2-by-customer': 'Leave review',
  'review-2-by-provider': 'Leave review',
};

/** Errors shown when an action fails (§8: refresh and retry). */
export const actionErrors: Partial<Record<TransitionName, string>> = {
  'mark-delivered': 'Oops, failed to mark the order as shipped. Please refresh the page and try again.',
  'mark-received-from-purchased':
    'Oops, failed to mark the order as received. Please refresh the page and try again.',
  'mark-received': 'Oops, failed to mark the order as received. Please refresh the page and try again.',
  dispute: 'Oops, dispute action failed. Please refresh the page and try again.',
  'review-1-by-customer': 'Oops, failed to leave a review. Please refresh the page and try again.',
  'review-1-by-provider': 'Oops, failed to leave a review. Please refresh the page and try again.',
  'review-2-by-customer': 'Oops, failed to leave a review. Please refresh the page and try again.',
  'review-2-by-provider': 'Oops, failed to leave a review. Please refresh the page and try again.',
};

/** Activity feed line for a transition (Sharetribe product template texts). */
export function activityMessage(
  transition: string,
  options: { shipping?: boolean } = {},
): string | undefined {
  switch (transition) {
    case 'confirm-payment':
      return 'The order was placed.';
    case 'mark-delivered':
      return options.shipping ? 'The order was marked as shipped.' : 'The order was marked as delivered.';
    case 'mark-received':
    case 'mark-received-from-purchased':
    case 'mark-received-from-disputed':
    case 'auto-mark-received':
      return 'The order was marked as received.';
    case 'dispute':
      return 'The order was marked as disputed.';
    case 'cancel':
    case 'auto-cancel':
    case 'cancel-from-disputed':
    case 'auto-cancel-from-disputed':
      return 'The order was canceled.';
    default:
      return undefined;
  }
}
