import { type AttributeValue, type DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import {
  type DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import type { StreamFailureRecord } from '../../functions/failure-queues';
import type { StreamConsumer } from '../../functions/stream-consumers';

/**
 * A stream dead letter names a batch (shard, first and last sequence number), not its records:
 * they are read back from the stream (kept 24 h), and each key is read again from the table, so
 * the consumer gets the item as it is now, never a stale image of an item changed since.
 */
export type BatchInfo = StreamFailureRecord['DDBStreamBatchInfo'];

type Item = Record<string, AttributeValue>;

/** The table a stream belongs to: `arn:aws:dynamodb:<region>:<account>:table/<name>/stream/<label>`. */
export function tableOfStream(streamArn: string): string {
  const match = /:table\/([^/]+)\/stream\//.exec(streamArn);
  if (!match) throw new Error(`Not a DynamoDB stream ARN: ${streamArn}`);
  return match[1]!;
}

/** One string per key, whatever the order of its attributes. */
export function keyString(keys: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(keys)
      .sort()
      .map((name) => [name, keys[name]]),
  );
}

const partitionKeyOf = (record: StreamRecord) => record.dynamodb?.Keys?.PK?.S ?? '';

/** The records a consumer's filter lets through (its keyPrefixes on PK, as the event source filter). */
export function recordsFor(consumer: StreamConsumer, records: readonly StreamRecord[]): StreamRecord[] {
  return records.filter((record) =>
    consumer.keyPrefixes.some((prefix) => partitionKeyOf(record).startsWith(prefix)),
  );
}

const epochSeconds = (date: Date | undefined) => Math.floor((date?.getTime() ?? Date.now()) / 1000);

/**
 * The records the consumer gets on a redrive, one per key of the batch (in the batch's order):
 * - the item still exists: the first recorded change's eventName (an item removed in the batch and
 *   written again since is an INSERT), NewImage the item as it is now, OldImage as recorded before
 *   the batch's first change;
 * - the item is gone: a REMOVE, with the last image the stream recorded as OldImage.
 * `current` holds each key's item as read now (consistent read); undefined = deleted.
 */
export function rebuildRecords(
  recorded: readonly StreamRecord[],
  current: ReadonlyMap<string, Item | undefined>,
  streamArn: string,
  region: string,
): DynamoDBRecord[] {
  const byKey = new Map<string, StreamRecord[]>();
  for (const record of recorded) {
    const keys = record.dynamodb?.Keys;
    if (!keys) continue;
    const key = keyString(keys);
    byKey.set(key, [...(byKey.get(key) ?? []), record]);
  }
  return [...byKey].map(([key, records]) => {
    const first = records[0]!;
    const last = records[records.length - 1]!;
    const item = current.get(key);
    const recordedEvent = first.eventName ?? 'MODIFY';
    const images = item
      ? {
          eventName: recordedEvent === 'REMOVE' ? 'INSERT' : recordedEvent,
          NewImage: item,
          ...(recordedEvent !== 'INSERT' && first.dynamodb?.OldImage
            ? { OldImage: first.dynamodb.OldImage }
            : {}),
        }
      : {
          eventName: 'REMOVE',
          ...(last.eventName === 'REMOVE'
            ? { OldImage: last.dynamodb?.OldImage }
            : { OldImage: last.dynamodb?.NewImage ?? last.dynamodb?.OldImage }),
        };
    const { eventName, ...dynamodbImages } = images;
    return {
      eventID: last.eventID,
      eventName,
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: last.awsRegion ?? region,
      eventSourceARN: streamArn,
      dynamodb: {
        ApproximateCreationDateTime: epochSeconds(last.dynamodb?.ApproximateCreationDateTime),
        Keys: first.dynamodb!.Keys,
        ...dynamodbImages,
        SequenceNumber: last.dynamodb?.SequenceNumber,
        SizeBytes: JSON.stringify(dynamodbImages).length,
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    } as DynamoDBRecord;
  });
}

export type BatchRead = { records: StreamRecord[] } | { trimmed: string };

const trimmedErrors = new Set([
  'TrimmedDataAccessException',
  'ResourceNotFoundException',
  'ExpiredIteratorException',
]);

/**
 * The batch's records from the stream: from its first sequence number (AT_SEQUENCE_NUMBER) up to
 * its last. Records older than the stream's 24 h are gone: `trimmed` says why.
 */
export async function readBatch(
  streams: Pick<DynamoDBStreamsClient, 'send'>,
  batch: BatchInfo,
  { maxEmptyPages = 5 } = {},
): Promise<BatchRead> {
  const end = BigInt(batch.endSequenceNumber);
  const records: StreamRecord[] = [];
  try {
    let iterator = (
      await streams.send(
        new GetShardIteratorCommand({
          StreamArn: batch.streamArn,
          ShardId: batch.shardId,
          ShardIteratorType: 'AT_SEQUENCE_NUMBER',
          SequenceNumber: batch.startSequenceNumber,
        }),
      )
    ).ShardIterator;
    let emptyPages = 0;
    while (iterator && emptyPages < maxEmptyPages) {
      const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
      const pageRecords = page.Records ?? [];
      emptyPages = pageRecords.length === 0 ? emptyPages + 1 : 0;
      for (const record of pageRecords) {
        if (BigInt(record.dynamodb?.SequenceNumber ?? '0') > end) return { records };
        records.push(record);
      }
      if (records.some((record) => record.dynamodb?.SequenceNumber === batch.endSequenceNumber))
        return { records };
      iterator = page.NextShardIterator;
    }
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    if (trimmedErrors.has(name)) return { trimmed: `${name}: ${(error as Error).message}` };
    throw error;
  }
  return records.length > 0 ? { records } : { trimmed: 'the stream returned none of its records' };
}

/** Each key's item as it is now (consistent read); undefined when it was deleted. */
export async function readCurrentItems(
  dynamo: Pick<DynamoDBClient, 'send'>,
  tableName: string,
  records: readonly StreamRecord[],
): Promise<Map<string, Item | undefined>> {
  const current = new Map<string, Item | undefined>();
  for (const record of records) {
    const keys = record.dynamodb?.Keys as Item | undefined;
    if (!keys || current.has(keyString(keys))) continue;
    const result = await dynamo.send(
      new GetItemCommand({ TableName: tableName, Key: keys, ConsistentRead: true }),
    );
    current.set(keyString(keys), result.Item);
  }
  return current;
}
