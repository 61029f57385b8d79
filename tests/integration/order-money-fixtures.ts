import { expect } from 'vitest';
import type { ListingFields } from '../../functions/listings/listing-record';
import { applyTransition } from '../../functions/orders/engine';
import { moneyKeys } from '../../functions/orders/money/common';
import type { DueItem, TransactionRecord } from '../../functions/orders/record';
import { type PricedOrder, queryAllDueItems } from '../../functions/orders/repository';
import { simulatedPaypalAdapter } from '../../functions/payments/paypal/simulated';
import { businessMcc, storeAccount } from '../../functions/payments/stripe/service';
import { SimulatedCardProvider, testCards } from '../../functions/payments/stripe/simulated';
import type { DomainEvent } from '../../shared/events/envelope';
import { reconcile } from '../../shared/events/reconcile';
import { payinTotal, payoutTotal } from '../../shared/line-items';
import { testCloud } from './accounts';
import { givenPayoutReadySeller, givenRequestedOrder, givenSeller, type OrderPayment } from './fixtures';
import { outboxOf, stored } from './order-fixtures';

// Orders with real simulated money for the money race tests (order-money-races.test.ts): a Stripe
// payout-ready seller, a manual-capture PaymentIntent confirmed with the 4242 card, a PayPal seller
// with an approved simulated order; and readers of the outbox, the due items and the listing stock.

/** Real-time timers (scale 1): nothing of these orders is due for the cloud's own sweeper. */
export const timers = { scale: 1 };

/** Connects this worker to the suite's local cloud (once) and answers its origin. */
export function cloudOrigin(): string {
  return testCloud().url;
}

/** The simulated Stripe without webhook deliveries (the tests store what a webhook would). */
class QuietCardProvider extends SimulatedCardProvider {
  override async deliver(): Promise<void> {}
}
export const stripe = () => new QuietCardProvider({ origin: cloudOrigin() });
export const paypal = simulatedPaypalAdapter();

export const card4242 = () => ({
  number: testCards.success,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
});

/** A seller with a verified simulated Stripe Connect account (transfers active), as the seed makes one. */
export const givenStripeSeller = () => givenPayoutReadySeller({ origin: cloudOrigin() });

/** A seller whose Stripe account exists but never finished onboarding: transfers are inactive. */
export async function givenUnverifiedStripeSeller(): Promise<{ id: string; stripeAccountId: string }> {
  const seller = await givenSeller();
  const provider = stripe();
  const bank = await provider.createBankAccountToken({
    country: 'US',
    currency: 'USD',
    fields: { routingNumber: '110000000', accountNumber: '000123456789' },
  });
  const person = await provider.createAccountToken({ businessType: 'individual', tosShownAndAccepted: true });
  const created = await provider.createAccount({
    userId: seller.id,
    country: 'US',
    accountToken: person.id,
    bankAccountToken: bank.id,
    businessProfileUrl: `${cloudOrigin()}/u/${seller.id}`,
    mcc: businessMcc,
    idempotencyKey: `unverified-${seller.id}`,
  });
  await storeAccount(seller.id, created, { create: true });
  return { id: seller.id, stripeAccountId: created.id };
}

export interface MoneyOrder {
  tx: TransactionRecord;
  sellerId: string;
  customerId: string;
  listingId: string;
  /** The order's creation time (ms); timers run from it in real time (scale 1). */
  t0: number;
  intentId?: string;
}

/** Every order a test file made, for the final reconciliation. */
export const madeOrders: MoneyOrder[] = [];

/** What an order's payment adds to request-payment (and the PaymentIntent of a card order). */
/**
 * An order in pending-payment (givenRequestedOrder) whose timers run in real time from its creation;
 * `pay` makes its payment, and names a card order's PaymentIntent.
 */
async function givenOrder(
  seller: { id: string },
  options: { stock?: number; listing?: Partial<ListingFields> },
  pay: (order: {
    txId: string;
    customerId: string;
    listingId: string;
    priced: PricedOrder;
  }) => Promise<OrderPayment & { intentId?: string }>,
): Promise<MoneyOrder> {
  let intentId: string | undefined;
  const { transaction, customerId, listingId } = await givenRequestedOrder(
    seller.id,
    options,
    async (order) => {
      const { intentId: id, ...payment } = await pay(order);
      intentId = id;
      return { ...payment, timers };
    },
  );
  const order = {
    tx: transaction,
    sellerId: seller.id,
    customerId,
    listingId,
    t0: Date.parse(transaction.createdAt),
    ...(intentId ? { intentId } : {}),
  };
  madeOrders.push(order);
  return order;
}

/**
 * A card order in pending-payment: listing (stock `stock`), a manual-capture PaymentIntent for the
 * server's pay-in total, confirmed with the 4242 card (requires_capture), then request-payment.
 */
