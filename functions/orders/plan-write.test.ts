import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../shared/config/constants';
import { ApiError } from '../lib/errors';
import { keys } from '../lib/table-design';
import { planTransitionWrite, type TransitionParams, type WriteInputs } from './plan-write';
import type { TransactionRecord } from './record';
import { iso, payoutLock, purchased, storedOrder, t0 } from './stored-order.test-helper';
import { checkTransitionRequest, type TransitionRequest } from './transition-checks';

const timers = { scale: 1 };

beforeAll(() => {
  process.env.TABLE_NAME = 'test-table';
});

/** An order of a quantity of 2 (pending-payment since t0, version 1). */
const orderOf = (overrides: Partial<TransactionRecord> = {}): TransactionRecord =>
  storedOrder({ orderData: { deliveryMethod: 'pickup', quantity: 2 }, ...overrides });

/** The write the engine plans for `request` at t0 + `at`, after the same checks. */
function plan(
  tx: TransactionRecord,
  name: string,
  request: TransitionRequest & { at: number; params?: TransitionParams },
  inputs: WriteInputs = {},
) {
  const now = new Date(t0 + request.at);
  const checked = checkTransitionRequest(tx, name, request, { now, timers });
  if (!checked.ok) throw new Error(`refused: ${checked.refusal}`);
  return planTransitionWrite(
    {
      transaction: tx,
      transition: checked.transition,
      to: checked.to,
      actor: request.actor,
      ...(request.userId !== undefined ? { userId: request.userId } : {}),
      params: request.params ?? {},
      now,
      timers,
    },
    inputs,
  );
}

