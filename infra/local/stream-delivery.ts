import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

/**
 * How the local stream poller hands one consumer a batch, as Lambda's event source mapping with
 * partial-batch responses (`ReportBatchItemFailures`) does:
 * - an answer without `batchItemFailures` (or an empty list) is a success: the batch is done;
 * - the records from the lowest reported sequence number on are retried (the ones before it are
 *   done); an identifier that is empty or names no record of the batch fails the whole batch;
 * - a handler that throws fails the whole batch.
 * After `maxAttempts` the records still failing are given up: `onExhausted` receives them.
 * Lambda would also bisect a failing batch; the poller does not (the retries are what matter here).
 */
export interface GivenUpBatch {
  /** The consumer's name (functions/stream-consumers.ts). */
  consumer: string;
  streamArn: string;
  shardId: string;
  /** The records still failing, in stream order (the first is the one the last attempt reported). */
  records: DynamoDBRecord[];
  attempts: number;
  /** The last attempt's error, or which record it reported. */
  reason: string;
}

/** The one place a batch is given up (AWS: the stream DLQ gets a pointer to its records). */
export type OnExhausted = (batch: GivenUpBatch) => void | Promise<void>;

export const logGivenUpBatch: OnExhausted = (batch) => {
  console.error(
    `[streams] ${batch.consumer} failed ${batch.attempts} times, ${batch.records.length} records given up ` +
      `(shard ${batch.shardId}, from ${batch.records[0]?.dynamodb?.SequenceNumber}): ${batch.reason}`,
  );
};

export interface DeliveryOptions {
  consumer: string;
  streamArn: string;
  shardId: string;
  maxAttempts: number;
  onExhausted: OnExhausted;
}

export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<unknown>;

/** Delivers the batch, retrying from the first failed record; resolves with the attempts made. */
export async function deliverBatch(
  handler: StreamHandler,
  records: DynamoDBRecord[],
  options: DeliveryOptions,
): Promise<{ attempts: number; givenUp: number }> {
  let pending = records;
  for (let attempt = 1; ; attempt++) {
    const outcome = await attemptBatch(handler, pending);
    if (!outcome) return { attempts: attempt, givenUp: 0 };
    pending = pending.slice(outcome.from);
    if (attempt >= options.maxAttempts) {
      const { consumer, streamArn, shardId } = options;
      await options.onExhausted({
        consumer,
        streamArn,
        shardId,
        records: pending,
        attempts: attempt,
        reason: outcome.reason,
      });
      return { attempts: attempt, givenUp: pending.length };
    }
  }
}

/** Undefined when the batch succeeded, else the index of the first record to retry and why. */
async function attemptBatch(
  handler: StreamHandler,
  records: DynamoDBRecord[],
): Promise<{ from: number; reason: string } | undefined> {
  let response: unknown;
  try {
    response = await handler({ Records: records });
  } catch (error) {
    return { from: 0, reason: String(error) };
  }
  return firstFailed(records, response);
}

export function firstFailed(
  records: DynamoDBRecord[],
  response: unknown,
): { from: number; reason: string } | undefined {
  const failures = (response as Partial<DynamoDBBatchResponse> | null | undefined)?.batchItemFailures;
  if (!Array.isArray(failures) || failures.length === 0) return undefined;
  let from = records.length;
  for (const failure of failures) {
    const id = (failure as { itemIdentifier?: unknown } | null)?.itemIdentifier;
    const index =
      typeof id === 'string' && id !== '' ? records.findIndex((r) => r.dynamodb?.SequenceNumber === id) : -1;
    if (index < 0)
      return { from: 0, reason: `batch item failure names no record of the batch: ${String(id)}` };
    from = Math.min(from, index);
  }
  return { from, reason: `record ${records[from]?.dynamodb?.SequenceNumber} failed` };
}
