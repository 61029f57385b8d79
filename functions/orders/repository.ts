import {
  DeleteCommand,
  GetCommand,
  QueryCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { OrderData, PaymentMethodKind, PickupLocation } from '../../shared/api/transactions';
import { processAlias } from '../../shared/config/marketplace';
import { computeLineItems, LineItemError, payinTotal, payoutTotal } from '../../shared/line-items';
import { chargeRefusalFor } from '../../shared/process/charges';
import { deadlineFor, type TimerSettings, timerSettingsFromEnv } from '../../shared/process/deadlines';
import type { TransitionName } from '../../shared/process/graph';
import { createSlug } from '../../shared/text/slug';
import { dynamo, tableName } from '../lib/aws';
import { ApiError } from '../lib/errors';
import { queryAll } from '../lib/paging';
import { dueShardCount, dueShardKey, keyPrefixes, keys, partitions } from '../lib/table-design';
import { cancellationCodes, isTransactionConflict, sendTransactWrite } from '../lib/writes';
import type { ListingRecord } from '../listings/listing-record';
import {
  type DueItem,
  dueItem,
  inboxKeys,
  type TransactionPayment,
  type TransactionProtectedData,
  type TransactionRecord,
  transactionIdFor,
} from './record';

/** One element of a TransactWriteItems (document client shapes). */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A transaction by id; consistent by default (the engine's first read). */
export async function getTransaction(id: string, consistent = true): Promise<TransactionRecord | undefined> {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.transaction(id), ConsistentRead: consistent }),
  );
  return result.Item as TransactionRecord | undefined;
}

/** A listing read consistently (after a failed stock condition, to tell "sold out" from "gone"). */
export async function getListingConsistent(id: string): Promise<ListingRecord | undefined> {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.listing(id), ConsistentRead: true }),
  );
  return result.Item as ListingRecord | undefined;
}

/** Whether customers can order from a listing now (published and not deleted). */
export function isOrderable(listing: ListingRecord | undefined): listing is ListingRecord {
  return listing !== undefined && listing.state === 'published' && !listing.deleted;
}

/**
 * Why a stock reservation failed, read again after the fact: a published listing with too little
 * stock → 409 `transaction-listing-insufficient-stock`; missing, deleted, unpublished or closed → 404
 * `transaction-listing-not-found`.
 */
export async function stockFailure(listingId: string): Promise<ApiError> {
  return stockRefusal(await getListingConsistent(listingId));
}

function stockRefusal(listing: ListingRecord | undefined): ApiError {
  return isOrderable(listing)
    ? new ApiError('transaction-listing-insufficient-stock')
    : new ApiError('transaction-listing-not-found');
}

/**
 * After a write that kept losing to concurrent transactions on the listing (TransactionConflict on
 * every try): what the buyer is told, from the listing as it is now — gone, sold out (the race was
 * for the last units), or still there (409 `conflict`: try again). Never a server error.
 */
export async function contendedStockFailure(listingId: string, quantity: number): Promise<ApiError> {
  const listing = await getListingConsistent(listingId);
  if (isOrderable(listing) && (listing.currentStock ?? 0) >= quantity) return new ApiError('conflict');
  return stockRefusal(listing);
}

/** Reserve stock: decrement only a published, not deleted listing with enough stock (never below 0). */
export function stockReservation(listingId: string, quantity: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.listing(listingId),
      UpdateExpression: 'SET currentStock = currentStock - :q',
      ConditionExpression: 'currentStock >= :q AND #state = :published AND attribute_not_exists(#deleted)',
      ExpressionAttributeNames: { '#state': 'state', '#deleted': 'deleted' },
      ExpressionAttributeValues: { ':q': quantity, ':published': 'published' },
    },
  };
}

/** Give reserved stock back (no state condition: the stock comes back even to a closed listing). */
export function stockRelease(listingId: string, quantity: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.listing(listingId),
      UpdateExpression: 'ADD currentStock :q',
      ExpressionAttributeValues: { ':q': quantity },
    },
  };
}

