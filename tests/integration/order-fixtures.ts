import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { dynamo, tableName } from '../../functions/lib/aws';
import { keys } from '../../functions/lib/table-design';
import type { ListingFields } from '../../functions/listings/listing-record';
import type { FinanceOutboxItem } from '../../functions/orders/outbox';
import type { TransactionRecord } from '../../functions/orders/record';
import { getTransaction } from '../../functions/orders/repository';
import { testCards } from '../../functions/payments/stripe/simulated';
import { api, signUp, type TestAccount, testCloud } from './accounts';
import { givenListing, onboardPaypalSeller, onboardStripeSeller } from './fixtures';
import { as } from './own-listing-fixtures';

/**
 * What the order API suites share (orders-api-card, orders-api-paypal): sellers who can be paid by
 * card (a verified simulated Stripe account) or by PayPal, buyers, published listings with stock and
 * shipping, and the order steps over HTTP as the checkout page takes them.
 */

export { as, testCards };

/** A signed-in seller with a verified simulated Stripe Connect account (payoutReady). */
export async function stripeSeller(name = 'Sal'): Promise<TestAccount> {
  const seller = await signUp({ firstName: name, lastName: 'Seller' });
  await onboardStripeSeller(seller.user.id, { origin: testCloud().url });
  return seller;
}

/** A signed-in seller whose PayPal merchant is onboarded and can receive payments. */
export async function paypalSeller(name = 'Pat'): Promise<TestAccount & { merchantId: string }> {
  const seller = await signUp({ firstName: name, lastName: 'Paypal' });
  return { ...seller, merchantId: await onboardPaypalSeller(seller.user.id) };
}

/** A signed-in buyer. */
export const buyer = (name = 'Bea') => signUp({ firstName: name, lastName: 'Buyer' });

/** A road bike's public data, picked up or shipped. */
export const bikePublicData = {
  category: 'roadBikes',
  condition: 'usedGoodCondition',
  brand: 'Trek',
  pickupEnabled: true,
  shippingEnabled: true,
  location: { address: '1 Main St', city: 'Toronto', region: 'ON', country: 'CA' },
} satisfies ListingFields['publicData'];

/** $950 a bike, pickup and shipping ($25 + $10 per additional bike), `stock` in stock. */
export async function bikeListing(sellerId: string, stock = 5, overrides: Partial<ListingFields> = {}) {
  return givenListing(sellerId, {
    currentStock: stock,
    price: { amount: 95_000, currency: 'USD' },
    shippingFee: {
      oneItem: { amount: 2_500, currency: 'USD' },
      additionalItems: { amount: 1_000, currency: 'USD' },
    },
    publicData: bikePublicData,
    ...overrides,
  });
}

export const shippingDetails = {
  recipientName: 'Ada Rider',
  recipientAddressLine1: '1 King St W',
  recipientCity: 'Toronto',
  recipientPostal: 'M5H 1A1',
  recipientState: 'ON',
  recipientCountry: 'CA',
};

export const pickupOne = { deliveryMethod: 'pickup', stockReservationQuantity: 1 };
export const shipTwo = { deliveryMethod: 'shipping', stockReservationQuantity: 2, shippingDetails };

/** A test card's fields for the simulated confirm route. */
export const card = (number: string = testCards.success) => ({
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
});

export interface InitiateOptions {
  orderData?: Record<string, unknown>;
  paymentMethod?: 'card' | 'paypal';
  paypalOrderId?: string;
  checkoutKey?: string;
  isSpeculative?: boolean;
  stripePaymentMethodId?: string;
}

/** POST /api/initiate-privileged as the checkout page sends it. */
export function initiate(account: TestAccount, listingId: string, options: InitiateOptions = {}) {
  return api('POST', '/api/initiate-privileged', {
    ...as(account),
    body: {
      ...(options.isSpeculative ? { isSpeculative: true } : {}),
      checkoutKey: options.checkoutKey ?? randomUUID(),
      bodyParams: {
        processAlias: 'release-2',
        transition: 'request-payment',
        params: {
          listingId,
          ...(options.orderData ?? pickupOne),
          paymentMethod: options.paymentMethod ?? 'card',
          ...(options.stripePaymentMethodId ? { stripePaymentMethodId: options.stripePaymentMethodId } : {}),
          ...(options.paypalOrderId ? { protectedData: { paypalOrderId: options.paypalOrderId } } : {}),
        },
      },
    },
  });
}

/** POST /api/transactions: an enquiry about the listing. */
export function enquire(account: TestAccount, listingId: string) {
  return api('POST', '/api/transactions', {
    ...as(account),
    body: { transition: 'enquire', params: { listingId } },
  });
}

/** POST /api/simulated-stripe/payment-intents/{id}/confirm (Stripe.js confirmCardPayment stand-in). */
export function confirmCard(
  account: TestAccount,
  paymentIntentId: string,
  number: string = testCards.success,
) {
  return api('POST', `/api/simulated-stripe/payment-intents/${paymentIntentId}/confirm`, {
    ...as(account),
    body: card(number),
  });
}

