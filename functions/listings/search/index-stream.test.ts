import { BatchWriteCommand, DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { keys } from '../../lib/table-design';
import { testListing } from '../listing-fixture';
import { handler } from './index-stream';

const ddb = mockClient(DynamoDBDocumentClient);
beforeAll(() => vi.stubEnv('TABLE_NAME', 'velo-test'));
afterAll(() => {
  ddb.restore();
  vi.unstubAllEnvs();
});
beforeEach(() => {
  ddb.reset();
  ddb.on(UpdateCommand).resolves({ Attributes: { counter: 42 } });
  ddb.on(BatchWriteCommand).resolves({ UnprocessedItems: {} });
});

const listing = testListing;

const image = (item: object) =>
  marshall(item, { removeUndefinedValues: true }) as Record<string, AttributeValue>;

function change(
  eventName: DynamoDBRecord['eventName'],
  Keys: { PK: string; SK: string },
  SequenceNumber: string,
  newItem?: object,
): DynamoDBRecord {
  return {
    eventName,
    dynamodb: {
      Keys: { PK: { S: Keys.PK }, SK: { S: Keys.SK } },
      SequenceNumber,
      ...(newItem ? { NewImage: image(newItem) } : {}),
    },
  };
}

const putItems = () =>
  ddb
    .commandCalls(BatchWriteCommand)
    .flatMap((call) => call.args[0].input.RequestItems!['velo-test']!)
    .map((request) => request.PutRequest!.Item!);

describe('search-index stream consumer', () => {
  it("records a delta per listing change: one ADD for the batch's dense sequences, the public document or none", async () => {
    const published = listing('a');
    const closed = listing('b', { state: 'closed' });
    const deleted = listing('c', { deleted: true });
    // Moderation took it out of search: still published, without the GSI2 keys.
    const { GSI2PK: _pk, GSI2SK: _sk, ...hidden } = listing('e');
    const result = await handler({
      Records: [
        change('MODIFY', keys.listing('a'), '100000000000000000001', published),
        change('MODIFY', keys.listing('b'), '100000000000000000002', closed),
        change('MODIFY', keys.listing('c'), '100000000000000000003', deleted),
        change('REMOVE', keys.listing('d'), '100000000000000000004'),
        change('MODIFY', keys.listing('e'), '100000000000000000007', {
          ...hidden,
          hiddenReason: 'author-banned',
        }),
        // Not a listing's main item, and not a listing: no delta.
        change('INSERT', { PK: keys.listing('a').PK, SK: 'OTHER' }, '100000000000000000005', { x: 1 }),
        change('INSERT', keys.transaction('t'), '100000000000000000006', { x: 1 }),
      ],
    });
    expect(result).toEqual({ batchItemFailures: [] });

    const updates = ddb.commandCalls(UpdateCommand);
    expect(updates).toHaveLength(1);
    expect(updates[0]!.args[0].input).toMatchObject({
      Key: keys.searchSequence(),
      UpdateExpression: 'ADD #counter :count',
      ExpressionAttributeValues: { ':count': 5 },
      ReturnValues: 'UPDATED_NEW',
    });

    const items = putItems();
    expect(items.map((item) => [item.SK, item.sequence, item.id, item.version])).toEqual([
      [keys.searchDelta(38).SK, 38, 'a', '100000000000000000001'],
      [keys.searchDelta(39).SK, 39, 'b', '100000000000000000002'],
      [keys.searchDelta(40).SK, 40, 'c', '100000000000000000003'],
      [keys.searchDelta(41).SK, 41, 'd', '100000000000000000004'],
      [keys.searchDelta(42).SK, 42, 'e', '100000000000000000007'],
    ]);
    expect(items[0]!.PK).toBe(keys.searchDelta(38).PK);
    expect(items[0]!.document).toMatchObject({ id: 'a', title: 'Trek a', state: 'published' });
    expect(JSON.stringify(items[0]!.document)).not.toMatch(/1 Main St|51\.04|GSI1PK/);
    expect(items.slice(1).map((item) => item.document)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("reads a local stream's untyped empty map as the empty map it was written as", async () => {
    const record = change('MODIFY', keys.listing('a'), '8', listing('a'));
    const newImage = record.dynamodb!.NewImage!;
    newImage.images = { L: [{ M: { id: { S: 'img' }, variants: {} as AttributeValue } }] };
    await handler({ Records: [record] });
    expect(putItems()[0]!.document.images).toEqual([{ id: 'img', variants: {} }]);
  });

  it('writes nothing for a batch without listing changes', async () => {
    await expect(
      handler({ Records: [change('INSERT', keys.transaction('t'), '1', { x: 1 })] }),
    ).resolves.toEqual({ batchItemFailures: [] });
    expect(ddb.calls()).toHaveLength(0);
  });

  it('sends unprocessed items again; a write that fails answers its first change, not the batch', async () => {
    const first = change('MODIFY', keys.listing('a'), '7', listing('a'));
    ddb
      .on(BatchWriteCommand)
      .resolvesOnce({ UnprocessedItems: { 'velo-test': [{ PutRequest: { Item: { id: 'a' } } }] } })
      .resolves({ UnprocessedItems: {} });
    await expect(handler({ Records: [first] })).resolves.toEqual({ batchItemFailures: [] });
    expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(2);

    ddb.on(BatchWriteCommand).rejects(new Error('throttled'));
    await expect(handler({ Records: [first] })).resolves.toEqual({
      batchItemFailures: [{ itemIdentifier: '7' }],
    });
  });

  it('answers the first change of the chunk that failed: the chunks before it are written', async () => {
    // 30 changes after one record that is not a listing: chunks of 25 and 5.
    const other = change('INSERT', keys.transaction('t'), '1000', { x: 1 });
    const changes = Array.from({ length: 30 }, (_, i) =>
      change('MODIFY', keys.listing(`l${i}`), String(1001 + i), listing(`l${i}`)),
    );
    ddb.on(BatchWriteCommand).resolvesOnce({ UnprocessedItems: {} }).rejects(new Error('throttled'));
    const response = await handler({ Records: [other, ...changes] });
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: '1026' }] });
    const chunks = ddb
      .commandCalls(BatchWriteCommand)
      .map((call) => call.args[0].input.RequestItems!['velo-test']!);
    expect(chunks.map((chunk) => chunk.length)).toEqual([25, 5]);
    expect(chunks[1]![0]!.PutRequest!.Item!.version).toBe('1026');
  });

  it('answers the first listing change when the sequences cannot be allocated', async () => {
    ddb.on(UpdateCommand).rejects(new Error('throttled'));
    const response = await handler({
      Records: [
        change('INSERT', keys.transaction('t'), '5', { x: 1 }),
        change('MODIFY', keys.listing('a'), '6', listing('a')),
        change('MODIFY', keys.listing('b'), '9', listing('b')),
      ],
    });
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: '6' }] });
    expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(0);
  });
});