export function putItem(item: Record<string, unknown>, condition?: string): TransactItem {
  return {
    Put: { TableName: tableName(), Item: item, ...(condition ? { ConditionExpression: condition } : {}) },
  };
}

export function deleteItem(key: { PK: string; SK: string }): TransactItem {
  return { Delete: { TableName: tableName(), Key: key } };
}

/** What an order is priced from: the listing and the buyer's order data. */
export interface PricedOrder {
  orderData: OrderData;
  lineItems: TransactionRecord['lineItems'];
  payinTotal: TransactionRecord['payinTotal'];
  payoutTotal: TransactionRecord['payoutTotal'];
  /** A pickup order: where the buyer collects it, kept on the order's protected data. */
  pickupLocation?: PickupLocation;
}

/**
 * The listing's pickup place as the order keeps it: address, building and exact point. Copied when
 * the order is made, so a later edit of the listing does not move an order's pickup.
 */
export function pickupLocationOf(listing: ListingRecord): PickupLocation {
  const { address, building, city, region, country } = listing.publicData.location;
  // Publishing needs a place (functions/listings/http/own/publish.ts), so a listing on sale has one.
  if (!listing.geolocation) throw new Error(`Listing ${listing.id} has no place`);
  return {
    address,
    ...(building ? { building } : {}),
    ...(city ? { city } : {}),
    ...(region ? { region } : {}),
    ...(country ? { country } : {}),
    geolocation: { lat: listing.geolocation.lat, lng: listing.geolocation.lng },
  };
}

/** The quantity of an order, or 400 "transition should contain quantity information". */
export function orderQuantity(orderData: OrderData | undefined): number {
  const quantity = orderData?.quantity;
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1) {
    throw new ApiError('validation-invalid-params', 'transition should contain quantity information');
  }
  return quantity;
}

/**
 * Prices an order on the server (line items, totals) and applies the order rules that need only the
 * listing: orderable (404), not the customer's own (403), quantity (400), delivery method (400),
 * enough stock now (409; the write checks again), non-zero pay-in and payout (§4 charge refusals).
 */
export function priceOrder(
  listing: ListingRecord | undefined,
  customerId: string,
  orderData: OrderData | undefined,
  transition: TransitionName,
): PricedOrder {
  if (!isOrderable(listing)) throw new ApiError('transaction-listing-not-found');
  if (listing.authorId === customerId) throw new ApiError('forbidden', 'You cannot order your own listing.');
  const quantity = orderQuantity(orderData);
  let lineItems: PricedOrder['lineItems'];
  try {
    lineItems = computeLineItems(
      {
        price: listing.price,
        pickupEnabled: listing.publicData.pickupEnabled,
        shippingEnabled: listing.publicData.shippingEnabled,
        shippingFee: listing.shippingFee ?? null,
      },
      { quantity, deliveryMethod: orderData?.deliveryMethod },
    );
  } catch (error) {
    if (error instanceof LineItemError) throw new ApiError('validation-invalid-params', error.message);
    throw error;
  }
  if (listing.currentStock < quantity) throw new ApiError('transaction-listing-insufficient-stock');
  const totals = { payinTotal: payinTotal(lineItems), payoutTotal: payoutTotal(lineItems) };
  const refusal = chargeRefusalFor(transition, totals);
  if (refusal) throw new ApiError(refusal);
  return {
    orderData: {
      deliveryMethod: orderData?.deliveryMethod,
      quantity,
      ...(orderData?.shippingDetails ? { shippingDetails: orderData.shippingDetails } : {}),
    },
    lineItems,
    ...totals,
    ...(orderData?.deliveryMethod === 'pickup' ? { pickupLocation: pickupLocationOf(listing) } : {}),
  };
}

