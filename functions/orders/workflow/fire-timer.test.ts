import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../../shared/config/constants';
import {
  applyTransactWrite,
  givenTx,
  hasItem,
  iso,
  items,
  lostRace,
  resetFakes,
  sfnMock,
  stored,
  t0,
  transactWrites,
} from '../fake-table.test-helper';
import { dueItem } from '../record';
import { handler } from './fire-timer';

// The timer mechanics, not money: the engine's default money hooks (capture, refund, payout) are
// switched off; the rest of the money module stays real.
vi.mock('../money', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../money')>()),
  orderMoney: {},
}));

beforeEach(() => {
  process.env.TABLE_NAME = 'test-table';
  delete process.env.ORDER_STATE_MACHINE_ARN;
  delete process.env.ORDER_TIMER_MAX_WAIT_SECONDS;
  resetFakes({ onTransactWrite: applyTransactWrite });
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterAll(() => vi.useRealTimers());

function deadlineOf(transition: 'auto-mark-received' | 'auto-cancel', dueAt: string) {
  const due = dueItem('tx-1', { transition, dueAt });
  items.set(`${due.PK}|${due.SK}`, { ...due });
  return { transition, dueAt, dueKey: { PK: due.PK, SK: due.SK } };
}

describe('orders/workflow/fire-timer', () => {
  it('fires the due timer (expire-payment) and ends the workflow: Order.Closed', async () => {
    const tx = givenTx();
    vi.setSystemTime(t0 + 15 * 60_000);
    await expect(handler({ transactionId: 'tx-1', version: 1 })).rejects.toMatchObject({
      name: 'Order.Closed',
    });
    expect(stored()).toMatchObject({
      state: 'payment-expired',
      version: 2,
      lastTransition: 'expire-payment',
    });
    expect(hasItem(tx.deadline!.dueKey)).toBe(false);
    expect(transactWrites).toHaveLength(1);
  });

  it('fires auto-mark-received (then auto-complete at once) and plans the review period', async () => {
    vi.setSystemTime(t0 + 60_000);
    givenTx({
      state: 'delivered',
      version: 3,
      entered: { purchased: iso(-4 * DAY_MS), delivered: iso(-3 * DAY_MS) },
      deadline: deadlineOf('auto-mark-received', iso(0)),
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
    givenTx();
    vi.setSystemTime(t0 + 100_000);
    expect(await handler({ transactionId: 'tx-1', version: 1 })).toEqual({
      transactionId: 'tx-1',
      state: 'pending-payment',
      version: 1,
      waitSeconds: 100,
    });
    expect(transactWrites).toHaveLength(0);
  });

  it('loses the race to a user transition: already moved, plans from the new state', async () => {
    givenTx({
      state: 'purchased',
      entered: { purchased: iso(-5 * DAY_MS) },
      deadline: deadlineOf('auto-cancel', iso(0)),
    });
    vi.setSystemTime(t0 + 1000);
    resetFakes({
      onTransactWrite: () => {
        const current = stored()!;
        Object.assign(current, {
          state: 'delivered',
          version: 2,
          entered: { ...current.entered, delivered: iso(500) },
          deadline: deadlineOf('auto-mark-received', iso(500 + 3 * DAY_MS)),
        });
        throw lostRace();
      },
    });
    givenTx({
      state: 'purchased',
      entered: { purchased: iso(-5 * DAY_MS) },
      deadline: deadlineOf('auto-cancel', iso(0)),
    });
    expect(await handler({ transactionId: 'tx-1', version: 1 })).toEqual({
      transactionId: 'tx-1',
      state: 'delivered',
      version: 2,
      waitSeconds: 3 * 24 * 3600, // ceil(3 days − 0.5 s)
    });
  });

  it('a due timer blocked by a money operation is retried after a minute (×scale), not every second', async () => {
    givenTx({
      state: 'purchased',
      entered: { purchased: iso(-5 * DAY_MS) },
      deadline: deadlineOf('auto-cancel', iso(0)),
      moneyOp: {
        op: 'payout',
        transition: 'mark-received-from-purchased',
        key: 'payout-tx-1',
        startedAt: iso(0),
        retryAt: iso(120_000),
      },
    });
    vi.setSystemTime(t0 + 1000);
    expect(await handler({ transactionId: 'tx-1', version: 1 })).toMatchObject({
      state: 'purchased',
      version: 1,
      waitSeconds: 60,
    });
    expect(transactWrites).toHaveLength(0);
  });

  it('a missing order ends the workflow', async () => {
    vi.setSystemTime(t0);
    await expect(handler({ transactionId: 'gone' })).rejects.toMatchObject({ name: 'Order.Closed' });
  });
});
