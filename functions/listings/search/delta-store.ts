import {
  BatchWriteCommand,
  type BatchWriteCommandInput,
  GetCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../lib/aws';
import { queryAll, queryPages } from '../../lib/paging';
import { keys, partitions, searchDeltaSortKey } from '../../lib/table-design';
import { isConditionFailure } from '../../lib/writes';
import type { SearchDelta } from './delta-cursor';

/**
 * The search index's items in the table (issue 23, docs/data-model.md): the sequence item and the
 * delta partition. The stream consumer writes deltas, containers read them, the snapshot writer
 * records snapshots and deletes the deltas they made redundant.
 */
export interface SearchSequence {
  /** How many listing changes have been given a sequence (the last one given). */
  counter: number;
  /** The latest snapshot's object key and the last sequence it includes. */
  snapshotKey?: string;
  snapshotPosition: number;
  /** The snapshot before it, kept one generation (deleted by the next writer run). */
  previousSnapshotKey?: string;
  /** Every delta up to here is deleted: a container behind it reloads the snapshot. */
  deletedThrough: number;
}

/**
 * One GetItem, strongly consistent: a stale counter below what a container has read would look like
 * an emptied table and make it reload the snapshot (one item: 1 RCU instead of 0.5, once a second).
 */
export async function readSearchSequence(): Promise<SearchSequence> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.searchSequence(), ConsistentRead: true }),
  );
  return {
    counter: (Item?.counter as number | undefined) ?? 0,
    ...(Item?.snapshotKey ? { snapshotKey: Item.snapshotKey as string } : {}),
    snapshotPosition: (Item?.snapshotPosition as number | undefined) ?? 0,
    ...(Item?.previousSnapshotKey ? { previousSnapshotKey: Item.previousSnapshotKey as string } : {}),
    deletedThrough: (Item?.deletedThrough as number | undefined) ?? 0,
  };
}

/**
 * Gives `count` changes their sequences with one atomic ADD: returns the first of a dense range
 * (new counter - count + 1 … new counter), so readers can tell a gap from the end.
 */
export async function allocateSequences(count: number): Promise<number> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.searchSequence(),
      UpdateExpression: 'ADD #counter :count',
      ExpressionAttributeNames: { '#counter': 'counter' },
      ExpressionAttributeValues: { ':count': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return (Attributes?.counter as number) - count + 1;
}

interface DeltaItem {
  SK: string;
  sequence: number;
  id: string;
  version: string;
  document?: SearchDelta['document'];
}

/** Writes deltas (BatchWrite, 25 a call); unprocessed items are sent again, and a failure throws. */
export async function writeDeltas(deltas: readonly SearchDelta[]): Promise<void> {
  await batchWrite(
    deltas.map((delta) => ({
      PutRequest: {
        Item: {
          ...keys.searchDelta(delta.sequence),
          sequence: delta.sequence,
          id: delta.id,
          version: delta.version,
          ...(delta.document ? { document: delta.document } : {}),
        },
      },
    })),
  );
}

/** Every delta after `after`, in sequence order (paged; eventually consistent is enough: gaps are read again). */
export async function readDeltasAfter(after: number): Promise<SearchDelta[]> {
  const items = await queryAll<DeltaItem>({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :deltas AND SK > :after',
    ExpressionAttributeValues: { ':deltas': partitions.searchDeltas, ':after': searchDeltaSortKey(after) },
  });
  return items.map((item) => ({
    sequence: item.sequence,
    id: item.id,
    version: item.version,
    ...(item.document ? { document: item.document } : {}),
  }));
}

/**
 * Records a new snapshot, only if it is newer than the recorded one (two writers racing: the later
 * position wins). The previous snapshot's position becomes `deletedThrough` here, BEFORE its
 * deltas are deleted, so no container reads a range with deltas missing: one behind it reloads.
 * Returns false when a newer snapshot was already recorded.
 */
export async function recordSnapshot(
  previous: SearchSequence,
  snapshot: { key: string; position: number },
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.searchSequence(),
        UpdateExpression:
          'SET snapshotKey = :key, snapshotPosition = :position, deletedThrough = :deletedThrough, recordedAt = :now' +
          (previous.snapshotKey ? ', previousSnapshotKey = :previousKey' : ' REMOVE previousSnapshotKey'),
        ConditionExpression:
          '(attribute_not_exists(snapshotPosition) OR snapshotPosition < :position) AND ' +
          '(attribute_not_exists(snapshotPosition) OR snapshotPosition = :previousPosition)',
        ExpressionAttributeValues: {
          ':key': snapshot.key,
          ':position': snapshot.position,
          ':previousPosition': previous.snapshotPosition,
          ':deletedThrough': Math.max(previous.deletedThrough, previous.snapshotPosition),
          ':now': new Date().toISOString(),
          ...(previous.snapshotKey ? { ':previousKey': previous.snapshotKey } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Deletes every delta up to `through` (keys only, page by page, 25 a BatchWrite). Returns how many. */
export async function deleteDeltasThrough(through: number): Promise<number> {
  let deleted = 0;
  for await (const page of queryPages({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :deltas AND SK <= :through',
    ExpressionAttributeValues: {
      ':deltas': partitions.searchDeltas,
      ':through': searchDeltaSortKey(through),
    },
    ProjectionExpression: 'PK, SK',
  })) {
    const items = page.Items ?? [];
    await batchWrite(items.map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } })));
    deleted += items.length;
  }
  return deleted;
}

type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/** Retries of a chunk's unprocessed items (throttling) before the batch fails and is retried whole. */
const unprocessedAttempts = 8;

async function batchWrite(requests: readonly WriteRequest[]): Promise<void> {
  for (let start = 0; start < requests.length; start += 25) {
    let pending = requests.slice(start, start + 25);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt === unprocessedAttempts)
        throw new Error(`BatchWrite left ${pending.length} items unprocessed`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const { UnprocessedItems } = await dynamo().send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }),
      );
      pending = UnprocessedItems?.[tableName()] ?? [];
    }
  }
}