export interface CreateTransactionInput {
  /** `request-payment` (an order: stock reserved, 15-minute payment timer) or `enquire`. */
  transition: 'request-payment' | 'enquire';
  customerId: string;
  listingId: string;
  /** Made once by the checkout page; the id is uuid v5 of customer + key, so a retry finds the same order. */
  checkoutKey: string;
  orderData?: OrderData;
  paymentMethod?: PaymentMethodKind;
  protectedData?: Pick<TransactionProtectedData, 'paypalOrderId'>;
  /** Payment references known before the order exists (the PaymentIntent, the PayPal payee). */
  payment?: Omit<TransactionPayment, 'method'>;
  now?: Date;
  timers?: TimerSettings;
  /** More items for the same TransactWrite (the finance outbox Puts). */
  extraItems?: TransactItem[];
}

export interface CreatedTransaction {
  transaction: TransactionRecord;
  /** false when the checkout key had already made this transaction (an idempotent retry). */
  created: boolean;
}

/**
 * Initiates a transaction with its first transition, in ONE TransactWrite: Put the item if its id is
 * new, reserve stock (request-payment) and Put the due item of the new state's timer. Idempotent per
 * (customer, checkoutKey): a retry gets the existing transaction back, with no second reservation.
 */
export async function createTransaction(input: CreateTransactionInput): Promise<CreatedTransaction> {
  const id = transactionIdFor(input.customerId, input.checkoutKey);
  const existing = await getTransaction(id);
  if (existing) return { transaction: sameCheckout(existing, input), created: false };

  const listing = await getListingConsistent(input.listingId);
  const isOrder = input.transition === 'request-payment';
  if (!isOrderable(listing)) throw new ApiError('transaction-listing-not-found');
  let priced: PricedOrder;
  if (isOrder) {
    priced = priceOrder(listing, input.customerId, input.orderData, input.transition);
  } else {
    if (listing.authorId === input.customerId)
      throw new ApiError('forbidden', 'You cannot order your own listing.');
    const zero = { amount: 0, currency: listing.price.currency };
    priced = { orderData: {}, lineItems: [], payinTotal: zero, payoutTotal: zero };
  }
  const to = isOrder ? 'pending-payment' : 'enquiry';
  const now = (input.now ?? new Date()).toISOString();
  const entered = { initial: now, [to]: now };
  const deadline = deadlineFor(
    to,
    entered,
    input.timers ?? timerSettingsFromEnv(process.env),
    priced.orderData,
  );
  const due =
    deadline && dueItem(id, { transition: deadline.transition, dueAt: deadline.dueAt.toISOString() });
  const parties = { id, customerId: input.customerId, providerId: listing.authorId };
  const record: TransactionRecord = {
    ...keys.transaction(id),
    SK: 'TX',
    ...inboxKeys(parties, to, now),
    entity: 'transaction',
    ...parties,
    processAlias,
    state: to,
    version: 1,
    listingId: listing.id,
    listingSnapshot: {
      title: listing.title,
      slug: createSlug(listing.title),
      ...(listing.images[0] ? { image: listing.images[0] } : {}),
    },
    orderData: priced.orderData,
    lineItems: priced.lineItems,
    payinTotal: priced.payinTotal,
    payoutTotal: priced.payoutTotal,
    createdAt: now,
    lastTransition: input.transition,
    lastTransitionedAt: now,
    entered,
    transitions: [{ transition: input.transition, by: 'customer', userId: input.customerId, createdAt: now }],
    protectedData: {
      ...input.protectedData,
      ...(priced.pickupLocation ? { pickupLocation: priced.pickupLocation } : {}),
    },
    ...(isOrder ? { payment: { ...input.payment, method: input.paymentMethod ?? 'card' } } : {}),
    ...(due
      ? { deadline: { transition: due.transition, dueAt: due.dueAt, dueKey: { PK: due.PK, SK: due.SK } } }
      : {}),
    messageCount: 0,
    checkoutKey: input.checkoutKey,
  };
  const items: TransactItem[] = [putItem({ ...record }, 'attribute_not_exists(PK)')];
  const stockIndex = isOrder ? items.push(stockReservation(listing.id, priced.orderData.quantity!)) - 1 : -1;
  if (due) items.push(putItem({ ...due }));
  items.push(...(input.extraItems ?? []));
  try {
    await sendTransactWrite({ TransactItems: items }, { retryConflicts: true });
  } catch (error) {
    const codes = cancellationCodes(error);
    if (!codes) throw error;
    if (codes[0] === 'ConditionalCheckFailed') {
      const winner = await getTransaction(id);
      if (winner) return { transaction: sameCheckout(winner, input), created: false };
    }
    if (stockIndex >= 0 && codes[stockIndex] === 'ConditionalCheckFailed')
      throw await stockFailure(listing.id);
    if (isTransactionConflict(error)) {
      throw stockIndex >= 0
        ? await contendedStockFailure(listing.id, priced.orderData.quantity!)
        : new ApiError('conflict');
    }
    throw error;
  }
  return { transaction: record, created: true };
}

