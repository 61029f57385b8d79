import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../shared/config/constants';
import {
  applyTransactWrite,
  givenTx,
  hasItem,
  iso,
  resetFakes,
  sfnMock,
  stored,
  storeItem,
  t0,
} from '../transactions/fake-table.test-helper';
import { dueItem } from '../transactions/record';
import { handler, sweepGraceMs } from './sweep-due';

vi.mock('../lib/observability', () => ({ reportError: vi.fn(async () => undefined) }));

const machine = 'arn:aws:states:us-east-1:000000000000:stateMachine:velo-order';

beforeEach(() => {
  process.env.TABLE_NAME = 'test-table';
  delete process.env.ORDER_STATE_MACHINE_ARN;
  delete process.env.VELO_TIMER_SCALE;
  resetFakes({ onTransactWrite: applyTransactWrite });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(t0 + DAY_MS);
});
afterAll(() => vi.useRealTimers());

describe('workflow/sweep-due', () => {
  it('grace: 10 s × scale, at least 1 s', () => {
    expect(sweepGraceMs()).toBe(10_000);
    expect(sweepGraceMs(0.001)).toBe(1000);
  });

  it('fires timers due more than the grace ago, through the engine; leaves later ones and money items', async () => {
    const a = givenTx({}, 'tx-a'); // expire-payment due at 15 min
    // Due 5 s ago: inside the grace, still the workflow's to fire.
    const freshDue = dueItem('tx-b', { transition: 'expire-payment', dueAt: iso(DAY_MS - 5000) });
    givenTx(
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
    storeItem({ ...freshDue });
    storeItem({ ...dueItem('tx-c', { transition: 'mark-received', dueAt: iso(0) }, 'money') });
    expect(await handler()).toEqual({ fired: 1, resumed: 0, skipped: 1 }); // the money item
    expect(stored('tx-a')).toMatchObject({ state: 'payment-expired', version: 2 });
    expect(hasItem(a.deadline!.dueKey)).toBe(false);
    expect(stored('tx-b')).toMatchObject({ state: 'pending-payment', version: 1 });
  });

  it('deletes a due item that no longer indexes its order’s deadline (stale), fires nothing', async () => {
    givenTx({ state: 'canceled', deadline: undefined }, 'tx-d');
    const stale = dueItem('tx-d', { transition: 'auto-cancel', dueAt: iso(0) });
    storeItem({ ...stale });
    expect(await handler({ now: iso(DAY_MS) })).toEqual({ fired: 0, resumed: 0, skipped: 1 });
    expect(hasItem(stale)).toBe(false);
  });

  it('resumeWorkflows: starts the workflow of every open order on the DUE# partitions (after firing)', async () => {
    process.env.ORDER_STATE_MACHINE_ARN = machine;
    sfnMock.on(StartExecutionCommand).callsFake((input: { name: string }) => ({
      executionArn: `${machine.replace(':stateMachine:', ':execution:')}:${input.name}`,
    }));
    givenTx({}, 'tx-due'); // fires: payment-expired, closed → not resumed
    const open = dueItem('tx-open', { transition: 'auto-cancel', dueAt: iso(5 * DAY_MS) });
    givenTx(
      {
        state: 'purchased',
        version: 2,
        entered: { purchased: iso(0) },
        deadline: { transition: 'auto-cancel', dueAt: open.dueAt, dueKey: { PK: open.PK, SK: open.SK } },
      },
      'tx-open',
    );
    storeItem({ ...open });
    expect(await handler({ resumeWorkflows: true })).toEqual({ fired: 1, resumed: 1, skipped: 0 });
    expect(sfnMock.commandCalls(StartExecutionCommand).map((c) => c.args[0].input)).toEqual([
      { stateMachineArn: machine, name: 'tx-open-v2', input: '{"transactionId":"tx-open"}' },
    ]);
    expect(stored('tx-open')?.executionArn).toContain(':execution:velo-order:tx-open-v2');
  });
});
