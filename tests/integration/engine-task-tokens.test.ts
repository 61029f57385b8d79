import { SendTaskFailureCommand, SendTaskSuccessCommand, SFNClient } from '@aws-sdk/client-sfn';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTransition, noMoney } from '../../functions/orders/engine';
import { iso, t0 } from '../../functions/orders/stored-order.test-helper';
import { settleTaskToken } from '../../functions/orders/workflow/wait-plan';
import { DAY_MS } from '../../shared/config/constants';
import { givenTx, ownTablePerTest, setOnTx, stored } from './own-table';

/**
 * After its write the engine answers the order workflow's waiting task token (wait-plan.ts,
 * settleTaskToken), on a table of its own. Step Functions is the recorded client: these are its
 * answers the stand-in cannot be made to give (a timed-out token, a network failure).
 */
vi.mock('../../functions/lib/observability', () => ({ reportError: vi.fn(async () => undefined) }));

const sfnMock = mockClient(SFNClient);
const machine = 'arn:aws:states:us-east-1:000000000000:stateMachine:velo-order';
const timers = { scale: 1 };
const now = new Date(t0 + 60_000);
const successes = () =>
  sfnMock.commandCalls(SendTaskSuccessCommand).map((call) => ({
    taskToken: call.args[0].input.taskToken,
    output: JSON.parse(call.args[0].input.output!),
  }));

ownTablePerTest();
beforeEach(() => {
  process.env.ORDER_STATE_MACHINE_ARN = machine;
  sfnMock.reset();
  sfnMock.on(SendTaskSuccessCommand).resolves({});
  sfnMock.on(SendTaskFailureCommand).resolves({});
});
afterAll(() => {
  delete process.env.ORDER_STATE_MACHINE_ARN;
  sfnMock.restore();
});

const confirm = (extra = {}) =>
  applyTransition('tx-1', 'confirm-payment', {
    money: noMoney,
    actor: 'customer',
    userId: 'c-1',
    now,
    timers,
    ...extra,
  });

describe('applyTransition: answering the workflow’s task token after the write', () => {
  it('answers a token waiting on an older version with the new plan, then removes it', async () => {
    await givenTx({ taskToken: 'token-1', awaitingVersion: 1 });
    const result = await confirm();
    expect(successes()).toEqual([
      {
        taskToken: 'token-1',
        output: { transactionId: 'tx-1', state: 'purchased', version: 2, waitSeconds: 5 * 24 * 3600 },
      },
    ]);
    expect((await stored())?.taskToken).toBeUndefined();
    expect((await stored())?.awaitingVersion).toBeUndefined();
    expect(result.taskToken).toBeUndefined();
  });

  it('a transition into a closed state: SendTaskFailure Order.Closed', async () => {
    await givenTx({ taskToken: 'token-1', awaitingVersion: 1 });
    await applyTransition('tx-1', 'expire-payment', {
      money: noMoney,
      actor: 'system',
      now: new Date(t0 + 15 * 60_000),
      timers,
    });
    const [failure] = sfnMock.commandCalls(SendTaskFailureCommand);
    expect(failure!.args[0].input).toMatchObject({ taskToken: 'token-1', error: 'Order.Closed' });
    expect(successes()).toEqual([]);
    expect((await stored())?.taskToken).toBeUndefined();
  });

  it('received → completed at once: one answer, with the plan after the 0-second timer', async () => {
    await givenTx({
      state: 'delivered',
      version: 3,
      entered: { purchased: iso(-DAY_MS), delivered: iso(0) },
      deadline: undefined,
      taskToken: 'token-3',
      awaitingVersion: 3,
    });
    await applyTransition('tx-1', 'mark-received', {
      money: noMoney,
      actor: 'customer',
      userId: 'c-1',
      now,
      timers,
    });
    expect(successes()).toEqual([
      {
        taskToken: 'token-3',
        output: { transactionId: 'tx-1', state: 'completed', version: 5, waitSeconds: 7 * 24 * 3600 },
      },
    ]);
  });

  it('a token already saved for the new version is left to its own Await', async () => {
    // The Await of version 2 saved its token before the engine read the committed order.
    const tx = await givenTx({ state: 'purchased', version: 2, taskToken: 'new', awaitingVersion: 2 });
    expect(await settleTaskToken(tx, now, timers)).toBe(tx);
    expect(sfnMock.calls()).toHaveLength(0);
    expect(await stored()).toMatchObject({ taskToken: 'new', awaitingVersion: 2 });
  });

  it('TaskTimedOut / InvalidToken are ignored and the stale token is removed', async () => {
    await givenTx({ taskToken: 'expired', awaitingVersion: 1 });
    sfnMock
      .on(SendTaskSuccessCommand)
      .rejects(Object.assign(new Error('Task Timed Out'), { name: 'TaskTimedOut' }));
    await confirm();
    expect((await stored())?.taskToken).toBeUndefined();
  });

  it('removes the token only if it is still the same one (a newer Await saved its own meanwhile)', async () => {
    await givenTx({ taskToken: 'token-1', awaitingVersion: 1 });
    sfnMock.on(SendTaskSuccessCommand).callsFake(async () => {
      await setOnTx({ taskToken: 'token-2', awaitingVersion: 2 });
      return {};
    });
    await confirm();
    expect(await stored()).toMatchObject({ taskToken: 'token-2', awaitingVersion: 2 });
  });

  it('an SFN failure does not fail the committed transition (the Await times out and re-plans)', async () => {
    await givenTx({ taskToken: 'token-1', awaitingVersion: 1 });
    sfnMock.on(SendTaskSuccessCommand).rejects(new Error('network'));
    expect((await confirm()).state).toBe('purchased');
    expect((await stored())?.taskToken).toBe('token-1');
  });

  it('off with answerTaskToken: false, and by default without ORDER_STATE_MACHINE_ARN', async () => {
    await givenTx({ taskToken: 'token-1', awaitingVersion: 1 });
    await confirm({ answerTaskToken: false });
    delete process.env.ORDER_STATE_MACHINE_ARN;
    await givenTx({ taskToken: 'token-1', awaitingVersion: 1 });
    await confirm();
    expect(sfnMock.calls()).toHaveLength(0);
    expect((await stored())?.taskToken).toBe('token-1');
  });
});
