/**
 * Versioned event schemas (DESIGN.md "One source of truth": producers, consumers, finance docs).
 * Domain events go on the bus with source `velo.marketplace`, money movements with `velo.finance`.
 * Every amount is Money: integer minor units with a currency. A new incompatible shape is a new
 * version number beside the old one; consumers validate the version they receive.
 */
import { actors, processStates } from '../process/graph';
import { type Infer, s } from './schema';

export const eventSources = { marketplace: 'velo.marketplace', finance: 'velo.finance' } as const;
export type EventSource = (typeof eventSources)[keyof typeof eventSources];

const paymentProvider = s.enum(['stripe', 'paypal'] as const);
const role = s.enum(['customer', 'provider'] as const);
const lineItem = s.object({
  code: s.string({ minLength: 11 }),
  includeFor: s.array(role, { minLength: 1 }),
  quantity: s.optional(s.integer()),
  percentage: s.optional(s.number({ min: -100, max: 100 })),
  unitPrice: s.money(),
  lineTotal: s.money(),
  reversal: s.boolean(),
});

export const eventDefinitions = {
  OrderInitiated: {
    source: eventSources.marketplace,
    versions: {
      1: s.object({
        transactionId: s.id(),
        listingId: s.id(),
        customerId: s.id(),
        providerId: s.id(),
        quantity: s.integer({ min: 1 }),
        deliveryMethod: s.optional(s.enum(['pickup', 'shipping'] as const)),
        paymentMethod: paymentProvider,
        payinTotal: s.money({ sign: 'positive' }),
        payoutTotal: s.money({ sign: 'nonNegative' }),
      }),
    },
  },
  OrderTransitioned: {
    source: eventSources.marketplace,
    versions: {
      1: s.object({
        transactionId: s.id(),
        transition: s.string({ minLength: 1 }),
        from: s.enum(processStates),
        to: s.enum(processStates),
        actor: s.enum(actors),
        userId: s.optional(s.id()),
      }),
    },
  },
  PaymentCaptured: {
    source: eventSources.finance,
    versions: {
      1: s.object({
        transactionId: s.id(),
        customerId: s.id(),
        provider: paymentProvider,
        providerPaymentId: s.id(),
        amount: s.money({ sign: 'positive' }),
        lineItems: s.optional(s.array(lineItem)),
      }),
    },
  },
  RefundIssued: {
    source: eventSources.finance,
    versions: {
      1: s.object({
        transactionId: s.id(),
        customerId: s.id(),
        provider: paymentProvider,
        providerRefundId: s.id(),
        amount: s.money({ sign: 'positive' }),
        reason: s.enum(['canceled', 'auto-canceled', 'dispute-canceled', 'payment-expired'] as const),
      }),
    },
  },
  PayoutScheduled: {
    source: eventSources.finance,
    versions: {
      1: s.object({
        transactionId: s.id(),
        sellerId: s.id(),
        provider: paymentProvider,
        amount: s.money({ sign: 'positive' }),
        scheduledFor: s.optional(s.timestamp()),
      }),
    },
  },
  PayoutDisbursed: {
    source: eventSources.finance,
    versions: {
      1: s.object({
        transactionId: s.id(),
        sellerId: s.id(),
        provider: paymentProvider,
        providerPayoutId: s.id(),
        amount: s.money({ sign: 'positive' }),
      }),
    },
  },
  /**
   * A seller's payout account changed whether it can be paid (Stripe transfers became active or
   * inactive; PayPal onboarded, restricted, offboarded or consent revoked). `payoutReady` is that
   * provider's readiness after the change; `at` is when the provider state was stored.
   */
  PayoutAccountUpdated: {
    source: eventSources.finance,
    versions: {
      1: s.object({
        userId: s.id(),
        provider: paymentProvider,
        payoutReady: s.boolean(),
        at: s.timestamp(),
      }),
    },
  },
  CommissionEarned: {
    source: eventSources.finance,
    versions: {
      1: s.object({
        transactionId: s.id(),
        /** The provider commission's magnitude (the line item is negative). */
        providerCommission: s.money({ sign: 'nonNegative' }),
        customerCommission: s.money({ sign: 'nonNegative' }),
        total: s.money({ sign: 'nonNegative' }),
      }),
    },
  },
  ListingPublished: {
    source: eventSources.marketplace,
    versions: {
      1: s.object({
        listingId: s.id(),
        authorId: s.id(),
        title: s.string({ minLength: 1 }),
        category: s.string({ minLength: 1 }),
        price: s.money({ sign: 'nonNegative' }),
        stock: s.integer({ min: 0 }),
      }),
    },
  },
  ListingClosed: {
    source: eventSources.marketplace,
    versions: { 1: s.object({ listingId: s.id(), authorId: s.id() }) },
  },
  ReviewSubmitted: {
    source: eventSources.marketplace,
    versions: {
      1: s.object({
        transactionId: s.id(),
        reviewId: s.id(),
        authorId: s.id(),
        subjectId: s.id(),
        type: s.enum(['ofProvider', 'ofCustomer'] as const),
        rating: s.integer({ min: 1, max: 5 }),
      }),
    },
  },
  DisputeOpened: {
    source: eventSources.marketplace,
    versions: {
      1: s.object({
        transactionId: s.id(),
        customerId: s.id(),
        reason: s.optional(s.string({ maxLength: 5000 })),
      }),
    },
  },
} as const;

export type EventType = keyof typeof eventDefinitions;

type Versions<T extends EventType> = (typeof eventDefinitions)[T]['versions'];
/** The latest version number of each event type. */
export type LatestVersion<T extends EventType> = Extract<keyof Versions<T>, number>;

/** The payload of an event type at a version (the latest by default). */
export type EventData<T extends EventType, V extends keyof Versions<T> = LatestVersion<T>> = Infer<
  Versions<T>[V]
>;

export const eventTypes = Object.keys(eventDefinitions) as EventType[];

/** The latest version of each event type (the highest version key). */
export function latestVersion(type: EventType): number {
  return Math.max(...Object.keys(eventDefinitions[type].versions).map(Number));
}
