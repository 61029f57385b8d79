import { DescribeExecutionCommand, ExecutionAlreadyExists, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { givenTx, resetFakes, sfnMock, stored, t0 } from '../fake-table.test-helper';
import { executionArnFor, startOrderWorkflow } from './start';

const machine = 'arn:aws:states:us-east-1:000000000000:stateMachine:velo-order';
const alreadyExists = () =>
  new ExecutionAlreadyExists({ message: 'Execution already exists', $metadata: {} });

beforeEach(() => {
  process.env.TABLE_NAME = 'test-table';
  process.env.ORDER_STATE_MACHINE_ARN = machine;
  resetFakes();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(t0);
});
afterAll(() => {
  vi.useRealTimers();
  delete process.env.ORDER_STATE_MACHINE_ARN;
});

describe('startOrderWorkflow', () => {
  it('starts <txId>-v<version> with input {transactionId} and stores the executionArn', async () => {
    givenTx({ version: 3 });
    sfnMock.on(StartExecutionCommand).resolves({ executionArn: executionArnFor(machine, 'tx-1-v3') });
    expect(await startOrderWorkflow('tx-1', 3)).toBe(
      `${machine.replace(':stateMachine:', ':execution:')}:tx-1-v3`,
    );
    expect(sfnMock.commandCalls(StartExecutionCommand)[0]!.args[0].input).toEqual({
      stateMachineArn: machine,
      name: 'tx-1-v3',
      input: '{"transactionId":"tx-1"}',
    });
    expect(stored()?.executionArn).toBe(executionArnFor(machine, 'tx-1-v3'));
  });

  it('ExecutionAlreadyExists of a closed execution: retries as -r<epochSec>', async () => {
    givenTx();
    sfnMock
      .on(StartExecutionCommand)
      .rejectsOnce(alreadyExists())
      .resolves({ executionArn: executionArnFor(machine, `tx-1-v1-r${t0 / 1000}`) });
    sfnMock.on(DescribeExecutionCommand).resolves({ status: 'SUCCEEDED' });
    expect(await startOrderWorkflow('tx-1', 1)).toBe(executionArnFor(machine, `tx-1-v1-r${t0 / 1000}`));
    expect(sfnMock.commandCalls(StartExecutionCommand).map((c) => c.args[0].input.name)).toEqual([
      'tx-1-v1',
      `tx-1-v1-r${t0 / 1000}`,
    ]);
    expect(stored()?.executionArn).toBe(executionArnFor(machine, `tx-1-v1-r${t0 / 1000}`));
  });

  it('ExecutionAlreadyExists of a running execution: keeps that one (no second alarm clock)', async () => {
    givenTx();
    sfnMock.on(StartExecutionCommand).rejects(alreadyExists());
    sfnMock.on(DescribeExecutionCommand).resolves({ status: 'RUNNING' });
    expect(await startOrderWorkflow('tx-1', 1)).toBe(executionArnFor(machine, 'tx-1-v1'));
    expect(sfnMock.commandCalls(StartExecutionCommand)).toHaveLength(1);
  });

  it('without ORDER_STATE_MACHINE_ARN: undefined, no call', async () => {
    delete process.env.ORDER_STATE_MACHINE_ARN;
    expect(await startOrderWorkflow('tx-1', 1)).toBeUndefined();
    expect(sfnMock.calls()).toHaveLength(0);
  });
});
