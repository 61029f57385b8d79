/**
 * Where asynchronous failures are kept (issue 26), in one place for the stack, the local cloud and
 * the operator's redrive: in AWS two SQS queues of the Events stack (their URLs are its outputs),
 * locally two queues of the same names in the local AWS emulator (infra/local/sqs.ts).
 */
export const failureQueues = {
  /** Lambda's on-failure destination of the rule handlers: events a handler failed after its retries. */
  failedInvocations: {
    label: 'failed invocations',
    localName: 'velo-failed-invocations',
    /** The Events stack's output holding the queue's URL (Velo<Stage>Events). */
    stackOutput: 'FailedInvocationsQueueUrl',
    flag: 'failed-invocations-queue-url',
    env: 'FAILED_INVOCATIONS_QUEUE_URL',
  },
  /** The stream consumers' on-failure destination: pointers to the stream records of given-up batches. */
  streamDeadLetters: {
    label: 'stream dead letters',
    localName: 'velo-stream-dead-letters',
    stackOutput: 'DeadLetterQueueUrl',
    flag: 'dead-letter-queue-url',
    env: 'DEAD_LETTER_QUEUE_URL',
  },
} as const;

export type FailureQueue = keyof typeof failureQueues;

/** What Lambda says of the failed invocation in both kinds of failure record. */
export interface FailureRequestContext {
  requestId: string;
  functionArn: string;
  condition: string;
  approximateInvokeCount: number;
}

export interface FailureResponseContext {
  statusCode: number;
  executedVersion: string;
  functionError?: string;
}

/**
 * Lambda's on-failure destination record of an asynchronous invocation (what the failed-invocations
 * queue holds): the event as `requestPayload`, the error as `responsePayload`.
 */
export interface AsyncFailureRecord {
  version: string;
  timestamp: string;
  requestContext: FailureRequestContext;
  requestPayload: unknown;
  responseContext: FailureResponseContext;
  responsePayload?: { errorType?: string; errorMessage?: string; trace?: string[] };
}

/**
 * Lambda's failure record of a stream batch it gave up (what the stream dead-letter queue holds):
 * pointers to the records (shard and sequence numbers), not the records themselves.
 */
export interface StreamFailureRecord {
  version: string;
  timestamp: string;
  requestContext: FailureRequestContext;
  responseContext: FailureResponseContext;
  DDBStreamBatchInfo: {
    shardId: string;
    startSequenceNumber: string;
    endSequenceNumber: string;
    approximateArrivalOfFirstRecord: string;
    approximateArrivalOfLastRecord: string;
    batchSize: number;
    streamArn: string;
  };
}
