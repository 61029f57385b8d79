import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';

/**
 * The answer of a table stream consumer with partial-batch responses (the event source's
 * `reportBatchItemFailures`): nothing failed, or the first record that did. Lambda checkpoints
 * before the lowest sequence number reported and retries the batch from there, so naming the first
 * failed record is enough; the records before it are done.
 */
export function batchResponse(firstFailed?: DynamoDBRecord): DynamoDBBatchResponse {
  if (!firstFailed) return { batchItemFailures: [] };
  const sequenceNumber = firstFailed.dynamodb?.SequenceNumber;
  // Without one the record cannot be named; an empty identifier fails the whole batch (Lambda's rule).
  return { batchItemFailures: [{ itemIdentifier: sequenceNumber ?? '' }] };
}
