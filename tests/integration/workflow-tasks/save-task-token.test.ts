import { SendTaskFailureCommand, SendTaskSuccessCommand, SFNClient } from '@aws-sdk/client-sfn';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { t0 } from '../../../functions/orders/stored-order.test-helper';
import { handler } from '../../../functions/orders/workflow/save-task-token';
import { givenTx, ownTablePerTest, stored } from '../own-table';

vi.mock('../../../functions/lib/observability', () => ({ reportError: vi.fn(async () => undefined) }));

// Step Functions recorded: the answers (a timed-out token, a network failure) the stand-in cannot give.
const sfnMock = mockClient(SFNClient);

ownTablePerTest();
beforeEach(() => {
  sfnMock.reset();
  sfnMock.on(SendTaskSuccessCommand).resolves({});
  sfnMock.on(SendTaskFailureCommand).resolves({});
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(t0 + 60_000);
});
afterAll(() => {
  vi.useRealTimers();
  sfnMock.restore();
});

describe('orders/workflow/save-task-token', () => {
  it('stores the token and the version it waits on while the order is at that version', async () => {
    await givenTx({ version: 3 });
    expect(await handler({ transactionId: 'tx-1', version: 3, taskToken: 'token-a' })).toEqual({
      saved: true,
    });
    expect(await stored()).toMatchObject({ taskToken: 'token-a', awaitingVersion: 3 });
    expect(sfnMock.calls()).toHaveLength(0);
  });

  it('order moved on: stores nothing and answers the token itself with the current plan', async () => {
    await givenTx({ version: 2, taskToken: 'older', awaitingVersion: 1 });
    expect(await handler({ transactionId: 'tx-1', version: 1, taskToken: 'token-b' })).toEqual({
      saved: false,
      answered: 'plan',
    });
    expect(await stored()).toMatchObject({ taskToken: 'older', awaitingVersion: 1 });
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
    await givenTx({ version: 2, state: 'payment-expired' });
    expect(await handler({ transactionId: 'tx-1', version: 1, taskToken: 'token-c' })).toEqual({
      saved: false,
      answered: 'closed',
    });
    const [call] = sfnMock.commandCalls(SendTaskFailureCommand);
    expect(call!.args[0].input).toMatchObject({ taskToken: 'token-c', error: 'Order.Closed' });
    expect(sfnMock.commandCalls(SendTaskSuccessCommand)).toHaveLength(0);
  });

  it('a token nobody waits on any more (TaskTimedOut) is ignored; other failures leave it to the timeout', async () => {
    await givenTx({ version: 2 });
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
