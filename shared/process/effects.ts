/**
 * What each transition of the graph does besides changing the state (§4; docs/design/orders.md,
 * "The write protocol"): stock, money, the review window, the e-mails and which party asks for it
 * on the privileged route. Declared once, per transition and for every effect, so a new transition
 * cannot be added without deciding each; the engine, the money hooks, the mail plan, the labels and
 * the routes read the named sets below instead of keeping their own lists.
 */
import { type ProcessState, type Role, type TransitionName, transitions } from './graph';

/** Why the customer's money goes back (the RefundIssued event's `reason`). */
export type RefundReason = 'canceled' | 'auto-canceled' | 'dispute-canceled' | 'payment-expired';

/** Who an order e-mail goes to: a party or the marketplace operator. */
export type MailRecipient = Role | 'operator';

/** The e-mails transitions send (functions/orders/notifications/templates.ts has one template each). */
export type TransitionMailTemplate =
  | 'new-order'
  | 'order-confirmed'
  | 'payment-expired'
  | 'shipped'
  | 'received'
  | 'canceled'
  | 'dispute-opened'
  | 'review-request'
  | 'reviews-published';

export interface TransitionMail {
  template: TransitionMailTemplate;
  to: MailRecipient;
}

export interface TransitionEffects {
  /** Prices the order on the listing and reserves its stock. */
  reservesStock: boolean;
  /** Creates the customer's payment: a zero pay-in or payout is refused. */
  chargesCustomer: boolean;
  /** Gives the reserved stock back: the order ends without a sale. */
  releasesStock: boolean;
  /** Captures the customer's payment before the write (money first). */
  capturesPayment: boolean;
  /** Gives the customer's money back after the write, with this reason; false when it does not. */
  refunds: RefundReason | false;
  /** Pays the seller before the write, under the money lock (a zero payout is refused). */
  paysOut: boolean;
  /** Opens the review window: both parties are asked for a review. */
  opensReviewWindow: boolean;
  /** Publishes the reviews written so far. */
  publishesReviews: boolean;
  /** The e-mails sent once it committed, in this order. */
  mails: readonly TransitionMail[];
  /** The party that asks for it on the privileged route (/api/transition-privileged); false: nobody. */
  privilegedFor: Role | false;
}

const none: TransitionEffects = {
  reservesStock: false,
  chargesCustomer: false,
  releasesStock: false,
  capturesPayment: false,
  refunds: false,
  paysOut: false,
  opensReviewWindow: false,
  publishesReviews: false,
  mails: [],
  privilegedFor: false,
};

const both = (template: TransitionMailTemplate): TransitionMail[] => [
  { template, to: 'customer' },
  { template, to: 'provider' },
];

/** The order ends unsold: the stock goes back and so does the money (voided or refunded). */
const endsUnsold = (refunds: RefundReason, mails: readonly TransitionMail[]): TransitionEffects => ({
  ...none,
  releasesStock: true,
  refunds,
  mails,
});

/** Into `received`: the seller is paid out first; both are told. */
const received: TransitionEffects = { ...none, paysOut: true, mails: both('received') };

/** Into `reviewed`: the reviews are published; both are told. */
const reviewed: TransitionEffects = { ...none, publishesReviews: true, mails: both('reviews-published') };

/**
 * Every transition's effects. The customer is refunded in full on every cancel path; the seller is
 * paid on every path into `received`; the enquiry mail waits for the buyer's question
 * (functions/orders/notifications/stream.ts), so `enquire` itself mails nobody.
 */
