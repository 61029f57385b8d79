import { randomUUID } from 'node:crypto';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import {
  DeleteMessageCommand,
  GetQueueUrlCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureQueues, type StreamFailureRecord } from '../../functions/failure-queues';
import { dynamo } from '../../functions/lib/aws';
import { keys } from '../../functions/lib/table-design';
import { streamConsumers } from '../../functions/stream-consumers';
import { keepGivenUpBatches } from '../../infra/local/failure-records';
import { startStreamPoller } from '../../infra/local/stream-poller';
import { runRedrive } from '../../infra/operator/redrive-command';
import { useLocalCloud } from './cloud-env';

// A given-up stream batch kept as Lambda keeps it (pointers to the records) is redriven from the
// suite's real stream (DynamoDB Local: AT_SEQUENCE_NUMBER … up to the last record) and table.

let sqs: SQSClient;
let streams: DynamoDBStreamsClient;
let queueUrl: string;
let streamArn: string;

beforeAll(async () => {
  useLocalCloud();
  sqs = new SQSClient({});
  streams = new DynamoDBStreamsClient({ endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB });
  ({ QueueUrl: queueUrl = '' } = await sqs.send(
    new GetQueueUrlCommand({ QueueName: failureQueues.streamDeadLetters.localName }),
  ));
  const client = new DynamoDBClient({});
  streamArn = (await client.send(new DescribeTableCommand({ TableName: process.env.TABLE_NAME }))).Table!
    .LatestStreamArn!;
  client.destroy();
});

afterAll(() => {
  sqs.destroy();
  streams.destroy();
});

/** The stream's records of one partition key, with their shard (the whole stream, from its start). */
async function streamRecordsOf(pk: string): Promise<{ shardId: string; records: DynamoDBRecord[] }> {
  const description = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
  for (const shard of description.StreamDescription?.Shards ?? []) {
    let iterator = (
      await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shard.ShardId,
          ShardIteratorType: 'TRIM_HORIZON',
        }),
      )
    ).ShardIterator;
    const found: DynamoDBRecord[] = [];
    for (let empty = 0; iterator && empty < 3; ) {
      const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
      empty = page.Records?.length ? 0 : empty + 1;
      for (const record of page.Records ?? []) {
        if (record.dynamodb?.Keys?.PK?.S !== pk) continue;
        const creation = record.dynamodb.ApproximateCreationDateTime!.getTime() / 1000;
        found.push({
          ...record,
          dynamodb: { ...record.dynamodb, ApproximateCreationDateTime: creation },
        } as DynamoDBRecord);
      }
      iterator = page.NextShardIterator;
    }
    if (found.length > 0) return { shardId: shard.ShardId!, records: found };
  }
  throw new Error(`no stream record of ${pk}`);
}

const searchIndex = streamConsumers.find((consumer) => consumer.name === 'search-index')!;

/** Keeps the batch as the local poller does, or as if it were on another shard. */
async function keepBatch(
  records: DynamoDBRecord[],
  shardId: string,
  otherShard?: string,
): Promise<StreamFailureRecord> {
  let kept: StreamFailureRecord | undefined;
  await keepGivenUpBatches((record) => {
    kept = otherShard
      ? { ...record, DDBStreamBatchInfo: { ...record.DDBStreamBatchInfo, shardId: otherShard } }
      : record;
  })({ consumer: searchIndex.name, records, streamArn, shardId, attempts: 3, reason: 'failed' });
  await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(kept) }));
  return kept!;
}

const redriveStreams = async () => {
  const lines: string[] = [];
  const outcomes = await runRedrive({ aws: false, dryRun: false, queueUrls: {} }, (line) => lines.push(line));
  return { outcome: outcomes.find((outcome) => outcome.queue === 'streamDeadLetters')!, lines };
};

describe('a stream batch a consumer gave up', () => {
  it('is read back from the stream, re-read from the table and delivered to its consumer, then deleted', async () => {
    const listingId = randomUUID();
    const key = keys.listing(listingId);
    await dynamo().send(
      new PutCommand({
        TableName: process.env.TABLE_NAME,
        Item: { ...key, id: listingId, state: 'draft', title: 'first' },
      }),
    );
    await dynamo().send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME,
        Key: key,
        UpdateExpression: 'SET title = :title',
        ExpressionAttributeValues: { ':title': 'second' },
      }),
    );
    const { shardId, records } = await streamRecordsOf(key.PK);
    expect(records.map((record) => record.eventName)).toEqual(['INSERT', 'MODIFY']);
    const kept = await keepBatch(records, shardId);
    expect(kept.DDBStreamBatchInfo).toMatchObject({ batchSize: 2, streamArn, shardId });
    expect(kept.requestContext.functionArn).toMatch(/:function:StreamsSearchIndex$/);

    const { outcome, lines } = await redriveStreams();
    expect(outcome).toMatchObject({ found: 1, redriven: 1, stillFailing: 0, notRedrivable: 0 });
    // Both records are of one item: one record rebuilt from the item as it is now.
    expect(lines.join('\n')).toMatch(/redriven: StreamsSearchIndex batch of 2 .*: 1 items/);
    expect((await redriveStreams()).outcome).toMatchObject({ found: 0 });
  });

  it('is what the local poller keeps when a consumer fails for real (its table unreachable), and redrives', async () => {
    // A poller of its own in this worker, whose consumers see a table name DynamoDB does not have.
    const table = process.env.TABLE_NAME!;
    const poller = await startStreamPoller(process.env.AWS_ENDPOINT_URL_DYNAMODB!, table, {
      onExhausted: keepGivenUpBatches((record) =>
        sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(record) })),
      ),
    });
    const listingId = randomUUID();
    try {
      await poller.drain(); // reading the stream from here on
      process.env.TABLE_NAME = 'velo-unreachable';
      await dynamo().send(
        new PutCommand({
          TableName: table,
          Item: { ...keys.listing(listingId), id: listingId, state: 'draft' },
        }),
      );
      await poller.drain();
    } finally {
      process.env.TABLE_NAME = table;
      await poller.stop();
    }
    const { lines, outcome } = await redriveStreams();
    expect(outcome).toMatchObject({ found: 1, redriven: 1, stillFailing: 0, notRedrivable: 0 });
    expect(lines.join('\n')).toMatch(/redriven: StreamsSearchIndex batch of 1 on shardId-.*: 1 items/);
  });

  it('stays, with the reason and the batch times, when the stream no longer has its records', async () => {
    const listingId = randomUUID();
    await dynamo().send(
      new PutCommand({
        TableName: process.env.TABLE_NAME,
        Item: { ...keys.listing(listingId), id: listingId, state: 'draft' },
      }),
    );
    const { records, shardId } = await streamRecordsOf(`LISTING#${listingId}`);
    await keepBatch(records, shardId, 'shardId-gone-00000000000000000000');
    const { outcome, lines } = await redriveStreams();
    expect(outcome).toMatchObject({ found: 1, redriven: 0, notRedrivable: 1 });
    expect(lines.join('\n')).toMatch(
      /not redrivable: StreamsSearchIndex batch of 1 .*\(records of 20.* – 20.*\).*no longer in the stream/,
    );
    // Left for the operator: it is still there (and the next run says the same).
    expect((await redriveStreams()).outcome).toMatchObject({ found: 1, notRedrivable: 1 });
    // The operator's call (here: the test's cleanup) is to delete it.
    const left = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10 }));
    for (const message of left.Messages ?? [])
      await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
  });
});
