import {
  DescribeExecutionCommand,
  ExecutionAlreadyExists,
  SFNClient,
  StartExecutionCommand,
} from '@aws-sdk/client-sfn';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { t0 } from '../../../functions/orders/stored-order.test-helper';
import { executionArnFor, startOrderWorkflow } from '../../../functions/orders/workflow/start';
import { givenTx, ownTablePerTest, stored } from '../own-table';

// Step Functions recorded: an existing execution's name and status are the test's to choose.
const sfnMock = mockClient(SFNClient);
const machine = 'arn:aws:states:us-east-1:000000000000:stateMachine:velo-order';
const alreadyExists = () =>
  new ExecutionAlreadyExists({ message: 'Execution already exists', $metadata: {} });

ownTablePerTest();
beforeEach(() => {
  process.env.ORDER_STATE_MACHINE_ARN = machine;
  sfnMock.reset();
  sfnMock.on(StartExecutionCommand).resolves({});
  sfnMock.on(DescribeExecutionCommand).resolves({});
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(t0);
});
afterAll(() => {
  vi.useRealTimers();
  delete process.env.ORDER_STATE_MACHINE_ARN;
  sfnMock.restore();
});

describe('startOrderWorkflow', () => {
  it('starts <txId>-v<version> with input {transactionId} and stores the executionArn', async () => {
    await givenTx({ version: 3 });
    sfnMock.on(StartExecutionCommand).resolves({ executionArn: executionArnFor(machine, 'tx-1-v3') });
    expect(await startOrderWorkflow('tx-1', 3)).toBe(
      `${machine.replace(':stateMachine:', ':execution:')}:tx-1-v3`,
    );
    expect(sfnMock.commandCalls(StartExecutionCommand)[0]!.args[0].input).toEqual({
      stateMachineArn: machine,
      name: 'tx-1-v3',
      input: '{"transactionId":"tx-1"}',
    });
    expect((await stored())?.executionArn).toBe(executionArnFor(machine, 'tx-1-v3'));
  });

  it('ExecutionAlreadyExists of a closed execution: retries as -r<epochSec>', async () => {
    await givenTx();
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
    expect((await stored())?.executionArn).toBe(executionArnFor(machine, `tx-1-v1-r${t0 / 1000}`));
  });

  it('ExecutionAlreadyExists of a running execution: keeps that one (no second alarm clock)', async () => {
    await givenTx();
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
