import { SFNClient } from '@aws-sdk/client-sfn';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTransition, type MoneyHooks, noMoney } from '../../../functions/orders/engine';
import { dueItem } from '../../../functions/orders/record';
import { iso, payoutLock, t0 } from '../../../functions/orders/stored-order.test-helper';
import { handler } from '../../../functions/orders/workflow/fire-timer';
import { DAY_MS } from '../../../shared/config/constants';
import { givenTx, hasItem, ownTablePerTest, stored, storeItem } from '../own-table';

// The timer mechanics, not money: the engine's default money hooks (capture, refund, payout) are
// replaced by `money`, empty unless a test stages a race in it; the rest of the money module stays real.
const money = vi.hoisted((): MoneyHooks => ({}));
vi.mock('../../../functions/orders/money', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../functions/orders/money')>()),
  orderMoney: money,
}));

const sfnMock = mockClient(SFNClient);

ownTablePerTest();
beforeEach(() => {
  delete process.env.ORDER_STATE_MACHINE_ARN;
  delete process.env.ORDER_TIMER_MAX_WAIT_SECONDS;
  delete money.beforeWrite;
  sfnMock.reset();
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterAll(() => {
  vi.useRealTimers();
  sfnMock.restore();
});

async function deadlineOf(transition: 'auto-mark-received' | 'auto-cancel', dueAt: string) {
  const due = dueItem('tx-1', { transition, dueAt });
  await storeItem({ ...due });
  return { transition, dueAt, dueKey: { PK: due.PK, SK: due.SK } };
}

describe('orders/workflow/fire-timer', () => {
  it('fires the due timer (expire-payment) and ends the workflow: Order.Closed', async () => {
    const tx = await givenTx();
    vi.setSystemTime(t0 + 15 * 60_000);
    await expect(handler({ transactionId: 'tx-1', version: 1 })).rejects.toMatchObject({
      name: 'Order.Closed',
    });
    const after = await stored();
    expect(after).toMatchObject({
      state: 'payment-expired',
      version: 2,
      lastTransition: 'expire-payment',
    });
    expect(after!.transitions.map((entry) => entry.transition)).toEqual([
      'request-payment',
      'expire-payment',
    ]);
    expect(await hasItem(tx.deadline!.dueKey)).toBe(false);
  });

  it('fires auto-mark-received (then auto-complete at once) and plans the review period', async () => {
    vi.setSystemTime(t0 + 60_000);
    await givenTx({
      state: 'delivered',
      version: 3,
      entered: { purchased: iso(-4 * DAY_MS), delivered: iso(-3 * DAY_MS) },
      deadline: await deadlineOf('auto-mark-received', iso(0)),
    });
    expect(await handler({ transactionId: 'tx-1', version: 3 })).toEqual({
      transactionId: 'tx-1',
      state: 'completed',
      version: 5,
      waitSeconds: 7 * 24 * 3600, // review period from entering received (now)
    });
    expect(sfnMock.calls()).toHaveLength(0); // no ORDER_STATE_MACHINE_ARN: no token answering
  });

  it('woken before the deadline (capped wait): writes nothing and plans the rest', async () => {
    process.env.ORDER_TIMER_MAX_WAIT_SECONDS = '100';
    const tx = await givenTx();
    vi.setSystemTime(t0 + 100_000);
    expect(await handler({ transactionId: 'tx-1', version: 1 })).toEqual({
      transactionId: 'tx-1',
      state: 'pending-payment',
      version: 1,
      waitSeconds: 100,
    });
    expect(await stored()).toEqual(tx);
  });

  it('loses the race to a user transition: already moved, plans from the new state', async () => {
    await givenTx({
      state: 'purchased',
      entered: { purchased: iso(-5 * DAY_MS) },
      deadline: await deadlineOf('auto-cancel', iso(0)),
    });
    vi.setSystemTime(t0 + 1000);
    // The seller marks it shipped between the timer's read and its write.
    money.beforeWrite = async () => {
      await applyTransition('tx-1', 'mark-delivered', {
        actor: 'provider',
        userId: 'p-1',
        now: new Date(t0 + 500),
        timers: { scale: 1 },
        money: noMoney,
      });
      return undefined;
    };
    expect(await handler({ transactionId: 'tx-1', version: 1 })).toEqual({
      transactionId: 'tx-1',
      state: 'delivered',
      version: 2,
      waitSeconds: 3 * 24 * 3600, // ceil(3 days − 0.5 s)
    });
    expect((await stored())!.transitions.map((entry) => entry.transition)).toEqual([
      'request-payment',
      'mark-delivered',
    ]);
  });

  it('a due timer blocked by a money operation is retried after a minute (×scale), not every second', async () => {
    const tx = await givenTx({
      state: 'purchased',
      entered: { purchased: iso(-5 * DAY_MS) },
      deadline: await deadlineOf('auto-cancel', iso(0)),
      moneyOp: payoutLock('tx-1', { retryAt: iso(120_000) }),
    });
    vi.setSystemTime(t0 + 1000);
    expect(await handler({ transactionId: 'tx-1', version: 1 })).toMatchObject({
      state: 'purchased',
      version: 1,
      waitSeconds: 60,
    });
    expect(await stored()).toEqual(tx);
  });

  it('a missing order ends the workflow', async () => {
    vi.setSystemTime(t0);
    await expect(handler({ transactionId: 'gone' })).rejects.toMatchObject({ name: 'Order.Closed' });
  });
});
