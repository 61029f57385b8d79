import {
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
  TrimmedDataAccessException,
} from '@aws-sdk/client-dynamodb-streams';
import { describe, expect, it } from 'vitest';
import { streamConsumers } from '../../functions/stream-consumers';
import {
  type BatchInfo,
  keyString,
  readBatch,
  rebuildRecords,
  recordsFor,
  tableOfStream,
} from './stream-records';

const streamArn = 'arn:aws:dynamodb:eu-west-1:123456789012:table/velo-prod/stream/2026-11-01T00:00:00.000';

function recorded(
  sequence: number,
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  pk: string,
  images: { old?: Record<string, string>; new?: Record<string, string> },
): StreamRecord {
  const image = (values: Record<string, string>) =>
    Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { S: value }]));
  return {
    eventID: `event-${sequence}`,
    eventName,
    awsRegion: 'eu-west-1',
    dynamodb: {
      ApproximateCreationDateTime: new Date(Date.UTC(2026, 10, 27, 10, 0, sequence)),
      Keys: { PK: { S: pk }, SK: { S: 'META' } },
      ...(images.old ? { OldImage: image({ PK: pk, SK: 'META', ...images.old }) } : {}),
      ...(images.new ? { NewImage: image({ PK: pk, SK: 'META', ...images.new }) } : {}),
      SequenceNumber: String(100 + sequence),
    },
  };
}

const key = (pk: string) => keyString({ PK: { S: pk }, SK: { S: 'META' } });
const now = (pk: string, state: string) => ({ PK: { S: pk }, SK: { S: 'META' }, state: { S: state } });

describe('rebuilding a given-up batch from the table', () => {
  it('gives the item as it is now, the recorded eventName and the OldImage from before the batch', () => {
    const batch = [
      recorded(1, 'MODIFY', 'TX#1', { old: { state: 'a' }, new: { state: 'b' } }),
      recorded(2, 'MODIFY', 'TX#1', { old: { state: 'b' }, new: { state: 'c' } }),
      recorded(3, 'INSERT', 'TX#2', { new: { state: 'new' } }),
    ];
    const records = rebuildRecords(
      batch,
      new Map([
        [key('TX#1'), now('TX#1', 'd')],
        [key('TX#2'), now('TX#2', 'changed since')],
      ]),
      streamArn,
      'eu-west-1',
    );
    expect(records).toHaveLength(2); // one per key
    expect(records[0]).toMatchObject({
      eventName: 'MODIFY',
      eventSourceARN: streamArn,
      dynamodb: {
        Keys: { PK: { S: 'TX#1' }, SK: { S: 'META' } },
        NewImage: { state: { S: 'd' } },
        OldImage: { state: { S: 'a' } },
        SequenceNumber: '102',
        ApproximateCreationDateTime: Date.UTC(2026, 10, 27, 10, 0, 2) / 1000,
      },
    });
    expect(records[1]).toMatchObject({
      eventName: 'INSERT',
      dynamodb: { NewImage: { state: { S: 'changed since' } } },
    });
    expect(records[1]!.dynamodb).not.toHaveProperty('OldImage');
  });

  it('turns an item deleted since into a REMOVE with the last recorded image', () => {
    const [record] = rebuildRecords(
      [recorded(1, 'INSERT', 'TX#3', { new: { state: 'last seen' } })],
      new Map([[key('TX#3'), undefined]]),
      streamArn,
      'eu-west-1',
    );
    expect(record).toMatchObject({
      eventName: 'REMOVE',
      dynamodb: { OldImage: { state: { S: 'last seen' } } },
    });
    expect(record!.dynamodb).not.toHaveProperty('NewImage');
  });

  it('makes an item removed in the batch and written again since an INSERT', () => {
    const [record] = rebuildRecords(
      [recorded(1, 'REMOVE', 'TX#4', { old: { state: 'gone' } })],
      new Map([[key('TX#4'), now('TX#4', 'back')]]),
      streamArn,
      'eu-west-1',
    );
    expect(record).toMatchObject({ eventName: 'INSERT', dynamodb: { NewImage: { state: { S: 'back' } } } });
  });

  it("keeps only the records the consumer's key prefixes let through, and finds the stream's table", () => {
    const search = streamConsumers.find((consumer) => consumer.name === 'search-index')!;
    const batch = [
      recorded(1, 'INSERT', 'LISTING#1', { new: {} }),
      recorded(2, 'INSERT', 'TX#1', { new: {} }),
    ];
    expect(recordsFor(search, batch).map((record) => record.dynamodb?.Keys?.PK?.S)).toEqual(['LISTING#1']);
    expect(tableOfStream(streamArn)).toBe('velo-prod');
  });
});

describe('reading the batch back from the stream', () => {
  const batch: BatchInfo = {
    shardId: 'shard-1',
    startSequenceNumber: '101',
    endSequenceNumber: '102',
    approximateArrivalOfFirstRecord: '2026-11-27T10:00:01Z',
    approximateArrivalOfLastRecord: '2026-11-27T10:00:02Z',
    batchSize: 2,
    streamArn,
  };

  it('reads from the first sequence number to the last, not beyond', async () => {
    const pages = [
      [recorded(1, 'INSERT', 'TX#1', { new: {} })],
      [recorded(2, 'INSERT', 'TX#2', { new: {} }), recorded(3, 'INSERT', 'TX#3', { new: {} })],
    ];
    const asked: unknown[] = [];
    const streams = {
      send: async (command: unknown) => {
        asked.push(command);
        if (command instanceof GetShardIteratorCommand) return { ShardIterator: 'page-0' };
        const page = Number(String((command as GetRecordsCommand).input.ShardIterator).slice(5));
        return { Records: pages[page] ?? [], NextShardIterator: `page-${page + 1}` };
      },
    };
    const read = await readBatch(streams as never, batch);
    expect('records' in read && read.records.map((record) => record.dynamodb?.SequenceNumber)).toEqual([
      '101',
      '102',
    ]);
    expect((asked[0] as GetShardIteratorCommand).input).toMatchObject({
      ShardIteratorType: 'AT_SEQUENCE_NUMBER',
      SequenceNumber: '101',
      ShardId: 'shard-1',
    });
    expect(asked.filter((command) => command instanceof GetRecordsCommand)).toHaveLength(2);
  });

  it('says the records are trimmed when the stream no longer has them', async () => {
    const streams = {
      send: async () => {
        throw new TrimmedDataAccessException({ message: 'beyond the trim horizon', $metadata: {} });
      },
    };
    expect(await readBatch(streams as never, batch)).toEqual({
      trimmed: 'TrimmedDataAccessException: beyond the trim horizon',
    });
  });
});
