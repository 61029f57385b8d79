import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../functions/lib/aws';
import { ApiError } from '../../functions/lib/http';
import { keys } from '../../functions/lib/table-design';
import { sendTransactWrite } from '../../functions/lib/writes';
import type { ListingFields } from '../../functions/listings/listing-record';
import { updateListing } from '../../functions/listings/repository';
import {
  type ApplyOptions,
  applyTransition,
  createTransaction,
  fireTimer,
  noMoney,
} from '../../functions/orders/engine';
import { outboxPut } from '../../functions/orders/outbox';
import type { TransactionRecord } from '../../functions/orders/record';
import { countSaleActions, getTransaction, queryDueItems } from '../../functions/orders/repository';
import { reviewTypeOf } from '../../functions/orders/reviews';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../shared/config/constants';
import { type Actor, type ProcessState, timerFor, transitions } from '../../shared/process/graph';
import { useLocalCloud } from './cloud-env';
import { codeOf, givenListing, givenSeller } from './fixtures';
import { testReview } from './order-cloud';

const timers = { scale: 1 };
const table = () => process.env.TABLE_NAME!;

beforeAll(() => {
  useLocalCloud();
});

async function getItem(key: { PK: string; SK: string }) {
  return (await dynamo().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
}

async function stockOf(listingId: string): Promise<number> {
  return (await getItem(keys.listing(listingId)))!.currentStock as number;
}

async function inbox(index: 'GSI1' | 'GSI2', partition: string): Promise<string[]> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      IndexName: index,
      KeyConditionExpression: `${index}PK = :pk AND begins_with(${index}SK, :tx)`,
      ExpressionAttributeValues: { ':pk': partition, ':tx': 'TX#' },
      ScanIndexForward: false,
    }),
  );
  return (page.Items ?? []).map((item) => item.id as string);
}

interface Order {
  tx: TransactionRecord;
  sellerId: string;
  customerId: string;
  listingId: string;
  t0: number;
}

async function givenOrder(
  options: { stock?: number; quantity?: number; listing?: Partial<ListingFields>; t0?: number } = {},
): Promise<Order> {
  const seller = await givenSeller();
  const listing = await givenListing(seller.id, { currentStock: options.stock ?? 1, ...options.listing });
  const customerId = randomUUID();
  const t0 = options.t0 ?? Date.now();
  const { transaction } = await createTransaction({
    transition: 'request-payment',
    customerId,
    listingId: listing.id,
    checkoutKey: randomUUID(),
    orderData: { deliveryMethod: 'pickup', quantity: options.quantity ?? 1 },
    now: new Date(t0),
    timers,
  });
  return { tx: transaction, sellerId: seller.id, customerId, listingId: listing.id, t0 };
}

function actorOptions(
  order: Order,
  actor: Actor,
  now: number,
  extra: Partial<ApplyOptions> = {},
): ApplyOptions {
  const userId = actor === 'customer' ? order.customerId : actor === 'provider' ? order.sellerId : undefined;
  // The engine itself, not money (capture, refund, payout: stripe-payment-intents, paypal-orders tests).
  return { actor, ...(userId ? { userId } : {}), now: new Date(now), timers, money: noMoney, ...extra };
}

/** A step of a walk through the graph: the transition and who takes it (timers take it when due). */
type Step = [name: string, actor: Actor];

/**
 * Walks `steps` from a new order (or enquiry), checking after each one the state, version, log,
 * entry time, deadline + due item, inbox keys, ACTION item and stock.
 */
