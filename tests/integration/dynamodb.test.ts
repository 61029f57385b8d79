import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../functions/lib/aws';
import { ApiError } from '../../functions/lib/http';
import { keys } from '../../functions/lib/table-design';
import { transactWrite } from '../../functions/lib/writes';
import { readSearchSequence } from '../../functions/listings/search/delta-store';
import { eventually, useLocalCloud } from './cloud-env';
import { givenListing, givenSeller } from './fixtures';

beforeAll(() => {
  useLocalCloud();
});

describe('DynamoDB Local', () => {
  it('turns a failed TransactWriteItems condition into the conflict error, writing nothing', async () => {
    const table = process.env.TABLE_NAME!;
    const id = randomUUID();
    await transactWrite({
      TransactItems: [{ Put: { TableName: table, Item: { ...keys.transaction(id), state: 'purchased' } } }],
    });
    const attempt = transactWrite(
      {
        TransactItems: [
          { Put: { TableName: table, Item: { PK: `OTHER#${id}`, SK: 'X' } } },
          {
            Update: {
              TableName: table,
              Key: keys.transaction(id),
              UpdateExpression: 'SET #state = :next',
              ConditionExpression: '#state = :expected',
              ExpressionAttributeNames: { '#state': 'state' },
              ExpressionAttributeValues: { ':next': 'delivered', ':expected': 'pending-payment' },
            },
          },
        ],
      },
      'transaction-invalid-transition',
    );
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await expect(attempt).rejects.toMatchObject({ code: 'transaction-invalid-transition', status: 409 });
    const other = await dynamo().send(
      new GetCommand({ TableName: table, Key: { PK: `OTHER#${id}`, SK: 'X' } }),
    );
    expect(other.Item).toBeUndefined(); // all or nothing
  });
});

describe('stream poller', () => {
  it('delivers a listing write to the search-index stream consumer (the counter of changes moves)', async () => {
    const before = (await readSearchSequence()).counter;
    const seller = await givenSeller();
    await givenListing(seller.id);
    const after = await eventually(async () => {
      const version = (await readSearchSequence()).counter;
      return version > before ? version : undefined;
    });
    expect(after).toBeGreaterThan(before);
  });
});