function sameCheckout(tx: TransactionRecord, input: CreateTransactionInput): TransactionRecord {
  if (tx.listingId !== input.listingId || tx.customerId !== input.customerId) {
    throw new ApiError('validation-invalid-params', 'The checkout key was used for another order.');
  }
  return tx;
}

/** Due items (timers and money retries) with `dueAt <= now`, from every `DUE#n` partition (the sweeper). */
export async function queryDueItems(now: Date, limitPerShard = 100): Promise<DueItem[]> {
  const shards = Array.from({ length: dueShardCount }, async (_, shard) => {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND SK <= :upTo',
        ExpressionAttributeValues: { ':pk': dueShardKey(shard), ':upTo': `${now.toISOString()}~` },
        ConsistentRead: true,
        Limit: limitPerShard,
      }),
    );
    return (page.Items ?? []) as DueItem[];
  });
  return (await Promise.all(shards)).flat();
}

/**
 * Every due item with `dueAt <= upTo` (default: all of them) from every `DUE#n` partition, page by
 * page (the sweeper and the restart's resume; `queryDueItems` reads one page per partition).
 */
export async function queryAllDueItems(upTo?: Date): Promise<DueItem[]> {
  // `~` sorts after every `<dueAt ISO>#…` key with that prefix; '9999…' after every real date.
  const limit = `${upTo ? upTo.toISOString() : '9999-12-31T23:59:59.999Z'}~`;
  const shards = Array.from({ length: dueShardCount }, (_, shard) =>
    queryAll<DueItem>({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK <= :upTo',
      ExpressionAttributeValues: { ':pk': dueShardKey(shard), ':upTo': limit },
      ConsistentRead: true,
    }),
  );
  return (await Promise.all(shards)).flat();
}

/**
 * The money items whose next retry is after `after` (the sweeper's gauge of unfinished refunds and
 * payouts: a postponed retry is not due, its operation still open). Filtered by kind in DynamoDB
 * and eventually consistent: a gauge needs neither the other items nor the latest write.
 */
export async function queryLaterMoneyDueItems(after: Date): Promise<DueItem[]> {
  const shards = Array.from({ length: dueShardCount }, (_, shard) =>
    queryAll<DueItem>({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK > :after',
      FilterExpression: '#kind = :money',
      ExpressionAttributeNames: { '#kind': 'kind' },
      ExpressionAttributeValues: {
        ':pk': dueShardKey(shard),
        ':after': `${after.toISOString()}~`,
        ':money': 'money',
      },
    }),
  );
  return (await Promise.all(shards)).flat();
}

/** Deletes one due item (the sweeper: an index entry whose order no longer has that deadline). */
export async function deleteDueItem(key: { PK: string; SK: string }): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: { PK: key.PK, SK: key.SK } }));
}

/** The provider's sales needing action (the notification dot), counted up to `limit`. */
export async function countSaleActions(providerId: string, limit = 100): Promise<number> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :action)',
      ExpressionAttributeValues: { ':pk': partitions.user(providerId), ':action': keyPrefixes.saleAction },
      ConsistentRead: true,
      Select: 'COUNT',
      Limit: limit,
    }),
  );
  return page.Count ?? 0;
}