/** POST /api/transition-privileged. */
export function privileged(
  account: TestAccount,
  transactionId: string,
  transition: string,
  params?: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return api('POST', '/api/transition-privileged', {
    ...as(account),
    body: { transactionId, transition, ...(params ? { params } : {}), ...extra },
  });
}

/** POST /api/transactions/{id}/transition (non-privileged). */
export function transition(
  account: TestAccount,
  transactionId: string,
  name: string,
  params?: Record<string, unknown>,
) {
  return api('POST', `/api/transactions/${transactionId}/transition`, {
    ...as(account),
    body: { transition: name, ...(params ? { params } : {}) },
  });
}

/**
 * A purchased card order: initiate, confirm the 4242 card, confirm-payment. Done in one go, as the
 * test cloud's 15-minute payment window is 5.4 s (6× the slowest run of this measured).
 */
export async function paidCardOrder(
  customer: TestAccount,
  listingId: string,
  orderData: Record<string, unknown> = pickupOne,
): Promise<{ id: string; paymentIntentId: string; view: Record<string, unknown> }> {
  const initiated = await initiate(customer, listingId, { orderData });
  expect(initiated.status, JSON.stringify(initiated.body)).toBe(201);
  const { transaction, stripePaymentIntentId } = initiated.body.data;
  const confirmed = await confirmCard(customer, stripePaymentIntentId);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const paid = await privileged(customer, transaction.id, 'confirm-payment');
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  expect(paid.body.data.transaction.state).toBe('purchased');
  return { id: transaction.id, paymentIntentId: stripePaymentIntentId, view: paid.body.data.transaction };
}

/** create-paypal-order then the simulated approval (or cancel); the PayPal order id. */
export async function paypalOrder(
  customer: TestAccount,
  listingId: string,
  checkoutKey: string,
  options: { action?: 'approve' | 'cancel' | 'none'; orderData?: Record<string, unknown> } = {},
): Promise<string> {
  const created = await api('POST', '/api/create-paypal-order', {
    ...as(customer),
    body: { listingId, checkoutKey, orderData: options.orderData ?? pickupOne },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  const action = options.action ?? 'approve';
  if (action !== 'none') {
    const answer = await api('POST', `/api/simulated-paypal/orders/${id}/approve`, {
      ...as(customer),
      body: { action },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
  return id;
}

/**
 * A new checkout paid with PayPal: create-paypal-order, the simulated popup's `action`, then
 * initiate-privileged with that order; initiate's answer and the PayPal order id.
 */
export async function initiatePaypal(
  customer: TestAccount,
  listingId: string,
  action: 'approve' | 'cancel' | 'none' = 'approve',
) {
  const checkoutKey = randomUUID();
  const paypalOrderId = await paypalOrder(customer, listingId, checkoutKey, { action });
  const initiated = await initiate(customer, listingId, {
    paymentMethod: 'paypal',
    paypalOrderId,
    checkoutKey,
  });
  return { initiated, paypalOrderId };
}

/** A purchased PayPal order: create, approve, initiate, confirm-payment. */
export async function paidPaypalOrder(customer: TestAccount, listingId: string) {
  const { initiated, paypalOrderId } = await initiatePaypal(customer, listingId);
  expect(initiated.status, JSON.stringify(initiated.body)).toBe(201);
  const id = initiated.body.data.transaction.id as string;
  const paid = await privileged(customer, id, 'confirm-payment');
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { id, paypalOrderId, view: paid.body.data.transaction };
}

/** The transaction item as stored (consistent read). */
export async function stored(id: string): Promise<TransactionRecord> {
  const tx = await getTransaction(id);
  if (!tx) throw new Error(`no transaction ${id}`);
  return tx;
}

/** The listing's stock now. */
export async function stockOf(listingId: string): Promise<number> {
  const item = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.listing(listingId), ConsistentRead: true }),
  );
  return item.Item!.currentStock as number;
}

/** The order's finance outbox items (`TX#id` / `EVENT#…`), by event type. */
export async function outboxOf(txId: string): Promise<Record<string, FinanceOutboxItem>> {
  const answer = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :event)',
      ExpressionAttributeValues: { ':pk': `TX#${txId}`, ':event': 'EVENT#' },
      ConsistentRead: true,
    }),
  );
  return Object.fromEntries(
    (answer.Items ?? []).map((item) => [item.eventType as string, item as FinanceOutboxItem]),
  );
}

/** How many items of any kind are stored under the order's partition (nothing written → 0). */
export async function itemsUnder(txId: string): Promise<number> {
  const answer = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': `TX#${txId}` },
      ConsistentRead: true,
      Select: 'COUNT',
    }),
  );
  return answer.Count ?? 0;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
