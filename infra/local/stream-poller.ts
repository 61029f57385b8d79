import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import { type StreamConsumer, streamConsumers } from '../../functions/stream-consumers';
import { localDynamoClient } from './dynamodb';
import { loadHandler } from './handlers';
import { deliverBatch, logGivenUpBatch, type OnExhausted, type StreamHandler } from './stream-delivery';

/**
 * Reads the table's stream like Lambda's event source mapping does and calls the same consumer
 * modules with a DynamoDBStreamEvent. A batch is retried from its first failed record (the
 * consumer's partial-batch response, or all of it when the consumer throws) up to 3 attempts, as
 * Lambda would (infra/local/stream-delivery.ts); then it is given up through `onExhausted`
 * (locally: its failure record goes to the stream dead-letter queue, infra/local/failure-records.ts).
 */
export interface StreamPoller {
  stop(): Promise<void>;
  /** Resolves once every record written so far has been handled (for tests and the seed). */
  drain(): Promise<void>;
}

export interface StreamPollerOptions {
  /** Attempts per batch before it is given up (default 3). */
  maxAttempts?: number;
  /** Where a given-up batch goes (default: an error line); AWS sends a pointer to the stream DLQ. */
  onExhausted?: OnExhausted;
}

const pollIntervalMs = 100;
const defaultMaxAttempts = 3;

export async function startStreamPoller(
  endpoint: string,
  tableName: string,
  options: StreamPollerOptions = {},
): Promise<StreamPoller> {
  const maxAttempts = options.maxAttempts ?? defaultMaxAttempts;
  const onExhausted = options.onExhausted ?? logGivenUpBatch;
  const dynamo = localDynamoClient(endpoint);
  const streams = new DynamoDBStreamsClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const table = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
  const latestStreamArn = table.Table?.LatestStreamArn;
  if (!latestStreamArn) throw new Error(`Table ${tableName} has no stream`);
  const streamArn: string = latestStreamArn;

  const iterators = new Map<string, string | undefined>(); // shardId → next iterator (undefined: closed)
  let stopped = false;
  let idleWaiters: Array<() => void> = [];

  async function refreshShards(): Promise<void> {
    const description = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of description.StreamDescription?.Shards ?? []) {
      if (!shard.ShardId || iterators.has(shard.ShardId)) continue;
      // Shards that exist at start: only new records (LATEST); shards that appear later: all of them.
      const type = firstRound ? 'LATEST' : 'TRIM_HORIZON';
      const iterator = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shard.ShardId,
          ShardIteratorType: type,
        }),
      );
      iterators.set(shard.ShardId, iterator.ShardIterator);
    }
  }

  let firstRound = true;
  async function pollOnce(): Promise<number> {
    await refreshShards();
    firstRound = false;
    let handled = 0;
    for (const [shardId, iterator] of iterators) {
      if (!iterator) continue;
      const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
      const records = page.Records ?? [];
      if (records.length > 0) await dispatch(records, shardId);
      handled += records.length;
      iterators.set(shardId, page.NextShardIterator);
    }
    return handled;
  }

  async function dispatch(records: StreamRecord[], shardId: string): Promise<void> {
    for (const consumer of streamConsumers as readonly StreamConsumer[]) {
      const matching = records.filter((record) => {
        const image = record.dynamodb?.NewImage ?? record.dynamodb?.OldImage;
        const pk = image?.PK?.S ?? '';
        return consumer.keyPrefixes.some((prefix) => pk.startsWith(prefix));
      });
      if (matching.length === 0) continue;
      const handler = await loadHandler<StreamHandler>(consumer.handler);
      await deliverBatch(
        handler,
        matching.map((record) => ({ ...record, eventSourceARN: streamArn }) as DynamoDBRecord),
        { consumer: consumer.name, streamArn, shardId, maxAttempts, onExhausted },
      );
    }
  }

  const loop = (async () => {
    while (!stopped) {
      let handled = 0;
      let polled = false;
      try {
        handled = await pollOnce();
        polled = true;
      } catch (error) {
        if (!stopped) console.error(`[streams] poll failed: ${error}`);
      }
      if (handled === 0) {
        // Only a poll that read every shard and found nothing is idle: a failed one read nothing,
        // and drain() (the /_dev/settled.json signal) must not answer while records may be waiting.
        if (polled) {
          for (const resolve of idleWaiters) resolve();
          idleWaiters = [];
        }
        await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
      }
    }
  })();

  return {
    async drain() {
      // Two idle rounds in a row: everything written before this call has been read and handled.
      for (let round = 0; round < 2; round++) await new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    async stop() {
      stopped = true;
      for (const resolve of idleWaiters) resolve();
      await loop;
      dynamo.destroy();
      streams.destroy();
    },
  };
}
