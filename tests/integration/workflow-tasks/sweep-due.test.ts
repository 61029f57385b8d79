import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryMoney } from '../../../functions/orders/money-retry';
import { digestDueItem, sendDigest } from '../../../functions/orders/notifications/message-mails';
import { reminderDueItem } from '../../../functions/orders/notifications/reminders';
import { sendReminder } from '../../../functions/orders/notifications/send-reminder';
import { dueItem } from '../../../functions/orders/record';
import { iso, payoutLock, purchased, t0 } from '../../../functions/orders/stored-order.test-helper';
import { handler, sweepGraceMs } from '../../../functions/orders/workflow/sweep-due';
import { DAY_MS } from '../../../shared/config/constants';
import { givenTx, hasItem, ownTablePerTest, stored, storeItem } from '../own-table';

/** The sweeper sweeps every due item of its table: each test has a table of its own (own-table.ts). */
vi.mock('../../../functions/lib/observability', () => ({ reportError: vi.fn(async () => undefined) }));
// The sweeper's mechanics, not money: the engine's default money hooks are switched off (the rest of
// the money module stays real), and retryMoney is a spy on the real one (a test may stub an answer).
vi.mock('../../../functions/orders/money', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../functions/orders/money')>()),
  orderMoney: {},
}));
vi.mock('../../../functions/orders/money-retry', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../functions/orders/money-retry')>();
  return { ...real, retryMoney: vi.fn(real.retryMoney) };
});

vi.mock('../../../functions/orders/notifications/send-reminder', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../functions/orders/notifications/send-reminder')>();
  return { ...real, sendReminder: vi.fn(real.sendReminder) };
});

// The digest itself is message-mails' (tested over DynamoDB Local): here, only when the sweeper calls it.
vi.mock('../../../functions/orders/notifications/message-mails', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../functions/orders/notifications/message-mails')>();
  return { ...real, sendDigest: vi.fn(async () => 'sent' as const) };
});

// Step Functions recorded: which workflows the sweeper (re)starts.
const sfnMock = mockClient(SFNClient);
const machine = 'arn:aws:states:us-east-1:000000000000:stateMachine:velo-order';

ownTablePerTest();
beforeEach(() => {
  delete process.env.ORDER_STATE_MACHINE_ARN;
  delete process.env.VELO_TIMER_SCALE;
  sfnMock.reset();
  sfnMock.on(StartExecutionCommand).resolves({});
  vi.mocked(retryMoney).mockClear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(t0 + DAY_MS);
});
afterAll(() => {
  vi.useRealTimers();
  sfnMock.restore();
});

