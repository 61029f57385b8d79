import { randomUUID } from 'node:crypto';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { dynamo, tableName } from '../../functions/lib/aws';
import { keys } from '../../functions/lib/table-design';
import type { TransactionRecord } from '../../functions/orders/record';
import { paymentDue, storedOrder } from '../../functions/orders/stored-order.test-helper';
import { ensureTable, localDynamoClient } from '../../infra/local/dynamodb';
import { useLocalCloud } from './cloud-env';

/**
 * A fresh table for each test, in the suite's DynamoDB Local and of the same design (indexes,
 * stream), for code that sweeps every due item (the sweeper) or stores orders at fixed dates: no
 * other test writes to it, and the local cloud's stream consumers and sweeper never read it. The
 * timers run at real time (the cloud's scale is for its own workflow), unless a test sets them.
 */
export function ownTablePerTest(): void {
  let saved: NodeJS.ProcessEnv = {};
  beforeAll(() => {
    saved = { ...process.env };
    useLocalCloud();
    for (const name of ['VELO_TIMER_SCALE', 'VELO_TIMER_OVERRIDES', 'ORDER_TIMER_MAX_WAIT_SECONDS']) {
      delete process.env[name];
    }
  });
  afterAll(() => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  });
  beforeEach(async () => {
    process.env.TABLE_NAME = `velo-own-${randomUUID()}`;
    await ensureTable(endpoint(), tableName());
  });
  afterEach(async () => {
    const client = localDynamoClient(endpoint());
    await client.send(new DeleteTableCommand({ TableName: tableName() })).finally(() => client.destroy());
  });
}

const endpoint = () => process.env.AWS_ENDPOINT_URL_DYNAMODB!;

export async function storeItem(item: Record<string, unknown>): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: item }));
}

/** Stores an order (storedOrder's default: pending-payment since t0) and, for that default, its due item. */
export async function givenTx(
  overrides: Partial<TransactionRecord> = {},
  id = 'tx-1',
): Promise<TransactionRecord> {
  const tx = storedOrder(overrides, id);
  await storeItem({ ...tx });
  if (tx.deadline && overrides.deadline === undefined && tx.state === 'pending-payment') {
    await storeItem({ ...paymentDue(id) });
  }
  return tx;
}

async function getItem(key: { PK: string; SK: string }) {
  return (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true })))
    .Item;
}

export async function stored(id = 'tx-1'): Promise<TransactionRecord | undefined> {
  return (await getItem(keys.transaction(id))) as TransactionRecord | undefined;
}

/** Whether the item of this key (or with these keys) is stored. */
export async function hasItem(item: { PK: string; SK: string }): Promise<boolean> {
  return (await getItem({ PK: item.PK, SK: item.SK })) !== undefined;
}

/** Sets top-level attributes of a stored order (what another writer did meanwhile). */
export async function setOnTx(attributes: Record<string, unknown>, id = 'tx-1'): Promise<void> {
  const names = Object.keys(attributes);
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.transaction(id),
      UpdateExpression: `SET ${names.map((_, i) => `#a${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#a${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, attributes[name]])),
    }),
  );
}
