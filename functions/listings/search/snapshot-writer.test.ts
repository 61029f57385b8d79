import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { keys, partitions, searchDeltaSortKey } from '../../lib/table-design';
import { testListing } from '../listing-fixture';
import { SearchCatalogue } from './catalogue';
import { searchDocumentOf } from './search-document';
import { searchSnapshotKey } from './snapshot-store';
import { writeSearchSnapshot } from './snapshot-writer';

const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
beforeAll(() => {
  vi.stubEnv('TABLE_NAME', 'velo-test');
  vi.stubEnv('IMAGES_BUCKET', 'velo-images');
});
afterAll(() => {
  ddb.restore();
  s3.restore();
  vi.unstubAllEnvs();
});

const listing = (id: string, title = `Trek ${id}`) => testListing(id, { title });

const deltaItem = (sequence: number, id: string, version: string, title?: string) => ({
  ...keys.searchDelta(sequence),
  sequence,
  id,
  version,
  ...(title ? { document: searchDocumentOf(listing(id, title)) } : {}),
});

beforeEach(() => {
  ddb.reset();
  s3.reset();
  s3.on(PutObjectCommand).resolves({});
  s3.on(DeleteObjectCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
  ddb.on(BatchWriteCommand).resolves({ UnprocessedItems: {} });
});

describe('the search snapshot writer', () => {
  it('snapshots GSI2 with the deltas up to the counter laid over, records it, then deletes the previous generation', async () => {
    ddb.on(GetCommand).resolves({
      Item: {
        ...keys.searchSequence(),
        counter: 12,
        snapshotKey: searchSnapshotKey(8),
        snapshotPosition: 8,
        previousSnapshotKey: searchSnapshotKey(3),
        deletedThrough: 3,
      },
    });
    ddb.on(QueryCommand, { IndexName: 'GSI2' }).resolves({ Items: [] });
    ddb
      .on(QueryCommand, { IndexName: 'GSI2', ExpressionAttributeValues: { ':shard': 'PUBLISHED#0' } })
      .resolves({
        // A lagging index: b was closed (delta 10), c's new title (delta 11) not yet there.
        Items: [listing('a'), listing('b'), listing('c', 'Old title')],
      });
    ddb
      .on(QueryCommand, {
        ExpressionAttributeValues: { ':deltas': partitions.searchDeltas, ':after': searchDeltaSortKey(3) },
      })
      .resolves({
        Items: [
          deltaItem(9, 'c', '5', 'Middle title'),
          deltaItem(10, 'b', '7'),
          deltaItem(11, 'c', '6', 'New title'),
          // After the counter this run read: containers apply it on top of the snapshot.
          deltaItem(13, 'a', '9'),
        ],
      });
    ddb
      .on(QueryCommand, {
        ExpressionAttributeValues: { ':deltas': partitions.searchDeltas, ':through': searchDeltaSortKey(8) },
      })
      .resolves({ Items: [keys.searchDelta(4), keys.searchDelta(8)] });

    await expect(writeSearchSnapshot()).resolves.toEqual({
      position: 12,
      written: true,
      listings: 2,
      deletedDeltas: 2,
    });

    const put = s3.commandCalls(PutObjectCommand)[0]!.args[0].input;
    expect(put).toMatchObject({ Bucket: 'velo-images', Key: searchSnapshotKey(12) });
    const catalogue = SearchCatalogue.fromSnapshot(put.Body as Uint8Array);
    expect(catalogue.position).toBe(12);
    const found = catalogue.search({ page: 1, perPage: 10, sort: 'createdAt' });
    expect(found.data.map((summary) => [summary.id, summary.title]).sort()).toEqual([
      ['a', 'Trek a'],
      ['c', 'New title'],
    ]);
    expect(new TextDecoder().decode(put.Body as Uint8Array)).not.toContain('1 Main St');

    // Recorded conditionally on the position read; deletedThrough moves to the previous snapshot's.
    const update = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.Key).toEqual(keys.searchSequence());
    expect(update.ConditionExpression).toContain('snapshotPosition < :position');
    expect(update.ExpressionAttributeValues).toMatchObject({
      ':key': searchSnapshotKey(12),
      ':position': 12,
      ':previousPosition': 8,
      ':deletedThrough': 8,
      ':previousKey': searchSnapshotKey(8),
    });
    // The sequence item was read before the listings, and the deltas deleted only after recording.
    const order = ddb.calls().map((call) => {
      const input = call.args[0].input as {
        IndexName?: string;
        ExpressionAttributeValues?: Record<string, unknown>;
      };
      const name = call.args[0].constructor.name;
      if (name === 'QueryCommand') {
        if (input.IndexName) return 'listings';
        return ':through' in (input.ExpressionAttributeValues ?? {}) ? 'delta keys' : 'deltas';
      }
      return name;
    });
    expect(order[0]).toBe('GetCommand');
    expect(order.indexOf('UpdateCommand')).toBeLessThan(order.indexOf('delta keys'));
    const deletes = ddb.commandCalls(BatchWriteCommand)[0]!.args[0].input.RequestItems!['velo-test']!;
    expect(deletes.map((request) => request.DeleteRequest!.Key)).toEqual([
      keys.searchDelta(4),
      keys.searchDelta(8),
    ]);
    expect(s3.commandCalls(DeleteObjectCommand).map((call) => call.args[0].input.Key)).toEqual([
      searchSnapshotKey(3),
    ]);
  });

  it('writes nothing when the counter has not moved since the recorded snapshot', async () => {
    ddb.on(GetCommand).resolves({
      Item: { counter: 8, snapshotKey: searchSnapshotKey(8), snapshotPosition: 8, deletedThrough: 3 },
    });
    await expect(writeSearchSnapshot()).resolves.toMatchObject({ position: 8, written: false });
    expect(s3.calls()).toHaveLength(0);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('drops its own object and deletes nothing when another run recorded a snapshot first', async () => {
    ddb
      .on(GetCommand)
      .resolves({ Item: { counter: 5, snapshotKey: searchSnapshotKey(2), snapshotPosition: 2 } });
    ddb.on(QueryCommand).resolves({ Items: [] });
    const lost = new ConditionalCheckFailedException({
      message: 'The conditional request failed',
      $metadata: {},
    });
    ddb.on(UpdateCommand).rejects(lost);
    await expect(writeSearchSnapshot()).resolves.toMatchObject({ position: 5, written: false });
    expect(s3.commandCalls(DeleteObjectCommand).map((call) => call.args[0].input.Key)).toEqual([
      searchSnapshotKey(5),
    ]);
    expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(0);
  });

  it('writes the first snapshot of an empty table at position 0', async () => {
    ddb.on(GetCommand).resolves({});
    ddb.on(QueryCommand).resolves({ Items: [] });
    await expect(writeSearchSnapshot()).resolves.toEqual({
      position: 0,
      written: true,
      listings: 0,
      deletedDeltas: 0,
    });
    const update = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.UpdateExpression).toContain('REMOVE previousSnapshotKey');
  });
});