export const transitionEffects: Record<TransitionName, TransitionEffects> = {
  enquire: none,
  // Initiate reserves the stock in the write that creates the order (functions/orders/repository.ts).
  'request-payment': { ...none, reservesStock: true, chargesCustomer: true },
  'request-payment-after-enquiry': {
    ...none,
    reservesStock: true,
    chargesCustomer: true,
    privilegedFor: 'customer',
  },
  'expire-payment': endsUnsold('payment-expired', [{ template: 'payment-expired', to: 'customer' }]),
  'cancel-payment': endsUnsold('canceled', [{ template: 'payment-expired', to: 'customer' }]),
  'confirm-payment': {
    ...none,
    capturesPayment: true,
    mails: [
      { template: 'new-order', to: 'provider' },
      { template: 'order-confirmed', to: 'customer' },
    ],
    privilegedFor: 'customer',
  },
  'mark-delivered': { ...none, mails: [{ template: 'shipped', to: 'customer' }] },
  'mark-received-from-purchased': { ...received, privilegedFor: 'customer' },
  'auto-cancel': endsUnsold('auto-canceled', both('canceled')),
  cancel: { ...endsUnsold('canceled', both('canceled')), privilegedFor: 'customer' },
  'mark-received': { ...received, privilegedFor: 'customer' },
  'auto-mark-received': received,
  dispute: { ...none, mails: [...both('dispute-opened'), { template: 'dispute-opened', to: 'operator' }] },
  'auto-cancel-from-disputed': endsUnsold('dispute-canceled', both('canceled')),
  'cancel-from-disputed': endsUnsold('dispute-canceled', both('canceled')),
  'mark-received-from-disputed': received,
  'auto-complete': { ...none, opensReviewWindow: true, mails: both('review-request') },
  'expire-review-period': reviewed,
  'review-1-by-customer': none,
  'review-1-by-provider': none,
  'review-2-by-provider': reviewed,
  'expire-provider-review-period': reviewed,
  'review-2-by-customer': reviewed,
  'expire-customer-review-period': reviewed,
};

/** The effects of transition `name`; an unknown name has none. */
export function effectsOf(name: string): TransitionEffects {
  // Own keys only: a name such as `constructor` is not a transition.
  return (Object.hasOwn(transitionEffects, name) && transitionEffects[name as TransitionName]) || none;
}

const namesWhere = (has: (effects: TransitionEffects) => boolean): readonly TransitionName[] =>
  transitions.map((tr) => tr.name).filter((name) => has(effectsOf(name)));

/** Transitions that price the order and reserve its stock. */
export const stockReservingTransitions = namesWhere((e) => e.reservesStock);
/** Transitions that create the customer's payment. */
export const chargingTransitions = namesWhere((e) => e.chargesCustomer);
/** Transitions that give the reserved stock back (the order ends without a sale). */
export const stockReleasingTransitions = namesWhere((e) => e.releasesStock);
/** Transitions that give the customer's money back. */
export const refundingTransitions = namesWhere((e) => e.refunds !== false);
/** Transitions that pay the seller (into `received`). */
export const payoutTransitions = namesWhere((e) => e.paysOut);
/** Transitions a party asks for on the privileged route (the rest of theirs go through /transition). */
export const privilegedPartyTransitions = namesWhere((e) => e.privilegedFor !== false);

/** The RefundIssued reason of a refunding transition, or undefined when it refunds nothing. */
export function refundReasonOf(name: string): RefundReason | undefined {
  return effectsOf(name).refunds || undefined;
}

export function reservesStock(name: string): boolean {
  return effectsOf(name).reservesStock;
}

export function releasesStock(name: string): boolean {
  return effectsOf(name).releasesStock;
}

export function chargesCustomer(name: string): boolean {
  return effectsOf(name).chargesCustomer;
}

export function capturesPayment(name: string): boolean {
  return effectsOf(name).capturesPayment;
}

export function paysOut(name: string): boolean {
  return effectsOf(name).paysOut;
}

/** Whether `role` asks for `name` on the privileged route. */
export function isPrivilegedFor(name: string, role: Role): boolean {
  return effectsOf(name).privilegedFor === role;
}

/** The e-mails transition `name` sends once committed (none for an unknown name). */
export function mailsOf(name: string): readonly TransitionMail[] {
  return effectsOf(name).mails;
}

/** States reached only after the seller was paid (the targets of the payouts and what follows them). */
export const paidOutStates: readonly ProcessState[] = (() => {
  const reached = new Set<ProcessState>();
  const next = transitions.filter((tr) => payoutTransitions.includes(tr.name)).map((tr) => tr.to);
  while (next.length) {
    const state = next.pop()!;
    if (reached.has(state)) continue;
    reached.add(state);
    next.push(...transitions.filter((tr) => tr.from === state).map((tr) => tr.to));
  }
  return [...reached];
})();
