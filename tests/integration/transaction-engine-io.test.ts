import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tableName } from '../../functions/lib/aws';
import { keys } from '../../functions/lib/table-design';
import { type ApplyOptions, applyTransition, type MoneyHooks, noMoney } from '../../functions/orders/engine';
import { iso, t0 } from '../../functions/orders/stored-order.test-helper';
import { codeOf } from './fixtures';
import { givenTx, hasItem, ownTablePerTest, setOnTx, stored } from './own-table';

/**
 * The engine's I/O around its pure checks and write plan (transition-checks.ts, plan-write.ts, both
 * unit-tested): the read, the money hooks around the write, and what a condition lost between the
 * read and the write means. The rest of the engine on a real table: transaction-engine.test.ts.
 */
ownTablePerTest();

const now = new Date(t0 + 60_000);
const confirm = (money: MoneyHooks, extra: Partial<ApplyOptions> = {}) =>
  applyTransition('tx-1', 'confirm-payment', {
    actor: 'customer',
    userId: 'c-1',
    now,
    timers: { scale: 1 },
    money,
    ...extra,
  });
const moneyLock = {
  op: 'refund',
  transition: 'cancel-payment',
  key: 'refund-tx-1',
  startedAt: iso(0),
  retryAt: iso(120_000),
};

let seen: unknown[];
beforeEach(() => {
  seen = [];
});

describe('applyTransition: around the write', () => {
  it('an order that does not exist: not-found', async () => {
    expect(await codeOf(confirm(noMoney))).toBe('not-found');
  });

  it('the money hooks: beforeWrite’s additions commit with the transition; afterWrite gets the committed order, once', async () => {
    await givenTx();
    const event = { PK: 'TX#tx-1', SK: 'EVENT#PaymentCaptured', entity: 'test-event' };
    const money: MoneyHooks = {
      beforeWrite: async (run) => {
        seen.push(`before ${run.transaction.state} → ${run.to}`);
        return {
          set: { payment: { method: 'card', capturedAt: now.toISOString() } },
          protectedData: { paypalTransactionId: 'cap-1' },
          items: [{ Put: { TableName: tableName(), Item: event } }],
        };
      },
      afterWrite: async (_run, committed) => {
        seen.push(`after ${committed.state} v${committed.version}`);
      },
      writeFailed: async () => {
        seen.push('failed');
      },
    };
    const tx = await confirm(money);
    expect(seen).toEqual(['before pending-payment → purchased', 'after purchased v2']);
    expect(tx).toMatchObject({
      state: 'purchased',
      version: 2,
      payment: { method: 'card', capturedAt: now.toISOString() },
      protectedData: { paypalTransactionId: 'cap-1' },
    });
    expect(await hasItem(event)).toBe(true);
  });

  it('a money lock taken between the read and the write: transition-in-progress, nothing written, writeFailed runs', async () => {
    await givenTx();
    const money: MoneyHooks = {
      beforeWrite: async () => {
        await setOnTx({ moneyOp: moneyLock }); // another caller's refund, after our read
        return { items: [] };
      },
      writeFailed: async (_run, additions) => {
        seen.push(additions);
      },
    };
    expect(await codeOf(confirm(money))).toBe('transition-in-progress');
    expect(seen).toEqual([{ items: [] }]);
    expect(await stored()).toMatchObject({ state: 'pending-payment', version: 1, moneyOp: moneyLock });
    expect(await hasItem(keys.saleAction('p-1', 'tx-1'))).toBe(false);
  });

  it('a transition committed between the read and the write: transaction-invalid-transition, the winner’s write stands', async () => {
    await givenTx();
    const money: MoneyHooks = {
      beforeWrite: async () => {
        await applyTransition('tx-1', 'cancel-payment', { actor: 'operator', now, money: noMoney });
        return undefined;
      },
    };
    expect(await codeOf(confirm(money))).toBe('transaction-invalid-transition');
    expect(await stored()).toMatchObject({
      state: 'payment-expired',
      version: 2,
      lastTransition: 'cancel-payment',
    });
  });

  it('the caller’s version is checked against the order as read: a stale one is refused before the money phase', async () => {
    await givenTx();
    const beforeWrite = vi.fn(async () => undefined);
    expect(await codeOf(confirm({ beforeWrite }, { expectedVersion: 0 }))).toBe(
      'transaction-invalid-transition',
    );
    expect(beforeWrite).not.toHaveBeenCalled();
  });
});
