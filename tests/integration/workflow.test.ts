import { randomUUID } from 'node:crypto';
import {
  DescribeExecutionCommand,
  SendTaskSuccessCommand,
  SFNClient,
  StartExecutionCommand,
} from '@aws-sdk/client-sfn';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../functions/lib/aws';
import { keys } from '../../functions/lib/table-design';
import { eventually, useLocalCloud } from './cloud-env';

let sfn: SFNClient;
beforeAll(() => {
  useLocalCloud();
  sfn = new SFNClient({});
});

async function givenPendingOrder(): Promise<string> {
  const id = randomUUID();
  await dynamo().send(
    new PutCommand({
      TableName: process.env.TABLE_NAME,
      Item: { ...keys.transaction(id), state: 'pending-payment' },
    }),
  );
  return id;
}

const readOrder = async (id: string) =>
  (await dynamo().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: keys.transaction(id) })))
    .Item;

/** Starts the order machine for a new pending order, as checkout will. */
async function startOrderWorkflow(options: { named?: boolean } = {}) {
  const transactionId = await givenPendingOrder();
  const { executionArn } = await sfn.send(
    new StartExecutionCommand({
      stateMachineArn: process.env.ORDER_STATE_MACHINE_ARN,
      ...(options.named === false ? {} : { name: transactionId }),
      input: JSON.stringify({ transactionId, state: 'pending-payment' }),
    }),
  );
  return { transactionId, executionArn: executionArn! };
}

async function finished(executionArn: string) {
  return eventually(async () => {
    const execution = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    return execution.status === 'RUNNING' ? undefined : execution;
  });
}

describe('Step Functions runner (statemachines/order.asl.json)', () => {
  it('completes a callback task when its token is sent back', async () => {
    const { transactionId, executionArn } = await startOrderWorkflow();
    // The SaveTaskToken task stored the token on the order, as the API will find it.
    const token = await eventually(
      async () => (await readOrder(transactionId))?.taskToken as string | undefined,
    );
    await sfn.send(new SendTaskSuccessCommand({ taskToken: token, output: JSON.stringify({ paid: true }) }));
    const execution = await finished(executionArn);
    expect(execution.status).toBe('SUCCEEDED');
    expect(JSON.parse(execution.output!)).toMatchObject({ transactionId, payment: { paid: true } });
    expect((await readOrder(transactionId))?.state).toBe('pending-payment');
  });

  it('times out a callback task and takes its Catch path (payment expires)', async () => {
    const { transactionId, executionArn } = await startOrderWorkflow();
    const execution = await finished(executionArn);
    expect(execution.status).toBe('SUCCEEDED');
    expect(JSON.parse(execution.output!)).toMatchObject({ expiry: { outcome: 'expired' } });
    const order = await readOrder(transactionId);
    expect(order).toMatchObject({ state: 'payment-expired', lastTransition: 'expire-payment' });
    expect(order?.taskToken).toBeUndefined();
  });

  it('rejects a token whose task already timed out', async () => {
    const { transactionId, executionArn } = await startOrderWorkflow({ named: false });
    const token = await eventually(
      async () => (await readOrder(transactionId))?.taskToken as string | undefined,
    );
    await finished(executionArn);
    await expect(
      sfn.send(new SendTaskSuccessCommand({ taskToken: token, output: '{}' })),
    ).rejects.toMatchObject({
      name: 'TaskTimedOut',
    });
  });
});