export function givenCardOrder(
  seller: { id: string },
  options: { stock?: number; listing?: Partial<ListingFields> } = {},
): Promise<MoneyOrder> {
  return givenOrder(seller, options, async ({ txId, customerId, listingId, priced }) => {
    const provider = stripe();
    const intent = await provider.createPaymentIntent({
      amount: priced.payinTotal.amount,
      currency: priced.payinTotal.currency,
      captureMethod: 'manual',
      transferGroup: txId,
      metadata: { transactionId: txId, customerUserId: customerId, listingId },
      idempotencyKey: moneyKeys.paymentIntent(txId),
    });
    const confirmed = await provider.confirmPaymentIntent(intent.id, card4242());
    if (confirmed.status !== 'requires_capture') throw new Error(`PI ${intent.id} is ${confirmed.status}`);
    return { paymentMethod: 'card', payment: { stripePaymentIntentId: intent.id }, intentId: intent.id };
  });
}

/** A PayPal order in pending-payment: a simulated PayPal order for the pay-in total, approved by the buyer. */
export function givenPaypalOrder(seller: { id: string; merchantId: string }): Promise<MoneyOrder> {
  return givenOrder(seller, {}, async ({ txId, priced }) => {
    const value = (cents: number) => ({
      currency_code: priced.payinTotal.currency,
      value: (cents / 100).toFixed(2),
    });
    const created = await paypal.createOrder({
      referenceId: txId,
      payeeMerchantId: seller.merchantId,
      itemTotal: value(priced.payinTotal.amount),
      platformFee: value(priced.payinTotal.amount - priced.payoutTotal.amount),
      requestId: `order-${txId}`,
    });
    await paypal.approveOrder(created.id);
    return {
      paymentMethod: 'paypal',
      protectedData: { paypalOrderId: created.id },
      payment: { paypalPayeeMerchantId: seller.merchantId },
    };
  });
}

/** confirm-payment by the customer (capture, then purchased). */
export async function purchase(order: MoneyOrder, at = order.t0 + 1000): Promise<TransactionRecord> {
  order.tx = await applyTransition(order.tx.id, 'confirm-payment', {
    actor: 'customer',
    userId: order.customerId,
    now: new Date(at),
    timers,
  });
  return order.tx;
}

/** The order's finance outbox: the event envelopes (`TX#id`, `EVENT#…`). */
export async function outboxEvents(txId: string): Promise<DomainEvent[]> {
  return Object.values(await outboxOf(txId)).map((item) => item.detail as DomainEvent);
}

export async function eventTypes(txId: string): Promise<string[]> {
  return (await outboxEvents(txId)).map((event) => event.type).sort();
}

/**
 * A refunded order as it should be: the reversal lines written with the RefundIssued event, so
 * the customer's and the provider's lines (and the totals) sum to zero, and the refund gives back
 * exactly what was captured (never a total recomputed from the lines); the finance identity holds.
 */
export async function expectRefundedInFull(txId: string, reason: string): Promise<void> {
  const tx = await stored(txId);
  const events = await outboxEvents(txId);
  const captured = events.find((event) => event.type === 'PaymentCaptured')?.data as
    | { amount: { amount: number; currency: string } }
    | undefined;
  const refund = events.find((event) => event.type === 'RefundIssued');
  expect(captured, `${txId} captured`).toBeDefined();
  expect(refund?.data).toMatchObject({ reason, amount: captured!.amount });
  expect(tx.payment?.refundedAmount).toEqual(captured!.amount);
  expect(tx.lineItems.filter((line) => line.reversal)).toHaveLength(
    tx.lineItems.filter((line) => !line.reversal).length,
  );
  const sum = (role: 'customer' | 'provider') => payinOrPayout(role, tx.lineItems).amount;
  expect(sum('customer'), 'customer lines sum to 0').toBe(0);
  expect(sum('provider'), 'provider lines sum to 0').toBe(0);
  expect(tx.payinTotal.amount).toBe(0);
  expect(tx.payoutTotal.amount).toBe(0);
  expect(reconcile(events)).toEqual([]);
}

const payinOrPayout = (role: 'customer' | 'provider', lines: TransactionRecord['lineItems']) =>
  role === 'customer' ? payinTotal(lines) : payoutTotal(lines);

/** The order's `DUE#…` items of `kind`. */
export async function dueItemsOf(txId: string, kind?: DueItem['kind']): Promise<DueItem[]> {
  return (await queryAllDueItems()).filter(
    (item) => item.transactionId === txId && (kind === undefined || item.kind === kind),
  );
}

/** The transaction item as stored (consistent read). */
export const current = stored;

/** A gate a test opens when it wants (a paused provider call). */
export function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}
