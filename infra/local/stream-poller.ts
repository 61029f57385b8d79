import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { type StreamConsumer, streamConsumers } from '../../functions/stream-consumers';
import { localDynamoClient } from './dynamodb';
import { loadHandler } from './handlers';

/**
 * Reads the table's stream like Lambda's event source mapping does and calls the same consumer
 * modules with a DynamoDBStreamEvent. A failing batch is retried (as Lambda would) up to 3 times,
 * then handed to `onGiveUp` (locally: its failure record goes to the stream dead-letter queue).
 */
export interface StreamPoller {
  stop(): Promise<void>;
  /** Resolves once every record written so far has been handled (for tests and the seed). */
  drain(): Promise<void>;
}

const pollIntervalMs = 100;
const maxAttempts = 3;

/** A batch the poller gave up on, for its failure record (infra/local/failure-records.ts). */
export interface GivenUpBatch {
  consumer: StreamConsumer;
  records: DynamoDBRecord[];
  streamArn: string;
  attempts: number;
  error: unknown;
}

export interface StreamPollerOptions {
  onGiveUp?: (batch: GivenUpBatch) => Promise<unknown>;
}

export async function startStreamPoller(
  endpoint: string,
  tableName: string,
  options: StreamPollerOptions = {},
): Promise<StreamPoller> {
  const dynamo = localDynamoClient(endpoint);
  const streams = new DynamoDBStreamsClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const table = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${tableName} has no stream`);

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
      if (records.length > 0) await dispatch(records);
      handled += records.length;
      iterators.set(shardId, page.NextShardIterator);
    }
    return handled;
  }

  async function dispatch(records: StreamRecord[]): Promise<void> {
    for (const consumer of streamConsumers as readonly StreamConsumer[]) {
      const matching = records.filter((record) => {
        const image = record.dynamodb?.NewImage ?? record.dynamodb?.OldImage;
        const pk = image?.PK?.S ?? '';
        return consumer.keyPrefixes.some((prefix) => pk.startsWith(prefix));
      });
      if (matching.length === 0) continue;
      const event: DynamoDBStreamEvent = {
        Records: matching.map((record) => ({ ...record, eventSourceARN: streamArn }) as DynamoDBRecord),
      };
      const handler = await loadHandler<(event: DynamoDBStreamEvent) => Promise<unknown>>(consumer.handler);
      for (let attempt = 1; ; attempt++) {
        try {
          await handler(event);
          break;
        } catch (error) {
          if (attempt >= maxAttempts) {
            console.error(`[streams] ${consumer.name} failed ${maxAttempts} times, batch skipped: ${error}`);
            await options.onGiveUp?.({
              consumer,
              records: event.Records,
              streamArn: streamArn!,
              attempts: maxAttempts,
              error,
            });
            break;
          }
        }
      }
    }
  }

  const loop = (async () => {
    while (!stopped) {
      let handled = 0;
      try {
        handled = await pollOnce();
      } catch (error) {
        if (!stopped) console.error(`[streams] poll failed: ${error}`);
      }
      if (handled === 0) {
        for (const resolve of idleWaiters) resolve();
        idleWaiters = [];
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