async function walk(steps: Step[], options: { enquiry?: boolean } = {}) {
  const seller = await givenSeller();
  const listing = await givenListing(seller.id, { currentStock: 3 });
  const customerId = randomUUID();
  let clock = Date.now();
  const initiated = await createTransaction({
    transition: options.enquiry ? 'enquire' : 'request-payment',
    customerId,
    listingId: listing.id,
    checkoutKey: randomUUID(),
    orderData: { deliveryMethod: 'pickup', quantity: 2 },
    now: new Date(clock),
    timers,
  });
  const order: Order = {
    tx: initiated.transaction,
    sellerId: seller.id,
    customerId,
    listingId: listing.id,
    t0: clock,
  };
  let tx = initiated.transaction;
  expect(tx.version).toBe(1);
  expect(await stockOf(listing.id)).toBe(options.enquiry ? 3 : 1);
  expect(await inbox('GSI1', `CUSTOMER#${customerId}`)).toEqual([tx.id]);
  expect(await inbox('GSI2', `PROVIDER#${seller.id}`)).toEqual([tx.id]);
  const taken: string[] = [];

  for (const [name, actor] of steps) {
    const transition = transitions.find((tr) => tr.name === name)!;
    expect(tx.state, `${name} starts from ${transition.from}`).toBe(transition.from);
    const timer = timerFor(tx.state, tx.orderData);
    clock += actor === 'system' ? timer!.afterMs + 1000 : 1000;
    if (actor === 'system') expect(timer!.transition).toBe(name);
    const before = tx;
    tx = await applyTransition(
      tx.id,
      name,
      actorOptions(order, actor, clock, {
        expectedVersion: before.version,
        params:
          name === 'request-payment-after-enquiry'
            ? { orderData: { deliveryMethod: 'pickup', quantity: 2 } }
            : name === 'dispute'
              ? { protectedData: { disputeReason: 'Arrived scratched' } }
              : name === 'mark-delivered'
                ? { protectedData: { trackingNumber: 'TRACK-1' } }
                : name.startsWith('review-')
                  ? { review: testReview }
                  : {},
      }),
    );
    taken.push(name);
    // received moves on to completed at once (its 0-second auto-complete timer).
    const followed = transition.to === 'received';
    if (followed) taken.push('auto-complete');
    const state: ProcessState = followed ? 'completed' : transition.to;
    expect(tx.state, name).toBe(state);
    expect(tx.version, name).toBe(before.version + (followed ? 2 : 1));
    expect(tx.lastTransition).toBe(followed ? 'auto-complete' : name);
    expect(tx.transitions.map((entry) => entry.transition)).toEqual([
      options.enquiry ? 'enquire' : 'request-payment',
      ...taken,
    ]);
    expect(tx.transitions.at(followed ? -2 : -1)).toMatchObject({ transition: name, by: actor });
    expect(tx.entered[transition.to]).toBe(new Date(clock).toISOString());

    // Reviews: a review transition writes its review, pending until the order is reviewed; then public.
    const reviewType = reviewTypeOf(name);
    if (reviewType) {
      expect(await getItem(keys.txReview(tx.id, reviewType))).toMatchObject({
        ...testReview,
        state: state === 'reviewed' ? 'public' : 'pending',
      });
    }
    if (state === 'reviewed') {
      for (const type of tx.reviewTypes ?? []) {
        expect(await getItem(keys.txReview(tx.id, type))).toMatchObject({
          state: 'public',
          GSI1PK: expect.any(String),
        });
      }
    }

    // Deadline and its due item: the new one put, the old one gone (unless the very same key).
    const timerNow = timerFor(state, tx.orderData);
    if (timerNow) {
      expect(tx.deadline?.transition).toBe(timerNow.transition);
      expect(await getItem(tx.deadline!.dueKey)).toMatchObject({ transactionId: tx.id, kind: 'timer' });
    } else {
      expect(tx.deadline).toBeUndefined();
    }
    const oldKey = before.deadline?.dueKey;
    if (oldKey && oldKey.SK !== tx.deadline?.dueKey.SK) expect(await getItem(oldKey)).toBeUndefined();

    // Inbox: listed while relevant, SK rewritten on every transition; removed on payment-expired.
    if (state === 'payment-expired') {
      expect(tx.GSI1PK).toBeUndefined();
      expect(await inbox('GSI1', `CUSTOMER#${customerId}`)).toEqual([]);
      expect(await inbox('GSI2', `PROVIDER#${seller.id}`)).toEqual([]);
    } else {
      expect(tx.GSI1SK).toBe(`TX#${tx.lastTransitionedAt}#${tx.id}`);
      expect(tx.GSI2SK).toBe(`TX#${tx.lastTransitionedAt}#${tx.id}`);
      expect(await inbox('GSI1', `CUSTOMER#${customerId}`)).toEqual([tx.id]);
    }

    // The provider's action item exists exactly while the sale is purchased.
    expect(Boolean(await getItem(keys.saleAction(seller.id, tx.id))), name).toBe(state === 'purchased');
    expect(await countSaleActions(seller.id)).toBe(state === 'purchased' ? 1 : 0);

    // Stock: back on the expire and cancel paths, reserved otherwise (never below zero).
    const released = state === 'payment-expired' || state === 'canceled' || state === 'enquiry';
    expect(await stockOf(listing.id), name).toBe(released ? 3 : 1);
  }
  return { tx, order };
}

