/**
 * The (state, role, delivery method) → UI mapping (§4): the status label of the order and
 * sale pages, the inbox badges and the e-mail subjects, the line under it, whether a transaction
 * shows in the inbox, whether a party has to act, provider notifications, the breakdown's total
 * label and the action buttons. Status labels describe where the order is, never what to press
 * (the buttons say that); a label may carry the running deadline's date (`{date}`).
 *
 * Deviation from spec §4's label list (docs/decisions.md "Orders two strangers can finish"):
 * purchased reads "Waiting for the seller to ship" / "Ship by <date>" (pickup: "Ready for pickup" /
 * "Hand over by <date>") instead of "waiting for delivery", and delivered "On its way" / "Shipped"
 * (pickup: "Picked up") instead of "delivered" and the buyer's "mark as received".
 */
import type { DeliveryMethod } from '../config/listing-fields';
import { paidOutStates, paysOut } from './effects';
import { getTransition, type ProcessState, type Role, type TransitionName, transitionsTo } from './graph';

/** What of an order its wording depends on: the state and how it reaches the buyer. */
export interface OrderStatus {
  state: ProcessState;
  /** Pickup or shipping; an enquiry has none yet (worded as shipping). */
  deliveryMethod?: DeliveryMethod | undefined;
}

/** A label and the line under it; `{date}` in the label stands for the running deadline. */
export interface StatusCopy {
  label: string;
  /** The label when the deadline is unknown (a label with `{date}` must never show without one). */
  undated?: string;
  description?: string;
}

type RoleCopy = Record<Role, StatusCopy>;
type DeliveryCopy = Record<DeliveryMethod, RoleCopy>;

const same = (label: string, description?: string): RoleCopy => ({
  customer: { label, ...(description ? { description } : {}) },
  provider: { label, ...(description ? { description } : {}) },
});

const reviewWindow =
  'You have 7 days; reviews are published when you have both reviewed, or when the 7 days end.';
/** Received (and at once completed): the order is done, both can review. */
const reviewNow: RoleCopy = {
  customer: { label: 'Waiting for review', description: `Leave a review of the seller. ${reviewWindow}` },
  provider: { label: 'Waiting for review', description: `Leave a review of the buyer. ${reviewWindow}` },
};

const statusTable: Record<ProcessState, RoleCopy | DeliveryCopy> = {
  initial: same('Initiated'),
  enquiry: same('Enquiry'),
  // The buyer reaches this page with an unfinished payment (a card authentication abandoned, a PayPal
  // window closed): what to do, since the page has no way to finish it; the deadline is beside the
  // Cancel payment button.
  'pending-payment': {
    customer: {
      label: 'Pending payment',
      description:
        'Your payment is not complete. Finish it in the checkout if it is still open, or cancel it here. You have not been charged.',
    },
    provider: { label: 'Pending payment', description: 'The buyer has 15 minutes to confirm the payment.' },
  },
  'payment-expired': same(
    'Payment expired',
    'The payment was canceled or not completed in time, so the order was not placed. Nothing was charged.',
  ),
  purchased: {
    shipping: {
      customer: {
        label: 'Waiting for the seller to ship',
        description: 'The seller ships the item and adds a tracking number within 5 days of your purchase.',
      },
      provider: {
        label: 'Ship by {date}',
        undated: 'Waiting for you to ship',
        description: 'Ship the item to the address below and add the carrier and tracking number.',
      },
    },
    pickup: {
      customer: {
        label: 'Ready for pickup',
        description:
          'Collect the item at the pickup address below. Agree on a time with the seller in the messages.',
      },
      provider: {
        label: 'Hand over by {date}',
        undated: 'Waiting for the hand-over',
        description:
          'The buyer collects the item from your pickup address. Mark it handed over once they have it.',
      },
    },
  },
  delivered: {
    shipping: {
      customer: {
        label: 'On its way',
        description:
          'The seller has shipped the item. Mark it received once it arrives, or report a problem.',
      },
      provider: {
        label: 'Shipped',
        description: 'You shipped the item. You are paid when the buyer marks it received.',
      },
    },
    pickup: {
      customer: {
        label: 'Picked up',
        description: 'The seller handed the item over. Mark it received, or report a problem.',
      },
      provider: {
        label: 'Picked up',
        description: 'You handed the item over. You are paid when the buyer marks it received.',
      },
    },
  },
  disputed: same(
    'Problem reported',
    'The marketplace is looking into the problem and will contact you both.',
  ),
  received: reviewNow,
  completed: reviewNow,
  // The reviewer has given a review ("In review"); the other party still needs to.
  'reviewed-by-customer': { customer: { label: 'In review' }, provider: { label: 'Waiting for review' } },
  'reviewed-by-provider': { customer: { label: 'Waiting for review' }, provider: { label: 'In review' } },
  reviewed: same('Completed'),
  canceled: same('Canceled'),
};

function isDeliveryCopy(copy: RoleCopy | DeliveryCopy): copy is DeliveryCopy {
  return 'shipping' in copy;
}

/** The wording of an order's status for `role` (shipping wording when no delivery method is known). */
export function statusCopy(order: OrderStatus, role: Role): StatusCopy {
  const copy = statusTable[order.state];
  return isDeliveryCopy(copy) ? copy[order.deliveryMethod ?? 'shipping'][role] : copy[role];
}

/**
 * The status label for `role`, with the running deadline (`dueAt`) written by `formatDate` (the
 * browser's local date on pages, a UTC date in e-mails).
 */
export function statusLabel(
  order: OrderStatus & { deadline?: { dueAt: string } | undefined },
  role: Role,
  formatDate: (date: Date) => string,
): string {
  const copy = statusCopy(order, role);
  if (!copy.label.includes('{date}')) return copy.label;
  const due = order.deadline ? new Date(order.deadline.dueAt) : undefined;
  if (!due || Number.isNaN(due.getTime())) return copy.undated ?? copy.label.replace(' {date}', '');
  return copy.label.replace('{date}', formatDate(due));
}

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

/** Labels of the buttons a party presses (§2 order/sale page actions); see `actionLabel` for pickups. */
export const actionLabels: Partial<Record<TransitionName, string>> = {
  'mark-delivered': 'Mark shipped',
  'mark-received-from-purchased': 'Mark received',
  'mark-received': 'Mark received',
  dispute: 'Report a problem',
  cancel: 'Cancel order',
  'cancel-payment': 'Cancel payment',
  'review-1-by-customer': 'Leave review',
  'review-1-by-provider': 'Leave review',
  'review-2-by-customer': 'Leave review',
  'review-2-by-provider': 'Leave review',
};

/** The button of `name` for an order delivered by `deliveryMethod` (a pickup is handed over, not shipped). */
export function actionLabel(name: TransitionName, deliveryMethod?: DeliveryMethod): string | undefined {
  if (name === 'mark-delivered' && deliveryMethod === 'pickup') return 'Mark handed over';
  return actionLabels[name];
}

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
  if (transition === 'confirm-payment') return 'The order was placed.';
  if (transition === 'mark-delivered') {
    return options.shipping ? 'The order was marked as shipped.' : 'The item was handed over.';
  }
  if (transition === 'dispute') return 'The order was marked as disputed.';
  // Every path into received (each pays the seller out) and every path into canceled: one line each.
  if (paysOut(transition)) return 'The order was marked as received.';
  if (getTransition(transition)?.to === 'canceled') return 'The order was canceled.';
  return undefined;
}
