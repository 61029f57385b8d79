import { SendTaskFailureCommand, SendTaskSuccessCommand } from '@aws-sdk/client-sfn';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../shared/config/constants';
import { applyTransition, noMoney } from './engine';
import { applyTransactWrite, givenTx, iso, resetFakes, sfnMock, stored, t0 } from './fake-table.test-helper';

vi.mock('../lib/observability', () => ({ reportError: vi.fn(async () => undefined) }));

const machine = 'arn:aws:states:us-east-1:000000000000:stateMachine:velo-order';
const timers = { scale: 1 };
const now = new Date(t0 + 60_000);
const successes = () =>
  sfnMock.commandCalls(SendTaskSuccessCommand).map((call) => ({
    taskToken: call.args[0].input.taskToken,
    output: JSON.parse(call.args[0].input.output!),
  }));

beforeEach(() => {
  process.env.TABLE_NAME = 'test-table';
  process.env.ORDER_STATE_MACHINE_ARN = machine;
  resetFakes({ onTransactWrite: applyTransactWrite });
});
afterAll(() => {
  delete process.env.ORDER_STATE_MACHINE_ARN;
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
    givenTx({ taskToken: 'token-1', awaitingVersion: 1 });
    const result = await confirm();
    expect(successes()).toEqual([
      {
        taskToken: 'token-1',
        output: { transactionId: 'tx-1', state: 'purchased', version: 2, waitSeconds: 5 * 24 * 3600 },
      },
    ]);
    expect(stored()?.taskToken).toBeUndefined();
    expect(stored()?.awaitingVersion).toBeUndefined();
    expect(result.taskToken).toBeUndefined();
  });

  it('a transition into a closed state: SendTaskFailure Order.Closed', async () => {
    givenTx({ taskToken: 'token-1', awaitingVersion: 1 });
    await applyTransition('tx-1', 'expire-payment', {
      money: noMoney,
      actor: 'system',
      now: new Date(t0 + 15 * 60_000),
      timers,
    });
    const [failure] = sfnMock.commandCalls(SendTaskFailureCommand);
    expect(failure!.args[0].input).toMatchObject({ taskToken: 'token-1', error: 'Order.Closed' });
    expect(successes()).toEqual([]);
    expect(stored()?.taskToken).toBeUndefined();
  });

  it('received → completed at once: one answer, with the plan after the 0-second timer', async () => {
    givenTx({
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
    givenTx({ taskToken: 'old', awaitingVersion: 1 });
    resetFakes({
      onTransactWrite: (input) => {
        applyTransactWrite(input);
        Object.assign(stored()!, { taskToken: 'new', awaitingVersion: 2 });
      },
    });
    givenTx({ taskToken: 'old', awaitingVersion: 1 });
    await confirm();
    expect(sfnMock.calls()).toHaveLength(0);
    expect(stored()).toMatchObject({ taskToken: 'new', awaitingVersion: 2 });
  });

  it('TaskTimedOut / InvalidToken are ignored and the stale token is removed', async () => {
    givenTx({ taskToken: 'expired', awaitingVersion: 1 });
    sfnMock
      .on(SendTaskSuccessCommand)
      .rejects(Object.assign(new Error('Task Timed Out'), { name: 'TaskTimedOut' }));
    await confirm();
    expect(stored()?.taskToken).toBeUndefined();
  });

  it('removes the token only if it is still the same one (a newer Await saved its own meanwhile)', async () => {
    givenTx({ taskToken: 'token-1', awaitingVersion: 1 });
    sfnMock.on(SendTaskSuccessCommand).callsFake(() => {
      Object.assign(stored()!, { taskToken: 'token-2', awaitingVersion: 2 });
      return {};
    });
    await confirm();
    expect(stored()).toMatchObject({ taskToken: 'token-2', awaitingVersion: 2 });
  });

  it('an SFN failure does not fail the committed transition (the Await times out and re-plans)', async () => {
    givenTx({ taskToken: 'token-1', awaitingVersion: 1 });
    sfnMock.on(SendTaskSuccessCommand).rejects(new Error('network'));
    expect((await confirm()).state).toBe('purchased');
    expect(stored()?.taskToken).toBe('token-1');
  });

  it('off with answerTaskToken: false, and by default without ORDER_STATE_MACHINE_ARN', async () => {
    givenTx({ taskToken: 'token-1', awaitingVersion: 1 });
    await confirm({ answerTaskToken: false });
    delete process.env.ORDER_STATE_MACHINE_ARN;
    givenTx({ taskToken: 'token-1', awaitingVersion: 1 });
    await confirm();
    expect(sfnMock.calls()).toHaveLength(0);
    expect(stored()?.taskToken).toBe('token-1');
  });
});