describe('transaction engine: every edge of the graph', () => {
  const walks: Step[][] = [
    [['expire-payment', 'system']],
    [['cancel-payment', 'customer']],
    [['cancel-payment', 'operator']],
    [
      ['confirm-payment', 'customer'],
      ['cancel', 'customer'],
    ],
    [
      ['confirm-payment', 'customer'],
      ['cancel', 'operator'],
    ],
    [
      ['confirm-payment', 'customer'],
      ['auto-cancel', 'system'],
    ],
    [
      ['confirm-payment', 'customer'],
      ['mark-received-from-purchased', 'customer'],
      ['expire-review-period', 'system'],
    ],
    [
      ['confirm-payment', 'customer'],
      ['mark-delivered', 'provider'],
      ['mark-received', 'customer'],
      ['review-1-by-customer', 'customer'],
      ['review-2-by-provider', 'provider'],
    ],
    [
      ['confirm-payment', 'customer'],
      ['mark-delivered', 'provider'],
      ['auto-mark-received', 'system'],
      ['review-1-by-provider', 'provider'],
      ['review-2-by-customer', 'customer'],
    ],
    [
      ['confirm-payment', 'customer'],
      ['mark-delivered', 'provider'],
      ['dispute', 'customer'],
      ['auto-cancel-from-disputed', 'system'],
    ],
    [
      ['confirm-payment', 'customer'],
      ['mark-delivered', 'provider'],
      ['dispute', 'customer'],
      ['cancel-from-disputed', 'operator'],
    ],
    [
      ['confirm-payment', 'customer'],
      ['mark-delivered', 'provider'],
      ['dispute', 'customer'],
      ['mark-received-from-disputed', 'operator'],
      ['review-1-by-customer', 'customer'],
      ['expire-provider-review-period', 'system'],
    ],
    [
      ['confirm-payment', 'customer'],
      ['mark-received-from-purchased', 'customer'],
      ['review-1-by-provider', 'provider'],
      ['expire-customer-review-period', 'system'],
    ],
  ];

  it('covers all 24 transitions between the walks (initiate included)', () => {
    const covered = new Set([
      'request-payment',
      'enquire',
      'request-payment-after-enquiry',
      'auto-complete',
      ...walks.flat().map(([name]) => name),
    ]);
    expect([...covered].sort()).toEqual(transitions.map((tr) => tr.name).sort());
  });

  for (const steps of walks) {
    it(`request-payment → ${steps.map(([name, actor]) => `${name} (${actor})`).join(' → ')}`, async () => {
      await walk(steps);
    });
  }

  it('enquire → request-payment-after-enquiry (reserves stock) → confirm-payment', async () => {
    const { tx } = await walk(
      [
        ['request-payment-after-enquiry', 'customer'],
        ['confirm-payment', 'customer'],
      ],
      { enquiry: true },
    );
    expect(tx.orderData).toMatchObject({ deliveryMethod: 'pickup', quantity: 2 });
    expect(tx.payinTotal).toEqual({ amount: 190_000, currency: 'USD' });
    expect(tx.lineItems.length).toBeGreaterThan(1);
  });

  it('stores the protected data a transition carries', async () => {
    const { tx } = await walk([
      ['confirm-payment', 'customer'],
      ['mark-delivered', 'provider'],
      ['dispute', 'customer'],
    ]);
    expect(tx.protectedData).toEqual({
      trackingNumber: 'TRACK-1',
      disputeReason: 'Arrived scratched',
      // A pickup order keeps the listing's pickup place.
      pickupLocation: {
        address: '1 Main St',
        city: 'Toronto',
        region: 'ON',
        country: 'CA',
        geolocation: { lat: 43.65, lng: -79.38 },
      },
    });
  });
});