/** The condition and update with placeholders replaced, for readable assertions. */
function readable(update: {
  UpdateExpression?: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}) {
  const fill = (text = '') =>
    text
      .replace(/#n\d+/g, (name) => update.ExpressionAttributeNames![name]!)
      .replace(/:v\d+/g, (value) => JSON.stringify(update.ExpressionAttributeValues![value]));
  return { condition: fill(update.ConditionExpression), update: fill(update.UpdateExpression) };
}

const customer = { actor: 'customer' as const, userId: 'c-1' };
const provider = { actor: 'provider' as const, userId: 'p-1' };

describe('planTransitionWrite: the one conditional write', () => {
  it('confirm-payment: the state, log, entry, deadline + due items, ACTION, reminder and outbox', () => {
    const tx = orderOf();
    const outbox = { Put: { TableName: 'test-table', Item: { ...keys.txEvent('tx-1', 'PaymentCaptured') } } };
    const write = plan(tx, 'confirm-payment', { ...customer, at: 60_000 }, { outbox: [outbox] });
    const [txUpdate, deleteOld, putNew, action, reminder, event, ...rest] = write.items;
    expect(rest).toEqual([]);
    expect(write.stockIndex).toBe(-1);
    expect(txUpdate!.Update!.Key).toEqual(keys.transaction('tx-1'));
    const { condition, update } = readable(txUpdate!.Update!);
    expect(condition).toBe('state = "pending-payment" AND version = 1 AND attribute_not_exists(moneyOp)');
    // The seller's ship reminder, 3 days after purchase.
    expect(reminder!.Put!.Item).toMatchObject({
      kind: 'reminder',
      reminder: 'ship',
      state: 'purchased',
      transactionId: 'tx-1',
      dueAt: iso(60_000 + 3 * DAY_MS),
    });
    expect(update).toContain('state = "purchased"');
    expect(update).toContain('version = 2');
    expect(update).toContain(`entered.purchased = if_not_exists(entered.purchased, "${iso(60_000)}")`);
    expect(update).toContain('transitions = list_append(transitions, [{"transition":"confirm-payment"');
    expect(update).toContain(`GSI1SK = "TX#${iso(60_000)}#tx-1"`);
    expect(update).toContain(`"transition":"auto-cancel","dueAt":"${iso(60_000 + 5 * DAY_MS)}"`);
    expect(deleteOld).toEqual({ Delete: { TableName: 'test-table', Key: tx.deadline!.dueKey } });
    expect(putNew!.Put!.Item).toMatchObject({
      transition: 'auto-cancel',
      kind: 'timer',
      transactionId: 'tx-1',
    });
    expect(write.due).toMatchObject({ transition: 'auto-cancel', dueAt: iso(60_000 + 5 * DAY_MS) });
    expect(action!.Put!.Item).toMatchObject(keys.saleAction('p-1', 'tx-1'));
    expect(event).toBe(outbox);
  });

  it('expire-payment (system): due deadline in the condition, stock back, inbox keys and deadline removed', () => {
    const write = plan(orderOf(), 'expire-payment', { actor: 'system', at: 15 * 60_000 });
    const [txUpdate, release, deleteOld, ...rest] = write.items;
    expect(rest).toEqual([]);
    expect(write.due).toBeUndefined();
    const { condition, update } = readable(txUpdate!.Update!);
    expect(condition).toContain('deadline.transition = "expire-payment"');
    expect(condition).toContain(`deadline.dueAt <= "${iso(15 * 60_000)}"`);
    expect(update).toMatch(/REMOVE deadline, GSI1PK, GSI1SK, GSI2PK, GSI2SK$/);
    expect(release!.Update).toMatchObject({
      Key: keys.listing('l-1'),
      UpdateExpression: 'ADD currentStock :q',
      ExpressionAttributeValues: { ':q': 2 },
    });
    expect(release!.Update!.ConditionExpression).toBeUndefined();
    expect(deleteOld!.Delete).toBeDefined();
  });

  it('leaving purchased deletes the ACTION item; the customer cancel re-checks its window in the write', () => {
    const tx = orderOf({
      state: 'purchased',
      version: 2,
      entered: { initial: iso(0), 'pending-payment': iso(0), purchased: iso(1000) },
      deadline: undefined,
    });
    const [txUpdate, release, action, ...rest] = plan(tx, 'cancel', { ...customer, at: HOUR_MS }).items;
    expect(rest).toEqual([]);
    expect(readable(txUpdate!.Update!).condition).toContain(
      `entered.purchased >= "${iso(HOUR_MS - 3 * HOUR_MS)}"`,
    );
    expect(release!.Update!.UpdateExpression).toBe('ADD currentStock :q');
    expect(action).toEqual({ Delete: { TableName: 'test-table', Key: keys.saleAction('p-1', 'tx-1') } });
  });

  it('the money phase’s additions: attributes, protected data and items in the same write', () => {
    const tx = orderOf(purchased());
    const event = { Put: { TableName: 'test-table', Item: { PK: 'TX#tx-1', SK: 'EVENT#PayoutDisbursed' } } };
    const write = plan(
      tx,
      'mark-received-from-purchased',
      { ...customer, at: 1000 },
      {
        additions: {
          set: { payment: { method: 'paypal', paypalCaptureId: 'cap' } },
          remove: ['capturedLate'],
          protectedData: { paypalDisbursementId: 'd-1' },
          items: [event],
        },
      },
    );
    const { update } = readable(write.items[0]!.Update!);
    expect(update).toContain('protectedData.paypalDisbursementId = "d-1"');
    expect(update).toContain('payment = {"method":"paypal","paypalCaptureId":"cap"}');
    expect(update).toMatch(/REMOVE .*capturedLate$/);
    expect(write.items.at(-1)).toBe(event);
  });

  it('a money lock this write finishes: its key in the condition, and moneyOp removed', () => {
    const tx = orderOf(purchased({ moneyOp: payoutLock() }));
    const write = plan(
      tx,
      'mark-received-from-purchased',
      { ...customer, at: 1000 },
      { moneyOpKey: 'payout-tx-1' },
    );
    const { condition, update } = readable(write.items[0]!.Update!);
    expect(condition).toBe('state = "purchased" AND version = 2 AND moneyOp.key = "payout-tx-1"');
    expect(update).toContain('REMOVE moneyOp');
  });

  it('protected data of the transition is written; the money phase’s value of the same key wins', () => {
    const tx = orderOf(purchased());
    const shipped = plan(tx, 'mark-delivered', {
      ...provider,
      at: 1000,
      params: { protectedData: { carrier: 'ups', trackingNumber: 'T-1' } },
    });
    const { update } = readable(shipped.items[0]!.Update!);
    expect(update).toContain('protectedData.carrier = "ups"');
    expect(update).toContain('protectedData.trackingNumber = "T-1"');

    const paid = plan(
      tx,
      'mark-received-from-purchased',
      { ...customer, at: 1000, params: { protectedData: { paypalDisbursementId: 'offered' } } },
      { additions: { protectedData: { paypalDisbursementId: 'checked' } } },
    );
    const paidUpdate = readable(paid.items[0]!.Update!).update;
    expect(paidUpdate).toContain('protectedData.paypalDisbursementId = "checked"');
    expect(paidUpdate).not.toContain('"offered"');
  });

  it('request-payment-after-enquiry: the priced order and payment are set, its stock reserved (and indexed)', () => {
    const tx = orderOf({
      state: 'enquiry',
      entered: { enquiry: iso(0) },
      deadline: undefined,
      orderData: {},
      transitions: [{ transition: 'enquire', by: 'customer', userId: 'c-1', createdAt: iso(0) }],
    });
    const pickupLocation = { address: '1 Main St', geolocation: { lat: 43.65, lng: -79.38 } };
    const write = plan(
      tx,
      'request-payment-after-enquiry',
      { ...customer, at: 1000, params: { payment: { stripePaymentIntentId: 'pi_1' } } },
      {
        priced: {
          orderData: { deliveryMethod: 'pickup', quantity: 3 },
          lineItems: [],
          payinTotal: { amount: 3000, currency: 'USD' },
          payoutTotal: { amount: 2700, currency: 'USD' },
          pickupLocation,
        },
      },
    );
    expect(write.stockIndex).toBe(1);
    expect(write.items[1]!.Update).toMatchObject({
      Key: keys.listing('l-1'),
      ExpressionAttributeValues: expect.objectContaining({ ':q': 3 }),
    });
    const { update } = readable(write.items[0]!.Update!);
    expect(update).toContain('orderData = {"deliveryMethod":"pickup","quantity":3}');
    expect(update).toContain('payinTotal = {"amount":3000,"currency":"USD"}');
    expect(update).toContain('payment = {"stripePaymentIntentId":"pi_1","method":"card"}');
    expect(update).toContain(`protectedData.pickupLocation = ${JSON.stringify(pickupLocation)}`);
    // The new payment timer is planned from the priced order.
    expect(write.due).toMatchObject({ transition: 'expire-payment', dueAt: iso(1000 + 15 * 60_000) });
  });

  it('a deadline kept under the same key: the due item is put, not also deleted (one op per item)', () => {
    const later = iso(60_000 + 5 * DAY_MS);
    const sameKey = keys.due('tx-1', later, 'timer');
    const tx = orderOf({
      deadline: { transition: 'expire-payment', dueAt: iso(15 * 60_000), dueKey: sameKey },
    });
    const write = plan(tx, 'confirm-payment', { ...customer, at: 60_000 });
    expect(write.items.filter((item) => item.Delete?.Key?.SK === sameKey.SK)).toEqual([]);
    expect(write.items.filter((item) => item.Put?.Item?.SK === sameKey.SK)).toHaveLength(1);
  });

  it('received: its 0-second auto-complete is the planned due item, due at once', () => {
    const tx = orderOf(purchased());
    const write = plan(tx, 'mark-received-from-purchased', { ...customer, at: 1000 });
    expect(write.due).toMatchObject({ transition: 'auto-complete', dueAt: iso(1000) });
  });

  it('a review transition writes its review (pending) and the review types; without a review it is refused', () => {
    const tx = orderOf({
      state: 'completed',
      version: 5,
      entered: { completed: iso(0) },
      deadline: undefined,
    });
    const review = { rating: 5, content: 'Smooth' };
    const write = plan(tx, 'review-1-by-customer', { ...customer, at: 1000, params: { review } });
    expect(readable(write.items[0]!.Update!).update).toContain('reviewTypes = ["ofProvider"]');
    expect(
      write.items.find((item) => item.Put?.Item?.SK === keys.txReview('tx-1', 'ofProvider').SK),
    ).toMatchObject({
      Put: { Item: { ...review, state: 'pending' }, ConditionExpression: 'attribute_not_exists(PK)' },
    });
    expect(() => plan(tx, 'review-1-by-customer', { ...customer, at: 1000 })).toThrow(ApiError);
  });
});
