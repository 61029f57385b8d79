import { createHash } from 'node:crypto';
import type { EventBridgeEvent } from 'aws-lambda';
import { recordEvent } from '../../../functions/orders/finance/ledger';
import { transactionIdFor } from '../../../functions/orders/record';
import { marketplaceCurrency } from '../../../shared/config/marketplace';
import type { EventData } from '../../../shared/events/definitions';
import { type AnyDomainEvent, createEvent, transactionEventId } from '../../../shared/events/envelope';
import {
  computeLineItems,
  lineItemCodes,
  payinTotal,
  payoutTotal,
  sumOfCode,
} from '../../../shared/line-items';
import type { Money } from '../../../shared/money';
import { listings } from './catalogue';

/**
 * The demo marketplace's money of the last two calendar months, in the finance ledger: a few
 * orders paid out and one refunded, so `npm run finance -- payouts --seller
 * maya.thompson@velo.example --month <last month>` and `commission` answer with something real
 * (docs/decisions.md "Demo finance history"). The reviewed orders of ./history.ts are pre-ledger
 * (no money moved); these are ledger entries only: the events an order's money transitions would
 * have written (amounts from the listing's line items, as the engine prices them), recorded with
 * the ledger's own write (`recordEvent`, keyed and deduplicated like every delivery), so running it
 * again writes nothing twice. Their orders are not in the table (`show-order` does not find them).
 */

export interface FinanceHistoryOrder {
  /** Stable key: the order id is derived from the buyer and `demo-finance:<key>`. */
  key: string;
  /** A listing of ./catalogue.ts; its seller is paid. */
  listingKey: string;
  buyerKey: string;
  deliveryMethod: 'shipping' | 'pickup';
  provider: 'stripe' | 'paypal';
  /** When the payment was captured: the previous or the current calendar month (UTC), day and hour. */
  paid: { month: 'previous' | 'current'; day: number; hour: number };
  /** Hours after the capture when the seller was paid out, or the buyer refunded (canceled). */
  outcome: { paidOutAfterHours: number } | { refundedAfterHours: number };
}

/** Maya (maya.thompson@velo.example) has two payouts and a refund last month and one payout this month. */
export const financeHistoryOrders: readonly FinanceHistoryOrder[] = [
  {
    key: 'fox-36-owen',
    listingKey: 'fox-36-factory-grip2',
    buyerKey: 'owen',
    deliveryMethod: 'shipping',
    provider: 'stripe',
    paid: { month: 'previous', day: 4, hour: 15.3 },
    outcome: { paidOutAfterHours: 4 * 24 + 18.75 },
  },
  {
    key: 'xx1-derailleur-jordan',
    listingKey: 'sram-xx1-axs-derailleur',
    buyerKey: 'jordan',
    deliveryMethod: 'pickup',
    provider: 'paypal',
    paid: { month: 'previous', day: 12, hour: 19.75 },
    outcome: { paidOutAfterHours: 21.5 },
  },
  {
    key: 'poc-helmet-hannah',
    listingKey: 'poc-ventral-air-mips',
    buyerKey: 'hannah',
    deliveryMethod: 'shipping',
    provider: 'stripe',
    paid: { month: 'previous', day: 17, hour: 8.2 },
    // Canceled by the buyer within the 3 hours allowed: refunded in full.
    outcome: { refundedAfterHours: 1.6 },
  },
  {
    key: 'pike-lucas',
    listingKey: 'rockshox-pike-ultimate',
    buyerKey: 'lucas',
    deliveryMethod: 'shipping',
    provider: 'stripe',
    // Paid at the end of the month, paid out in the next: capture and payout in different months.
    paid: { month: 'previous', day: 27, hour: 11 },
    outcome: { paidOutAfterHours: 24 * 5 + 3 },
  },
  {
    key: 'enve-wheels-isla',
    listingKey: 'enve-m7-i9-29',
    buyerKey: 'isla',
    deliveryMethod: 'shipping',
    provider: 'stripe',
    paid: { month: 'current', day: 1, hour: 9.5 },
    outcome: { paidOutAfterHours: 2 * 24 + 6 },
  },
];

const HOUR_MS = 3_600_000;

/** The instant of `paid` relative to `now`'s calendar month (UTC). */
function paidAt(paid: FinanceHistoryOrder['paid'], now: Date): Date {
  const month = now.getUTCMonth() - (paid.month === 'previous' ? 1 : 0);
  return new Date(Date.UTC(now.getUTCFullYear(), month, paid.day) + paid.hour * HOUR_MS);
}

/** A deterministic provider id (`pi_demo…`), never a real provider's. */
function demoProviderId(prefix: string, key: string): string {
  return `${prefix}_demo${createHash('sha256').update(`finance:${prefix}:${key}`).digest('hex').slice(0, 20)}`;
}

