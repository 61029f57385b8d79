import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { loggedHandler } from '../lib/lambda-handler';
import { log, withLogKeys } from '../lib/logger';
import { reportError } from '../lib/observability';
import { batchResponse } from '../lib/stream-batch';
import { keyPrefixes } from '../lib/table-design';
import { publishOutboxRecord } from './finance/outbox-stream';
import { sendRecordMails } from './notifications/stream';

/**
 * The one consumer of the table stream's `TX#` records (issue 26: DynamoDB advises at most two
 * readers per stream shard, and the search index is the other). Each record goes to every part in
 * turn; a part decides whether the record concerns it:
 * - `finance-outbox` (functions/orders/finance/outbox-stream.ts): publishes inserted outbox items;
 * - `order-notifications` (functions/orders/notifications/stream.ts): the order e-mails.
 * A part that fails is reported (reportError, tagged with its name and the transaction) and does not
 * stop the other part for that record, nor the records after it. The answer is a partial-batch
 * response naming the first record a part failed for: Lambda retries from it (the records after it
 * again too, which both parts make harmless: the ledger records each `detail.id` once, the mails
 * have markers) and, once the retries are spent, sends the stream DLQ a pointer to the rest.
 */
export interface TransactionStreamPart {
  name: string;
  handle(record: DynamoDBRecord): Promise<unknown>;
}

export const transactionStreamParts: readonly TransactionStreamPart[] = [
  { name: 'finance-outbox', handle: publishOutboxRecord },
  { name: 'order-notifications', handle: sendRecordMails },
];

export async function dispatchTransactionRecords(
  event: DynamoDBStreamEvent,
  parts: readonly TransactionStreamPart[] = transactionStreamParts,
): Promise<DynamoDBBatchResponse> {
  let firstFailed: DynamoDBRecord | undefined;
  let failed = 0;
  for (const record of event.Records) {
    const transactionId = transactionIdOf(record);
    // One batch holds records of many orders: each logs with its own.
    const ok = await withLogKeys(transactionId ? { transactionId } : {}, () =>
      handleRecord(record, parts, transactionId),
    );
    if (ok) continue;
    failed++;
    firstFailed ??= record;
  }
  if (firstFailed) {
    log.warn('Transaction stream records failed: the stream retries from the first', {
      failed,
      records: event.Records.length,
      firstFailedSequenceNumber: firstFailed.dynamodb?.SequenceNumber,
    });
  }
  return batchResponse(firstFailed);
}

/** Runs every part for the record; false when one of them failed (each failure reported). */
async function handleRecord(
  record: DynamoDBRecord,
  parts: readonly TransactionStreamPart[],
  transactionId: string | undefined,
): Promise<boolean> {
  let ok = true;
  for (const part of parts) {
    try {
      await part.handle(record);
    } catch (error) {
      ok = false;
      await reportError(error, {
        task: part.name,
        ...(transactionId ? { transactionId } : {}),
        ...(record.dynamodb?.SequenceNumber ? { sequenceNumber: record.dynamodb.SequenceNumber } : {}),
      });
    }
  }
  return ok;
}

function transactionIdOf(record: DynamoDBRecord): string | undefined {
  const pk = record.dynamodb?.Keys?.PK?.S;
  return pk?.startsWith(keyPrefixes.transaction) ? pk.slice(keyPrefixes.transaction.length) : undefined;
}

/** The Lambda entry: each invocation logs with its own keys (functions/lib/logger.ts). */
export const handler = loggedHandler((event: DynamoDBStreamEvent) => dispatchTransactionRecords(event));