describe('transaction engine: refusals', () => {
  it('refuses the wrong state, actor, party, version and a closed cancel window, writing nothing', async () => {
    const order = await givenOrder();
    const { tx, t0 } = order;
    const at = (ms: number) => t0 + ms;
    expect(
      await codeOf(applyTransition(tx.id, 'mark-delivered', actorOptions(order, 'provider', at(1)))),
    ).toBe('transaction-invalid-transition');
    expect(
      await codeOf(applyTransition(tx.id, 'confirm-payment', actorOptions(order, 'provider', at(1)))),
    ).toBe('forbidden');
    expect(
      await codeOf(
        applyTransition(tx.id, 'confirm-payment', {
          actor: 'customer',
          userId: randomUUID(),
          money: noMoney,
        }),
      ),
    ).toBe('forbidden');
    expect(
      await codeOf(applyTransition(tx.id, 'no-such-transition', actorOptions(order, 'customer', at(1)))),
    ).toBe('validation-invalid-params');
    expect(
      await codeOf(
        applyTransition(
          tx.id,
          'confirm-payment',
          actorOptions(order, 'customer', at(1), { expectedVersion: 7 }),
        ),
      ),
    ).toBe('transaction-invalid-transition');
    // A timer before its deadline.
    expect(
      await codeOf(applyTransition(tx.id, 'expire-payment', actorOptions(order, 'system', at(MINUTE_MS)))),
    ).toBe('transaction-invalid-transition');
    expect(
      await fireTimer(tx.id, 'expire-payment', { now: new Date(at(MINUTE_MS)), timers, money: noMoney }),
    ).toEqual({
      outcome: 'not-due',
    });
    expect(await getTransaction(tx.id)).toMatchObject({ state: 'pending-payment', version: 1 });

    await applyTransition(tx.id, 'confirm-payment', actorOptions(order, 'customer', at(2000)));
    // The customer may cancel within 3 hours of the purchase only (the operator at any time).
    expect(
      await codeOf(
        applyTransition(tx.id, 'cancel', actorOptions(order, 'customer', at(2000 + 3 * HOUR_MS + 1))),
      ),
    ).toBe('transaction-invalid-transition');
    expect(await getTransaction(tx.id)).toMatchObject({ state: 'purchased', version: 2 });
    expect(
      await fireTimer(tx.id, 'expire-payment', { now: new Date(at(DAY_MS)), timers, money: noMoney }),
    ).toEqual({
      outcome: 'already-moved',
    });
  });

  it('the cancel window scales with the timers', async () => {
    const order = await givenOrder();
    const scaled = { scale: 0.001 }; // 3 h → 10.8 s
    await applyTransition(order.tx.id, 'confirm-payment', actorOptions(order, 'customer', order.t0 + 1000));
    expect(
      await codeOf(
        applyTransition(
          order.tx.id,
          'cancel',
          actorOptions(order, 'customer', order.t0 + 1000 + 10_801, { timers: scaled }),
        ),
      ),
    ).toBe('transaction-invalid-transition');
    const canceled = await applyTransition(
      order.tx.id,
      'cancel',
      actorOptions(order, 'customer', order.t0 + 1000 + 10_800, { timers: scaled }),
    );
    expect(canceled.state).toBe('canceled');
  });

  it('a held money lock answers transition-in-progress; its owner finishes and releases it', async () => {
    const order = await givenOrder();
    await applyTransition(order.tx.id, 'confirm-payment', actorOptions(order, 'customer', order.t0 + 1000));
    const startedAt = new Date(order.t0 + 2000).toISOString();
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.transaction(order.tx.id),
        UpdateExpression: 'SET moneyOp = :op',
        ExpressionAttributeValues: {
          ':op': {
            op: 'payout',
            transition: 'mark-received-from-purchased',
            key: `payout-${order.tx.id}`,
            startedAt,
            retryAt: startedAt,
          },
        },
      }),
    );
    expect(
      await codeOf(
        applyTransition(order.tx.id, 'mark-delivered', actorOptions(order, 'provider', order.t0 + 3000)),
      ),
    ).toBe('transition-in-progress');
    expect(
      await codeOf(applyTransition(order.tx.id, 'cancel', actorOptions(order, 'operator', order.t0 + 3000))),
    ).toBe('transition-in-progress');
    const received = await applyTransition(
      order.tx.id,
      'mark-received-from-purchased',
      actorOptions(order, 'customer', order.t0 + 3000, { moneyOpKey: `payout-${order.tx.id}` }),
    );
    expect(received.state).toBe('completed');
    expect(received.moneyOp).toBeUndefined();
  });
});