describe('orders/workflow/sweep-due', () => {
  it('grace: 10 s × scale, at least 1 s', () => {
    expect(sweepGraceMs()).toBe(10_000);
    expect(sweepGraceMs(0.001)).toBe(1000);
  });

  it('fires timers due more than the grace ago, through the engine; leaves later ones; money items go to retryMoney', async () => {
    const a = await givenTx({}, 'tx-a'); // expire-payment due at 15 min
    // Due 5 s ago: inside the grace, still the workflow's to fire.
    const freshDue = dueItem('tx-b', { transition: 'expire-payment', dueAt: iso(DAY_MS - 5000) });
    await givenTx(
      {
        entered: { 'pending-payment': iso(DAY_MS - 5000 - 15 * 60_000) },
        deadline: {
          transition: 'expire-payment',
          dueAt: freshDue.dueAt,
          dueKey: { PK: freshDue.PK, SK: freshDue.SK },
        },
      },
      'tx-b',
    );
    await storeItem({ ...freshDue });
    await storeItem({ ...dueItem('tx-c', { transition: 'mark-received', dueAt: iso(0) }, 'money') });
    // The money item is not a timer: retryMoney gets it (tx-c is no order: nothing to retry, deleted).
    expect(await handler()).toEqual({
      fired: 1,
      resumed: 0,
      moneyRetried: 0,
      reminders: 0,
      digests: 0,
      skipped: 0,
    });
    expect(vi.mocked(retryMoney).mock.calls.map(([id]) => id)).toEqual(['tx-c']);
    expect(await stored('tx-a')).toMatchObject({ state: 'payment-expired', version: 2 });
    expect(await hasItem(a.deadline!.dueKey)).toBe(false);
    expect(await stored('tx-b')).toMatchObject({ state: 'pending-payment', version: 1 });
  });

  it('money items: handed to retryMoney and counted; one whose order holds no moneyOp is deleted', async () => {
    const { retryMoney: realRetryMoney } = await vi.importActual<
      typeof import('../../../functions/orders/money-retry')
    >('../../../functions/orders/money-retry');
    // An unfinished payout: the lock on the order and its retry item (due long ago).
    const heldItem = dueItem(
      'tx-held',
      { transition: 'mark-received-from-purchased', dueAt: iso(0) },
      'money',
    );
    await givenTx(
      purchased({
        moneyOp: payoutLock('tx-held', { startedAt: iso(-120_000), actor: 'customer', userId: 'c-1' }),
      }),
      'tx-held',
    );
    await storeItem({ ...heldItem });
    // A money item left behind: its order holds no moneyOp (the operation was finished).
    const leftItem = dueItem('tx-free', { transition: 'cancel', dueAt: iso(0) }, 'money');
    const free = await givenTx({ state: 'canceled', version: 3, deadline: undefined }, 'tx-free');
    await storeItem({ ...leftItem });
    vi.mocked(retryMoney).mockImplementation(async (id, now, timers) =>
      id === 'tx-held' ? 'done' : realRetryMoney(id, now, timers),
    );

    expect(await handler()).toEqual({
      fired: 0,
      resumed: 0,
      moneyRetried: 1,
      reminders: 0,
      digests: 0,
      skipped: 0,
    });
    const calls = vi.mocked(retryMoney).mock.calls;
    expect(calls.map(([id]) => id).sort()).toEqual(['tx-free', 'tx-held']);
    expect(calls.find(([id]) => id === 'tx-held')![1]).toEqual(new Date(t0 + DAY_MS));
    expect(await hasItem(heldItem)).toBe(true); // retryMoney's to clear with the payout, not the sweeper's
    expect(await hasItem(leftItem)).toBe(false);
    expect(await stored('tx-free')).toEqual(free); // nothing retried, nothing written
    vi.mocked(retryMoney).mockImplementation(realRetryMoney);
  });

  it('deletes a due item that no longer indexes its order’s deadline (stale), fires nothing', async () => {
    await givenTx({ state: 'canceled', deadline: undefined }, 'tx-d');
    const stale = dueItem('tx-d', { transition: 'auto-cancel', dueAt: iso(0) });
    await storeItem({ ...stale });
    expect(await handler({ now: iso(DAY_MS) })).toEqual({
      fired: 0,
      resumed: 0,
      moneyRetried: 0,
      reminders: 0,
      digests: 0,
      skipped: 1,
    });
    expect(await hasItem(stale)).toBe(false);
  });

  it('resumeWorkflows: starts the workflow of every open order on the DUE# partitions (after firing)', async () => {
    process.env.ORDER_STATE_MACHINE_ARN = machine;
    sfnMock.on(StartExecutionCommand).callsFake((input: { name: string }) => ({
      executionArn: `${machine.replace(':stateMachine:', ':execution:')}:${input.name}`,
    }));
    await givenTx({}, 'tx-due'); // fires: payment-expired, closed → not resumed
    const open = dueItem('tx-open', { transition: 'auto-cancel', dueAt: iso(5 * DAY_MS) });
    await givenTx(
      purchased({
        deadline: { transition: 'auto-cancel', dueAt: open.dueAt, dueKey: { PK: open.PK, SK: open.SK } },
      }),
      'tx-open',
    );
    await storeItem({ ...open });
    expect(await handler({ resumeWorkflows: true })).toEqual({
      fired: 1,
      resumed: 1,
      moneyRetried: 0,
      reminders: 0,
      digests: 0,
      skipped: 0,
    });
    expect(sfnMock.commandCalls(StartExecutionCommand).map((c) => c.args[0].input)).toEqual([
      { stateMachineArn: machine, name: 'tx-open-v2', input: '{"transactionId":"tx-open"}' },
    ]);
    expect((await stored('tx-open'))?.executionArn).toContain(':execution:velo-order:tx-open-v2');
  });

  it('reminders: sent as soon as due (no grace) while the order is still in their state, deleted either way; later ones left', async () => {
    const ship = reminderDueItem('tx-r1', 'ship', new Date(t0 + 3 * DAY_MS - 1000));
    const moved = reminderDueItem('tx-r2', 'ship', new Date(t0 + 3 * DAY_MS - 60_000));
    const later = reminderDueItem('tx-r3', 'report-problem', new Date(t0 + 4 * DAY_MS));
    await givenTx(purchased(), 'tx-r1');
    await givenTx(purchased({ state: 'delivered', version: 3 }), 'tx-r2'); // shipped meanwhile
    await givenTx(purchased({ state: 'delivered', version: 3 }), 'tx-r3');
    for (const item of [ship, moved, later]) await storeItem({ ...item });
    vi.mocked(sendReminder).mockImplementationOnce(async () => 'sent');

    expect(await handler({ now: iso(3 * DAY_MS) })).toEqual({
      fired: 0,
      resumed: 0,
      moneyRetried: 0,
      reminders: 1,
      digests: 0,
      skipped: 0,
    });
    const calls = vi.mocked(sendReminder).mock.calls;
    expect(calls.map(([item, tx]) => [item.transactionId, tx?.state])).toEqual([
      ['tx-r1', 'purchased'],
      ['tx-r2', 'delivered'],
    ]);
    // The real sendReminder sends nothing for an order that moved on.
    expect(await vi.mocked(sendReminder).mock.results[1]!.value).toBe('stale');
    expect(await hasItem(ship)).toBe(false);
    expect(await hasItem(moved)).toBe(false);
    expect(await hasItem(later)).toBe(true);
    expect(await stored('tx-r1')).toMatchObject({ state: 'purchased', version: 2 });
  });

  it('digests: sent as soon as due (no grace) and counted; later ones left; never a reason to start a workflow', async () => {
    process.env.ORDER_STATE_MACHINE_ARN = machine;
    // An enquiry (no workflow, no deadline) whose seller has a digest due 1 ms ago, within the timers' grace.
    const enquiry = {
      state: 'enquiry' as const,
      entered: { enquiry: iso(0) },
      deadline: undefined,
      transitions: [{ transition: 'enquire', by: 'customer' as const, userId: 'c-1', createdAt: iso(0) }],
    };
    await givenTx(enquiry, 'tx-e');
    const due = digestDueItem('tx-e', 'p-1', iso(DAY_MS - 1));
    const later = digestDueItem('tx-e', 'c-1', iso(DAY_MS + 60_000));
    for (const item of [due, later]) await storeItem({ ...item });
    vi.mocked(sendDigest).mockClear();

    expect(await handler({ resumeWorkflows: true })).toEqual({
      fired: 0,
      resumed: 0,
      moneyRetried: 0,
      reminders: 0,
      digests: 1,
      skipped: 0,
    });
    expect(vi.mocked(sendDigest).mock.calls).toEqual([[due, new Date(t0 + DAY_MS)]]);
    expect(sfnMock.commandCalls(StartExecutionCommand)).toHaveLength(0);
  });
});
