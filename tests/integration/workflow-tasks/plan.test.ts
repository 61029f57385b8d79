import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iso, t0 } from '../../../functions/orders/stored-order.test-helper';
import { handler } from '../../../functions/orders/workflow/plan';
import { DAY_MS } from '../../../shared/config/constants';
import { givenTx, ownTablePerTest } from '../own-table';

ownTablePerTest();
beforeEach(() => {
  delete process.env.ORDER_TIMER_MAX_WAIT_SECONDS;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(t0 + 60_000);
});
afterAll(() => vi.useRealTimers());

describe('orders/workflow/plan', () => {
  it('plans the wait until the state’s timer: exactly {transactionId, state, version, waitSeconds}', async () => {
    await givenTx();
    expect(await handler({ transactionId: 'tx-1' })).toEqual({
      transactionId: 'tx-1',
      state: 'pending-payment',
      version: 1,
      waitSeconds: 14 * 60,
    });
  });

  it('caps the wait with ORDER_TIMER_MAX_WAIT_SECONDS (a 60-day dispute waits in laps)', async () => {
    process.env.ORDER_TIMER_MAX_WAIT_SECONDS = '2';
    await givenTx({ state: 'disputed', version: 4, entered: { disputed: iso(0) }, deadline: undefined });
    expect(await handler({ transactionId: 'tx-1' })).toMatchObject({ state: 'disputed', waitSeconds: 2 });
  });

  it('waits at least 1 s for an overdue timer', async () => {
    await givenTx({ state: 'purchased', entered: { purchased: iso(-6 * DAY_MS) } });
    expect((await handler({ transactionId: 'tx-1' })).waitSeconds).toBe(1);
  });

  it.each([
    ['a terminal state', { state: 'canceled' as const }, 'is canceled'],
    [
      'a state without a timer (enquiry)',
      { state: 'enquiry' as const, entered: { enquiry: iso(0) } },
      'is enquiry',
    ],
  ])('throws Order.Closed for %s', async (_, overrides, cause) => {
    await givenTx(overrides);
    const error = await handler({ transactionId: 'tx-1' }).catch((e: Error) => e);
    expect(error).toMatchObject({ name: 'Order.Closed' });
    expect((error as Error).message).toContain(cause);
  });

  it('throws Order.Closed for a missing order', async () => {
    await expect(handler({ transactionId: 'nope' })).rejects.toMatchObject({
      name: 'Order.Closed',
      message: 'Order nope does not exist',
    });
  });
});
