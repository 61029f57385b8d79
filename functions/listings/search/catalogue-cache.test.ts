import { GetObjectCommand, type GetObjectCommandOutput, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { keys, searchDeltaSortKey } from '../../lib/table-design';
import { testListing } from '../listing-fixture';
import { SearchCatalogue } from './catalogue';
import { currentCatalogue, resetSearchCache } from './catalogue-cache';
import { searchDocumentOf } from './search-document';
import { searchSnapshotKey } from './snapshot-store';

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
beforeEach(() => {
  ddb.reset();
  s3.reset();
  resetSearchCache();
});

const document = (id: string) => searchDocumentOf(testListing(id));

const sequence = (item: Record<string, unknown>) =>
  ddb.on(GetCommand).resolves({ Item: { ...keys.searchSequence(), ...item } });
const deltasAfter = (after: number, items: Record<string, unknown>[]) =>
  ddb
    .on(QueryCommand, { ExpressionAttributeValues: { ':after': searchDeltaSortKey(after) } })
    .resolves({ Items: items });
const snapshotBody = (bytes: Uint8Array) =>
  ({ Body: { transformToByteArray: async () => bytes } }) as unknown as GetObjectCommandOutput;
const ids = (catalogue: SearchCatalogue) =>
  catalogue
    .search({ page: 1, perPage: 10, sort: 'createdAt' })
    .data.map((summary) => summary.id)
    .sort();

describe('the search container', () => {
  it('loads the snapshot, applies the deltas after it, and polls at most once a second', async () => {
    sequence({ counter: 6, snapshotKey: searchSnapshotKey(5), snapshotPosition: 5, deletedThrough: 2 });
    s3.on(GetObjectCommand, { Key: searchSnapshotKey(5) }).resolves(
      snapshotBody(SearchCatalogue.encode([document('a'), document('b')], 5)),
    );
    deltasAfter(5, [{ sequence: 6, id: 'b', version: '3' }]);
    const at = 1_000_000;
    const [first, concurrent] = await Promise.all([currentCatalogue(at), currentCatalogue(at)]);
    expect(concurrent).toBe(first);
    expect(ids(first)).toEqual(['a']);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(1);
    expect(ddb.commandCalls(GetCommand)[0]!.args[0].input.ConsistentRead).toBe(true);

    await currentCatalogue(at + 999);
    expect(ddb.calls()).toHaveLength(2); // the GetItem and the Query, nothing more within the second

    // The counter has not moved: one GetItem, no Query.
    await currentCatalogue(at + 1_000);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(2);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(1);

    // A new change: only the deltas after the cursor.
    sequence({ counter: 7, snapshotKey: searchSnapshotKey(5), snapshotPosition: 5, deletedThrough: 2 });
    deltasAfter(6, [{ sequence: 7, id: 'c', version: '1', document: document('c') }]);
    expect(ids(await currentCatalogue(at + 2_000))).toEqual(['a', 'c']);
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(1);
  });

  it('starts empty at position 0 without a snapshot', async () => {
    sequence({ counter: 1 });
    deltasAfter(0, [{ sequence: 1, id: 'a', version: '1', document: document('a') }]);
    expect(ids(await currentCatalogue(1))).toEqual(['a']);
    expect(s3.calls()).toHaveLength(0);
  });

  it('reloads the snapshot when its cursor is behind the deleted deltas', async () => {
    sequence({ counter: 1 });
    deltasAfter(0, [{ sequence: 1, id: 'a', version: '1', document: document('a') }]);
    await currentCatalogue(1);

    // Meanwhile: snapshot 9 recorded, snapshot 4 became the previous one and deltas up to 4 deleted.
    sequence({ counter: 10, snapshotKey: searchSnapshotKey(9), snapshotPosition: 9, deletedThrough: 4 });
    s3.on(GetObjectCommand, { Key: searchSnapshotKey(9) }).resolves(
      snapshotBody(SearchCatalogue.encode([document('x')], 9)),
    );
    deltasAfter(9, [{ sequence: 10, id: 'y', version: '1', document: document('y') }]);
    expect(ids(await currentCatalogue(2_000))).toEqual(['x', 'y']);
    expect(
      ddb.commandCalls(QueryCommand).map((call) => call.args[0].input.ExpressionAttributeValues![':after']),
    ).toEqual([searchDeltaSortKey(0), searchDeltaSortKey(9)]);
  });
});
