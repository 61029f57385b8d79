import { randomUUID } from 'node:crypto';
import type { DynamoDBRecord } from 'aws-lambda';
import { handlerDeployName } from '../../functions/deploy-names';
import type { AsyncFailureRecord, StreamFailureRecord } from '../../functions/failure-queues';
import { type StreamConsumer, streamConsumers } from '../../functions/stream-consumers';
import { localAccount, localRegion } from './stepfunctions';
import type { OnExhausted } from './stream-delivery';

/**
 * The records Lambda sends to an on-failure destination, built locally the same way so the
 * operator's redrive reads one format (functions/failure-queues.ts has their shapes).
 */

/** A handler's function ARN locally: its deploy name (functions/deploy-names.ts) as the function name. */
export function localFunctionArn(handler: string): string {
  return `arn:aws:lambda:${localRegion}:${localAccount}:function:${handlerDeployName(handler)}`;
}

/** The function name of an ARN (the last `:` segment, or the ARN itself if it is a plain name). */
export function functionNameOf(functionArn: string): string {
  const match = /:function:([^:]+)/.exec(functionArn);
  return match ? match[1]! : functionArn;
}

function errorPayload(error: unknown): { errorType: string; errorMessage: string; trace: string[] } {
  const failure = error instanceof Error ? error : new Error(String(error));
  return {
    errorType: failure.name,
    errorMessage: failure.message,
    trace: (failure.stack ?? '').split('\n').slice(0, 10),
  };
}

export function asyncFailureRecord(input: {
  functionArn: string;
  event: unknown;
  error: unknown;
  invokeCount: number;
  now?: Date;
}): AsyncFailureRecord {
  return {
    version: '1.0',
    timestamp: (input.now ?? new Date()).toISOString(),
    requestContext: {
      requestId: randomUUID(),
      functionArn: `${input.functionArn}:$LATEST`,
      condition: 'RetriesExhausted',
      approximateInvokeCount: input.invokeCount,
    },
    requestPayload: input.event,
    responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
    responsePayload: errorPayload(input.error),
  };
}

const arrival = (record: DynamoDBRecord) =>
  new Date((record.dynamodb?.ApproximateCreationDateTime ?? Date.now() / 1000) * 1000).toISOString();

/**
 * Lambda's record of a stream batch it gave up: the batch's first and last sequence numbers on its
 * shard, never the records (they stay in the stream for 24 h; the redrive reads them there).
 */
export function streamFailureRecord(input: {
  functionArn: string;
  shardId: string;
  streamArn: string;
  records: readonly DynamoDBRecord[];
  invokeCount: number;
  now?: Date;
}): StreamFailureRecord {
  const first = input.records[0]!;
  const last = input.records[input.records.length - 1]!;
  return {
    version: '1.0',
    timestamp: (input.now ?? new Date()).toISOString(),
    requestContext: {
      requestId: randomUUID(),
      functionArn: input.functionArn,
      condition: 'RetryAttemptsExhausted',
      approximateInvokeCount: input.invokeCount,
    },
    responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
    DDBStreamBatchInfo: {
      shardId: input.shardId,
      startSequenceNumber: first.dynamodb?.SequenceNumber ?? '',
      endSequenceNumber: last.dynamodb?.SequenceNumber ?? '',
      approximateArrivalOfFirstRecord: arrival(first),
      approximateArrivalOfLastRecord: arrival(last),
      batchSize: input.records.length,
      streamArn: input.streamArn,
    },
  };
}

/**
 * The local poller's give-up (infra/local/stream-poller.ts `onExhausted`): the batch's failure record,
 * as Lambda's event source mapping writes it, handed to `keep` (the stream dead-letter queue).
 */
export function keepGivenUpBatches(keep: (record: StreamFailureRecord) => unknown): OnExhausted {
  return async (batch) => {
    const consumer = (streamConsumers as readonly StreamConsumer[]).find((c) => c.name === batch.consumer);
    if (!consumer || !batch.records[0]?.dynamodb?.SequenceNumber) return;
    await keep(
      streamFailureRecord({
        functionArn: localFunctionArn(consumer.handler),
        shardId: batch.shardId,
        streamArn: batch.streamArn,
        records: batch.records,
        invokeCount: batch.attempts,
      }),
    );
  };
}
