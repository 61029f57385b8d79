import { SendTaskFailureCommand, SendTaskSuccessCommand } from '@aws-sdk/client-sfn';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { givenTx, resetFakes, sfnMock, stored, t0 } from '../fake-table.test-helper';
import { handler } from './save-task-token';

vi.mock('../../lib/observability', () => ({ reportError: vi.fn(async () => undefined) }));

beforeEach(() => {
  process.env.TABLE_NAME = 'test-table';
  resetFakes();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(t0 + 60_000);
});
afterAll(() => vi.useRealTimers());

describe('orders/workflow/save-task-token', () => {
  it('stores the token and the version it waits on while the order is at that version', async () => {
    givenTx({ version: 3 });
    expect(await handler({ transactionId: 'tx-1', version: 3, taskToken: 'token-a' })).toEqual({
      saved: true,
    });
    expect(stored()).toMatchObject({ taskToken: 'token-a', awaitingVersion: 3 });
    expect(sfnMock.calls()).toHaveLength(0);
  });

  it('order moved on: stores nothing and answers the token itself with the current plan', async () => {
    givenTx({ version: 2, taskToken: 'older', awaitingVersion: 1 });
    expect(await handler({ transactionId: 'tx-1', version: 1, taskToken: 'token-b' })).toEqual({
      saved: false,
      answered: 'plan',
    });
    expect(stored()).toMatchObject({ taskToken: 'older', awaitingVersion: 1 });
    const [call] = sfnMock.commandCalls(SendTaskSuccessCommand);
    expect(call!.args[0].input.taskToken).toBe('token-b');
    expect(JSON.parse(call!.args[0].input.output!)).toEqual({
      transactionId: 'tx-1',
      state: 'pending-payment',
      version: 2,
      waitSeconds: 14 * 60,
    });
  });

  it('order moved on to a closed state: SendTaskFailure Order.Closed', async () => {
    givenTx({ version: 2, state: 'payment-expired' });
    expect(await handler({ transactionId: 'tx-1', version: 1, taskToken: 'token-c' })).toEqual({
      saved: false,
      answered: 'closed',
    });
    const [call] = sfnMock.commandCalls(SendTaskFailureCommand);
    expect(call!.args[0].input).toMatchObject({ taskToken: 'token-c', error: 'Order.Closed' });
    expect(sfnMock.commandCalls(SendTaskSuccessCommand)).toHaveLength(0);
  });

  it('a token nobody waits on any more (TaskTimedOut) is ignored; other failures leave it to the timeout', async () => {
    givenTx({ version: 2 });
    sfnMock
      .on(SendTaskSuccessCommand)
      .rejectsOnce(Object.assign(new Error('gone'), { name: 'TaskTimedOut' }));
    expect(await handler({ transactionId: 'tx-1', version: 1, taskToken: 't' })).toEqual({
      saved: false,
      answered: 'stale',
    });
    sfnMock.on(SendTaskSuccessCommand).rejects(new Error('network'));
    expect(await handler({ transactionId: 'tx-1', version: 1, taskToken: 't' })).toEqual({
      saved: false,
      answered: 'failed',
    });
  });
});