describe('transaction engine: initiate and stock', () => {
  it('initiate is idempotent per checkout key: the same order back, stock reserved once', async () => {
    const seller = await givenSeller();
    const listing = await givenListing(seller.id, { currentStock: 5 });
    const customerId = randomUUID();
    const input = {
      transition: 'request-payment' as const,
      customerId,
      listingId: listing.id,
      checkoutKey: randomUUID(),
      orderData: { deliveryMethod: 'pickup' as const, quantity: 2 },
      timers,
    };
    const [first, second] = await Promise.all([createTransaction(input), createTransaction(input)]);
    expect(first.transaction.id).toBe(second.transaction.id);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    const third = await createTransaction(input);
    expect(third).toMatchObject({ created: false, transaction: { id: first.transaction.id, version: 1 } });
    expect(await stockOf(listing.id)).toBe(3);
  });

  it('reserves down to zero, refuses more, and gives everything back on expiry and cancel', async () => {
    const order = await givenOrder({ stock: 3, quantity: 2 });
    expect(await stockOf(order.listingId)).toBe(1);
    const more = createTransaction({
      transition: 'request-payment',
      customerId: randomUUID(),
      listingId: order.listingId,
      checkoutKey: randomUUID(),
      orderData: { deliveryMethod: 'pickup', quantity: 2 },
      timers,
    });
    expect(await codeOf(more)).toBe('transaction-listing-insufficient-stock');
    const last = await createTransaction({
      transition: 'request-payment',
      customerId: randomUUID(),
      listingId: order.listingId,
      checkoutKey: randomUUID(),
      orderData: { deliveryMethod: 'pickup', quantity: 1 },
      timers,
    });
    expect(await stockOf(order.listingId)).toBe(0);
    await applyTransition(
      order.tx.id,
      'expire-payment',
      actorOptions(order, 'system', order.t0 + 16 * MINUTE_MS),
    );
    expect(await stockOf(order.listingId)).toBe(2);
    await applyTransition(last.transaction.id, 'cancel-payment', {
      actor: 'customer',
      userId: last.transaction.customerId,
      timers,
      money: noMoney,
    });
    expect(await stockOf(order.listingId)).toBe(3);
  });

  it('stock comes back even to a closed listing; a closed or deleted listing cannot be ordered (404)', async () => {
    const order = await givenOrder({ stock: 1 });
    await updateListing(order.listingId, { set: { state: 'closed' } });
    const refused = createTransaction({
      transition: 'request-payment',
      customerId: randomUUID(),
      listingId: order.listingId,
      checkoutKey: randomUUID(),
      orderData: { deliveryMethod: 'pickup', quantity: 1 },
      timers,
    });
    expect(await codeOf(refused)).toBe('transaction-listing-not-found');
    await applyTransition(order.tx.id, 'cancel-payment', actorOptions(order, 'operator', order.t0 + 1000));
    expect(await stockOf(order.listingId)).toBe(1);

    const deleted = await givenOrder({ stock: 2 });
    await updateListing(deleted.listingId, { set: { deleted: true } });
    expect(
      await codeOf(
        createTransaction({
          transition: 'request-payment',
          customerId: randomUUID(),
          listingId: deleted.listingId,
          checkoutKey: randomUUID(),
          orderData: { deliveryMethod: 'pickup', quantity: 1 },
          timers,
        }),
      ),
    ).toBe('transaction-listing-not-found');
  });

  it('refuses the own listing (403), a missing quantity (400) and an unknown listing (404)', async () => {
    const seller = await givenSeller();
    const listing = await givenListing(seller.id, { currentStock: 2 });
    const base = {
      transition: 'request-payment' as const,
      listingId: listing.id,
      orderData: { deliveryMethod: 'pickup' as const, quantity: 1 },
      timers,
    };
    expect(
      await codeOf(createTransaction({ ...base, customerId: seller.id, checkoutKey: randomUUID() })),
    ).toBe('forbidden');
    const noQuantity = createTransaction({
      ...base,
      customerId: randomUUID(),
      checkoutKey: randomUUID(),
      orderData: { deliveryMethod: 'pickup' },
    });
    await expect(noQuantity).rejects.toMatchObject({
      code: 'validation-invalid-params',
      message: 'transition should contain quantity information',
    });
    expect(
      await codeOf(
        createTransaction({
          ...base,
          customerId: randomUUID(),
          checkoutKey: randomUUID(),
          listingId: randomUUID(),
        }),
      ),
    ).toBe('transaction-listing-not-found');
    expect(await stockOf(listing.id)).toBe(2);
  });

  it('request-payment-after-enquiry reserves stock conditionally: of two enquiries for the last unit one wins', async () => {
    const seller = await givenSeller();
    const listing = await givenListing(seller.id, { currentStock: 1 });
    const enquiries = await Promise.all(
      [randomUUID(), randomUUID(), randomUUID()].map((customerId) =>
        createTransaction({
          transition: 'enquire',
          customerId,
          listingId: listing.id,
          checkoutKey: randomUUID(),
          timers,
        }),
      ),
    );
    expect(await stockOf(listing.id)).toBe(1);
    const request = (tx: TransactionRecord) =>
      applyTransition(tx.id, 'request-payment-after-enquiry', {
        actor: 'customer',
        userId: tx.customerId,
        params: { orderData: { deliveryMethod: 'pickup', quantity: 1 } },
        timers,
        money: noMoney,
      });
    const [a, b] = await Promise.allSettled([
      request(enquiries[0]!.transaction),
      request(enquiries[1]!.transaction),
    ]);
    expect([a, b].filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const loser = [a, b].find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(loser.reason).toMatchObject({ code: 'transaction-listing-insufficient-stock' });
    expect(await stockOf(listing.id)).toBe(0);
    // Sold out: the third enquiry is refused too and stays an enquiry.
    expect(await codeOf(request(enquiries[2]!.transaction))).toBe('transaction-listing-insufficient-stock');
    expect(await getTransaction(enquiries[2]!.transaction.id)).toMatchObject({
      state: 'enquiry',
      version: 1,
    });
    // A closed listing: not found.
    await updateListing(listing.id, { set: { state: 'closed', currentStock: 5 } });
    expect(await codeOf(request(enquiries[2]!.transaction))).toBe('transaction-listing-not-found');
  });

  it('20 concurrent request-payments for stock 1 → one order, stock 0, 19 × insufficient stock, no other errors', async () => {
    const seller = await givenSeller();
    const listing = await givenListing(seller.id, { currentStock: 1 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        createTransaction({
          transition: 'request-payment',
          customerId: randomUUID(),
          listingId: listing.id,
          checkoutKey: randomUUID(),
          orderData: { deliveryMethod: 'pickup', quantity: 1 },
          timers,
        }),
      ),
    );
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    const rejected = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(rejected.filter((e) => !(e instanceof ApiError))).toEqual([]);
    expect(rejected.map((e: ApiError) => e.code)).toEqual(
      Array(19).fill('transaction-listing-insufficient-stock'),
    );
    expect(fulfilled).toHaveLength(1);
    expect(await stockOf(listing.id)).toBe(0);
    expect(await inbox('GSI2', `PROVIDER#${seller.id}`)).toHaveLength(1);
  });
});

describe('transaction engine: races', () => {
  it('a timer and a user transition on the same version: exactly one wins (×50)', async () => {
    const outcomes = { timer: 0, user: 0 };
    const races = Array.from({ length: 50 }, (_, i) => i);
    // 5 at a time, so the 50 races finish well inside the timeout.
    for (let start = 0; start < races.length; start += 5) {
      await Promise.all(
        races.slice(start, start + 5).map(async () => {
          const order = await givenOrder({ stock: 1 });
          const purchased = await applyTransition(
            order.tx.id,
            'confirm-payment',
            actorOptions(order, 'customer', order.t0 + 1000),
          );
          const late = order.t0 + 1000 + 5 * DAY_MS; // the auto-cancel deadline, exactly
          const [timer, user] = await Promise.allSettled([
            applyTransition(
              order.tx.id,
              'auto-cancel',
              actorOptions(order, 'system', late, { expectedVersion: purchased.version }),
            ),
            applyTransition(
              order.tx.id,
              'mark-delivered',
              actorOptions(order, 'provider', late, { expectedVersion: purchased.version }),
            ),
          ]);
          const wins = [timer, user].filter((r) => r.status === 'fulfilled');
          expect(wins).toHaveLength(1);
          const loser = [timer, user].find((r) => r.status === 'rejected') as PromiseRejectedResult;
          expect(loser.reason).toBeInstanceOf(ApiError);
          expect(loser.reason.code).toBe('transaction-invalid-transition');
          const final = (await getTransaction(order.tx.id))!;
          expect(final.version).toBe(purchased.version + 1);
          expect(final.transitions).toHaveLength(3);
          if (timer.status === 'fulfilled') {
            outcomes.timer++;
            expect(final.state).toBe('canceled');
            expect(await stockOf(order.listingId)).toBe(1);
          } else {
            outcomes.user++;
            expect(final.state).toBe('delivered');
            expect(await stockOf(order.listingId)).toBe(0);
          }
          expect(await getItem(keys.saleAction(order.sellerId, order.tx.id))).toBeUndefined();
        }),
      );
    }
    expect(outcomes.timer + outcomes.user).toBe(50);
  }, 120_000);
});

describe('transaction engine: finance outbox', () => {
  const captured = (order: Order, type: 'PaymentCaptured' | 'RefundIssued', now: number) =>
    type === 'PaymentCaptured'
      ? outboxPut({
          type,
          data: {
            transactionId: order.tx.id,
            customerId: order.customerId,
            provider: 'stripe',
            providerPaymentId: `pi_${order.tx.id}`,
            amount: order.tx.payinTotal,
          },
          occurredAt: new Date(now),
        })
      : outboxPut({
          type,
          data: {
            transactionId: order.tx.id,
            customerId: order.customerId,
            provider: 'stripe',
            providerRefundId: `re_${order.tx.id}`,
            amount: order.tx.payinTotal,
            reason: 'payment-expired',
          },
          occurredAt: new Date(now),
        });

  it('writes the outbox Put with the transition, atomically', async () => {
    const order = await givenOrder();
    const now = order.t0 + 1000;
    const tx = await applyTransition(
      order.tx.id,
      'confirm-payment',
      actorOptions(order, 'customer', now, { outbox: [captured(order, 'PaymentCaptured', now)] }),
    );
    expect(tx.state).toBe('purchased');
    expect(await getItem(keys.txEvent(order.tx.id, 'PaymentCaptured'))).toMatchObject({
      eventType: 'PaymentCaptured',
      detail: { id: `${order.tx.id}:PaymentCaptured` },
    });
  });

  it('an event that exists already cancels the whole transition (and nothing else is written)', async () => {
    const order = await givenOrder();
    const now = order.t0 + 1000;
    await sendTransactWrite({ TransactItems: [captured(order, 'PaymentCaptured', now)] });
    expect(
      await codeOf(
        applyTransition(
          order.tx.id,
          'confirm-payment',
          actorOptions(order, 'customer', now, { outbox: [captured(order, 'PaymentCaptured', now)] }),
        ),
      ),
    ).toBe('conflict');
    expect(await getTransaction(order.tx.id)).toMatchObject({ state: 'pending-payment', version: 1 });
    expect(await getItem(keys.saleAction(order.sellerId, order.tx.id))).toBeUndefined();
  });

  it('of two racing transitions only the winner’s event is written (×10)', async () => {
    for (let i = 0; i < 10; i++) {
      const order = await givenOrder();
      const now = order.t0 + 16 * MINUTE_MS;
      const [confirm, expire] = await Promise.allSettled([
        applyTransition(
          order.tx.id,
          'confirm-payment',
          actorOptions(order, 'customer', now, {
            expectedVersion: 1,
            outbox: [captured(order, 'PaymentCaptured', now)],
          }),
        ),
        applyTransition(
          order.tx.id,
          'expire-payment',
          actorOptions(order, 'system', now, {
            expectedVersion: 1,
            outbox: [captured(order, 'RefundIssued', now)],
          }),
        ),
      ]);
      expect([confirm, expire].filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const capturedEvent = await getItem(keys.txEvent(order.tx.id, 'PaymentCaptured'));
      const refundEvent = await getItem(keys.txEvent(order.tx.id, 'RefundIssued'));
      expect(Boolean(capturedEvent)).toBe(confirm.status === 'fulfilled');
      expect(Boolean(refundEvent)).toBe(expire.status === 'fulfilled');
    }
  }, 60_000);
});

describe('transaction engine: due items', () => {
  it('the sweeper query finds a due deadline and not one in the future', async () => {
    const order = await givenOrder();
    const dueAt = Date.parse(order.tx.deadline!.dueAt);
    const before = await queryDueItems(new Date(dueAt - 1));
    expect(before.some((item) => item.transactionId === order.tx.id)).toBe(false);
    const due = await queryDueItems(new Date(dueAt), 1000);
    expect(due.find((item) => item.transactionId === order.tx.id)).toMatchObject({
      transition: 'expire-payment',
      kind: 'timer',
      dueAt: order.tx.deadline!.dueAt,
    });
  });
});
