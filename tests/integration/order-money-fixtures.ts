import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../functions/lib/aws';
import { ApiError } from '../../functions/lib/http';
import { keys } from '../../functions/lib/table-design';
import type { ListingFields } from '../../functions/listings/listing-record';
import { simulatedOnboard, simulatedPaypalAdapter } from '../../functions/payments/paypal/simulated-adapter';
import { businessMcc, storeAccount } from '../../functions/payments/stripe/service';
import { SimulatedCardProvider, testCards } from '../../functions/payments/stripe/simulated';
import { applyTransition, createTransaction } from '../../functions/transactions/engine';
import { moneyKeys } from '../../functions/transactions/money';
import type { DueItem, TransactionRecord } from '../../functions/transactions/record';
import { transactionIdFor } from '../../functions/transactions/record';
import { getTransaction, priceOrder, queryAllDueItems } from '../../functions/transactions/repository';
import { updateUser } from '../../functions/users/repository';
import { onboardDemoSeller } from '../../infra/local/seed/payouts';
import type { DomainEvent } from '../../shared/events/envelope';
import { testCloud } from './accounts';
import { givenListing, givenSeller } from './fixtures';

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
export async function givenStripeSeller(): Promise<{ id: string; stripeAccountId: string }> {
  const seller = await givenSeller();
  const account = await onboardDemoSeller({ userId: seller.id, country: 'US', origin: cloudOrigin() });
  if (!account) throw new Error('the simulated Stripe did not onboard the seller');
  return { id: seller.id, stripeAccountId: account.id };
}

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

/** A seller with an onboarded simulated PayPal merchant. */
export async function givenPaypalSeller(): Promise<{ id: string; merchantId: string }> {
  const seller = await givenSeller();
  const merchant = await simulatedOnboard(seller.id);
  await updateUser(seller.id, {
    set: {
      paypal: {
        trackingId: seller.id,
        merchantId: merchant.merchantId,
        paypalOnboarded: true,
        isPaymentsReceivable: true,
        isPrimaryEmailValidated: true,
        isExpressCheckoutActive: true,
        hasOAuthPermissions: true,
        paypalOffboarded: false,
        requestOnboardingLinks: false,
      },
      payoutReady: true,
    },
  });
  return { id: seller.id, merchantId: merchant.merchantId };
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

/**
 * A card order in pending-payment: listing (stock `stock`), a manual-capture PaymentIntent for the
 * server's pay-in total, confirmed with the 4242 card (requires_capture), then request-payment.
 */
export async function givenCardOrder(
  seller: { id: string },
  options: { stock?: number; listing?: Partial<ListingFields> } = {},
): Promise<MoneyOrder> {
  const listing = await givenListing(seller.id, { currentStock: options.stock ?? 1, ...options.listing });
  const customerId = randomUUID();
  const checkoutKey = randomUUID();
  const txId = transactionIdFor(customerId, checkoutKey);
  const orderData = { deliveryMethod: 'pickup' as const, quantity: 1 };
  const priced = priceOrder(listing, customerId, orderData, 'request-payment');
  const provider = stripe();
  const intent = await provider.createPaymentIntent({
    amount: priced.payinTotal.amount,
    currency: priced.payinTotal.currency,
    captureMethod: 'manual',
    transferGroup: txId,
    metadata: { transactionId: txId, customerUserId: customerId, listingId: listing.id },
    idempotencyKey: moneyKeys.paymentIntent(txId),
  });
  const confirmed = await provider.confirmPaymentIntent(intent.id, card4242());
  if (confirmed.status !== 'requires_capture') throw new Error(`PI ${intent.id} is ${confirmed.status}`);
  const t0 = Date.now();
  const { transaction } = await createTransaction({
    transition: 'request-payment',
    customerId,
    listingId: listing.id,
    checkoutKey,
    orderData,
    paymentMethod: 'card',
    payment: { stripePaymentIntentId: intent.id },
    now: new Date(t0),
    timers,
  });
  const order = {
    tx: transaction,
    sellerId: seller.id,
    customerId,
    listingId: listing.id,
    t0,
    intentId: intent.id,
  };
  madeOrders.push(order);
  return order;
}

/** A PayPal order in pending-payment: a simulated PayPal order for the pay-in total, approved by the buyer. */
export async function givenPaypalOrder(seller: { id: string; merchantId: string }): Promise<MoneyOrder> {
  const listing = await givenListing(seller.id, { currentStock: 1 });
  const customerId = randomUUID();
  const checkoutKey = randomUUID();
  const txId = transactionIdFor(customerId, checkoutKey);
  const orderData = { deliveryMethod: 'pickup' as const, quantity: 1 };
  const priced = priceOrder(listing, customerId, orderData, 'request-payment');
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
  const t0 = Date.now();
  const { transaction } = await createTransaction({
    transition: 'request-payment',
    customerId,
    listingId: listing.id,
    checkoutKey,
    orderData,
    paymentMethod: 'paypal',
    protectedData: { paypalOrderId: created.id },
    payment: { paypalPayeeMerchantId: seller.merchantId },
    now: new Date(t0),
    timers,
  });
  const order = { tx: transaction, sellerId: seller.id, customerId, listingId: listing.id, t0 };
  madeOrders.push(order);
  return order;
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

/** The §8 code of a refused call. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** The order's finance outbox: the event envelopes (`TX#id`, `EVENT#…`). */
export async function outboxEvents(txId: string): Promise<DomainEvent[]> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :event)',
      ExpressionAttributeValues: { ':pk': `TX#${txId}`, ':event': 'EVENT#' },
      ConsistentRead: true,
    }),
  );
  return (page.Items ?? []).map((item) => item.detail as DomainEvent);
}

export async function eventTypes(txId: string): Promise<string[]> {
  return (await outboxEvents(txId)).map((event) => event.type).sort();
}

export async function stockOf(listingId: string): Promise<number> {
  const item = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.listing(listingId), ConsistentRead: true }),
  );
  return item.Item!.currentStock as number;
}

/** The order's `DUE#…` items of `kind`. */
export async function dueItemsOf(txId: string, kind?: DueItem['kind']): Promise<DueItem[]> {
  return (await queryAllDueItems()).filter(
    (item) => item.transactionId === txId && (kind === undefined || item.kind === kind),
  );
}

export async function current(txId: string): Promise<TransactionRecord> {
  const tx = await getTransaction(txId);
  if (!tx) throw new Error(`no transaction ${txId}`);
  return tx;
}

/** A gate a test opens when it wants (a paused provider call). */
export function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}