/**
 * The envelopes the order's money transitions would have written, those that happened before `now`
 * (an order paid this month may not be paid out yet): PaymentCaptured, then PayoutDisbursed and
 * CommissionEarned, or RefundIssued.
 */
export function financeHistoryEvents(
  order: FinanceHistoryOrder,
  context: { customerId: string; providerId: string; now: Date },
): AnyDomainEvent[] {
  const listing = listings.find((candidate) => candidate.key === order.listingKey);
  if (!listing) throw new Error(`No demo listing ${order.listingKey}`);
  const usd = (amount: number): Money => ({ amount, currency: marketplaceCurrency });
  const lines = computeLineItems(
    {
      price: usd(listing.priceCents),
      pickupEnabled: listing.pickupEnabled,
      shippingEnabled: listing.shippingEnabled,
      shippingFee: listing.shippingEnabled
        ? {
            oneItem: usd(listing.shippingFeeCents ?? 0),
            additionalItems: usd(listing.additionalItemShippingFeeCents ?? 0),
          }
        : null,
    },
    { quantity: 1, deliveryMethod: order.deliveryMethod },
  );
  const transactionId = transactionIdFor(context.customerId, `demo-finance:${order.key}`);
  const captured = paidAt(order.paid, context.now);
  const events: AnyDomainEvent[] = [];
  const add = <T extends AnyDomainEvent['type']>(type: T, data: EventData<T>, at: Date) => {
    if (at.getTime() > context.now.getTime()) return;
    events.push(
      createEvent(type, data, {
        id: transactionEventId(transactionId, type),
        occurredAt: at,
      }) as AnyDomainEvent,
    );
  };
  const payin = payinTotal(lines);
  const prefix = order.provider === 'stripe' ? { pay: 'pi', refund: 're', payout: 'tr' } : paypalPrefixes;
  add(
    'PaymentCaptured',
    {
      transactionId,
      customerId: context.customerId,
      provider: order.provider,
      providerPaymentId: demoProviderId(prefix.pay, order.key),
      amount: payin,
    },
    captured,
  );
  if ('refundedAfterHours' in order.outcome) {
    add(
      'RefundIssued',
      {
        transactionId,
        customerId: context.customerId,
        provider: order.provider,
        providerRefundId: demoProviderId(prefix.refund, order.key),
        amount: payin,
        reason: 'canceled',
      },
      new Date(captured.getTime() + order.outcome.refundedAfterHours * HOUR_MS),
    );
    return events;
  }
  const paidOut = new Date(captured.getTime() + order.outcome.paidOutAfterHours * HOUR_MS);
  const payout = payoutTotal(lines);
  const magnitude = (m: Money): Money => ({ amount: Math.abs(m.amount), currency: m.currency });
  add(
    'PayoutDisbursed',
    {
      transactionId,
      sellerId: context.providerId,
      provider: order.provider,
      providerPayoutId: demoProviderId(prefix.payout, order.key),
      amount: payout,
    },
    paidOut,
  );
  add(
    'CommissionEarned',
    {
      transactionId,
      providerCommission: magnitude(sumOfCode(lines, lineItemCodes.providerCommission, payin.currency)),
      customerCommission: magnitude(sumOfCode(lines, lineItemCodes.customerCommission, payin.currency)),
      total: usd(payin.amount - payout.amount),
    },
    paidOut,
  );
  return events;
}

const paypalPrefixes = { pay: 'capture', refund: 'refund', payout: 'payout' };

/** An envelope as the bus delivers it to the ledger (its `Time` is `occurredAt`, to the second). */
function delivery(event: AnyDomainEvent): EventBridgeEvent<string, Record<string, unknown>> {
  const id = createHash('sha256').update(`delivery:${event.id}`).digest('hex');
  return {
    version: '0',
    id: `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20, 32)}`,
    'detail-type': event.type,
    source: event.source,
    account: '000000000000',
    time: `${event.occurredAt.slice(0, 19)}Z`,
    region: 'us-east-1',
    resources: [],
    detail: event as unknown as Record<string, unknown>,
  };
}

/**
 * Records the demo finance history in the ledger (each event once: a repeat is a no-op). Orders
 * whose buyer or seller is not a demo user here are skipped. Returns how many entries were new.
 */
export async function writeFinanceHistory(options: {
  userIds: ReadonlyMap<string, string>;
  now: Date;
  orders?: readonly FinanceHistoryOrder[];
}): Promise<number> {
  let recorded = 0;
  for (const order of options.orders ?? financeHistoryOrders) {
    const sellerKey = listings.find((candidate) => candidate.key === order.listingKey)?.sellerKey;
    const customerId = options.userIds.get(order.buyerKey);
    const providerId = sellerKey ? options.userIds.get(sellerKey) : undefined;
    if (!customerId || !providerId) continue;
    for (const event of financeHistoryEvents(order, { customerId, providerId, now: options.now })) {
      if ((await recordEvent(delivery(event))).recorded) recorded++;
    }
  }
  return recorded;
}
