import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../shared/config/constants';
import { ApiError } from '../lib/errors';
import { keys } from '../lib/table-design';
import { applyTransition, type MoneyHooks, noMoney } from './engine';
import {
  ddb,
  givenTx as givenStoredTx,
  iso,
  resetFakes,
  stored,
  storeItem,
  t0,
  transactWrites,
} from './fake-table.test-helper';
import type { TransactionRecord } from './record';

const timers = { scale: 1 };

beforeAll(() => {
  process.env.TABLE_NAME = 'test-table';
});

/** A stored order (pending-payment since t0, version 1) of a quantity of 2. */
const givenTx = (overrides: Partial<TransactionRecord> = {}): TransactionRecord =>
  givenStoredTx({ orderData: { deliveryMethod: 'pickup', quantity: 2 }, ...overrides });

beforeEach(() => resetFakes());

const onlyWrite = () => {
  expect(transactWrites).toHaveLength(1);
  return transactWrites[0]!.TransactItems!;
};

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

describe('applyTransition: the write', () => {
  it('confirm-payment: one conditional write of the state, log, entry, deadline + due items, ACTION, reminder and outbox', async () => {
    const tx = givenTx();
    const outbox = { Put: { TableName: 'test-table', Item: { ...keys.txEvent('tx-1', 'PaymentCaptured') } } };
    await applyTransition('tx-1', 'confirm-payment', {
      money: noMoney,
      actor: 'customer',
      userId: 'c-1',
      now: new Date(t0 + 60_000),
      timers,
      outbox: [outbox],
    });
    const [txUpdate, deleteOld, putNew, action, reminder, event, ...rest] = onlyWrite();
    expect(rest).toEqual([]);
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
    expect(action!.Put!.Item).toMatchObject(keys.saleAction('p-1', 'tx-1'));
    expect(event).toBe(outbox);
  });

  it('expire-payment (system): due deadline in the condition, stock back, inbox keys and deadline removed', async () => {
    givenTx();
    await applyTransition('tx-1', 'expire-payment', {
      money: noMoney,
      actor: 'system',
      now: new Date(t0 + 15 * 60_000),
      timers,
    });
    const [txUpdate, release, deleteOld, ...rest] = onlyWrite();
    expect(rest).toEqual([]);
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

  it('leaving purchased deletes the ACTION item; the customer cancel re-checks its window in the write', async () => {
    givenTx({
      state: 'purchased',
      version: 2,
      entered: { initial: iso(0), 'pending-payment': iso(0), purchased: iso(1000) },
      deadline: undefined,
    });
    await applyTransition('tx-1', 'cancel', {
      money: noMoney,
      actor: 'customer',
      userId: 'c-1',
      now: new Date(t0 + HOUR_MS),
      timers,
    });
    const [txUpdate, release, action] = onlyWrite();
    expect(readable(txUpdate!.Update!).condition).toContain(
      `entered.purchased >= "${iso(HOUR_MS - 3 * HOUR_MS)}"`,
    );
    expect(release!.Update!.UpdateExpression).toBe('ADD currentStock :q');
    expect(action).toEqual({ Delete: { TableName: 'test-table', Key: keys.saleAction('p-1', 'tx-1') } });
  });

  it('the money hooks add to the write and run after it', async () => {
    givenTx({ state: 'purchased', version: 2, entered: { purchased: iso(0) }, deadline: undefined });
    const after = vi.fn();
    const money: MoneyHooks = {
      beforeWrite: async (run) => {
        expect(run.to).toBe('received');
        return {
          set: { payment: { method: 'paypal', paypalCaptureId: 'cap' } },
          protectedData: { paypalDisbursementId: 'd-1' },
          items: [{ Put: { TableName: 'test-table', Item: { PK: 'TX#tx-1', SK: 'EVENT#PayoutDisbursed' } } }],
        };
      },
      afterWrite: after,
    };
    await applyTransition('tx-1', 'mark-received-from-purchased', {
      actor: 'customer',
      userId: 'c-1',
      now: new Date(t0 + 1000),
      timers,
      money,
      followImmediateTimers: false,
    });
    const write = onlyWrite();
    const { update } = readable(write[0]!.Update!);
    expect(update).toContain('protectedData.paypalDisbursementId = "d-1"');
    expect(update).toContain('payment = {"method":"paypal","paypalCaptureId":"cap"}');
    expect(write.at(-1)!.Put!.Item!.SK).toBe('EVENT#PayoutDisbursed');
    expect(after).toHaveBeenCalledOnce();
  });
});

describe('applyTransition: refusals', () => {
  const code = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (error) => (error instanceof ApiError ? error.code : String(error)),
    );

  it('refuses before writing: wrong state, wrong actor, not a party, stale version, timer not due, money lock', async () => {
    givenTx();
    const now = new Date(t0 + 1000);
    expect(
      await code(
        applyTransition('tx-1', 'mark-delivered', { money: noMoney, actor: 'provider', userId: 'p-1', now }),
      ),
    ).toBe('transaction-invalid-transition');
    expect(
      await code(
        applyTransition('tx-1', 'confirm-payment', { money: noMoney, actor: 'provider', userId: 'p-1', now }),
      ),
    ).toBe('forbidden');
    expect(
      await code(
        applyTransition('tx-1', 'confirm-payment', { money: noMoney, actor: 'customer', userId: 'x', now }),
      ),
    ).toBe('forbidden');
    expect(
      await code(
        applyTransition('tx-1', 'confirm-payment', {
          money: noMoney,
          actor: 'customer',
          userId: 'c-1',
          now,
          expectedVersion: 0,
        }),
      ),
    ).toBe('transaction-invalid-transition');
    expect(
      await code(applyTransition('tx-1', 'expire-payment', { money: noMoney, actor: 'system', now, timers })),
    ).toBe('transaction-invalid-transition');
    expect(
      await code(
        applyTransition('tx-2', 'confirm-payment', { money: noMoney, actor: 'customer', userId: 'c-1', now }),
      ),
    ).toBe('not-found');
    givenTx({
      state: 'purchased',
      version: 2,
      entered: { purchased: iso(0) },
      moneyOp: {
        op: 'payout',
        transition: 'mark-received-from-purchased',
        key: 'payout-tx-1',
        startedAt: iso(0),
        retryAt: iso(0),
      },
    });
    expect(
      await code(
        applyTransition('tx-1', 'mark-delivered', { money: noMoney, actor: 'provider', userId: 'p-1', now }),
      ),
    ).toBe('transition-in-progress');
    expect(transactWrites).toEqual([]);
  });

  it('refuses a zero payout on the payout transitions (charge refusal)', async () => {
    givenTx({
      state: 'delivered',
      version: 3,
      entered: { delivered: iso(0) },
      payoutTotal: { amount: 0, currency: 'USD' },
    });
    expect(
      await code(
        applyTransition('tx-1', 'mark-received', {
          money: noMoney,
          actor: 'customer',
          userId: 'c-1',
          now: new Date(t0),
        }),
      ),
    ).toBe('transaction-charge-zero-payout');
  });

  it('already reviewed: the review codes the web app falls back on', async () => {
    givenTx({ state: 'reviewed-by-provider', version: 5, entered: { received: iso(0) } });
    const now = new Date(t0);
    expect(
      await code(
        applyTransition('tx-1', 'review-1-by-customer', {
          money: noMoney,
          actor: 'customer',
          userId: 'c-1',
          now,
        }),
      ),
    ).toBe('transaction-already-reviewed-by-provider');
    expect(
      await code(
        applyTransition('tx-1', 'review-1-by-provider', {
          money: noMoney,
          actor: 'provider',
          userId: 'p-1',
          now,
        }),
      ),
    ).toBe('transaction-already-reviewed-by-provider');
  });

  it('maps a lost condition to invalid-transition, or to transition-in-progress when a money lock appeared', async () => {
    givenTx();
    const cancelled = new TransactionCanceledException({
      message: 'cancelled',
      $metadata: {},
      CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
    });
    ddb.on(TransactWriteCommand).rejects(cancelled);
    const now = new Date(t0 + 1000);
    expect(
      await code(
        applyTransition('tx-1', 'confirm-payment', { money: noMoney, actor: 'customer', userId: 'c-1', now }),
      ),
    ).toBe('transaction-invalid-transition');
    ddb.on(TransactWriteCommand).callsFake(() => {
      // Another caller took the money lock between our read and our write.
      storeItem({
        ...(stored('tx-1') as unknown as Record<string, unknown>),
        moneyOp: { key: 'payout-tx-1' },
      });
      throw cancelled;
    });
    expect(
      await code(
        applyTransition('tx-1', 'confirm-payment', { money: noMoney, actor: 'customer', userId: 'c-1', now }),
      ),
    ).toBe('transition-in-progress');
  });
});
