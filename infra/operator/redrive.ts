import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import {
  type AsyncFailureRecord,
  type FailureQueue,
  failureQueues,
  type StreamFailureRecord,
} from '../../functions/failure-queues';
import type { StreamConsumer } from '../../functions/stream-consumers';
import { functionNameOf } from '../local/failure-records';
import { readBatch, readCurrentItems, rebuildRecords, recordsFor, tableOfStream } from './stream-records';

/**
 * `npm run operator -- redrive`: what Lambda kept after giving up (functions/failure-queues.ts) is
 * delivered again. A message is deleted only once its handler succeeded; one that fails again or
 * cannot be redriven stays in its queue (visible again when the command ends) with the reason printed.
 * The handlers are idempotent (the ledger writes once per event id, the consumers per item), so a
 * message redriven twice, or redriven after a partial success, changes nothing the second time.
 */
export interface RedriveTargets {
  /**
   * Delivers the event again to the function that failed it (a rule handler or a scheduled
   * function); throws with its error, or a RedriveRefused when that function is none of those.
   */
  invokeRule(functionArn: string, event: unknown): Promise<void>;
  /** Throws a RedriveRefused unless invokeRule may call this function (also on a dry run). */
  checkInvocation(functionArn: string): Promise<void>;
  /**
   * Our stream consumer behind a function ARN (undefined: none of functions/stream-consumers.ts;
   * a RedriveRefused says why it may not be called, e.g. another stage's function).
   */
  consumerOf(functionArn: string): Promise<StreamConsumer | undefined>;
  /** Calls the consumer with rebuilt records; throws when it fails or reports failed records. */
  invokeConsumer(functionArn: string, consumer: StreamConsumer, event: DynamoDBStreamEvent): Promise<void>;
}

export interface RedriveContext {
  sqs: Pick<SQSClient, 'send'>;
  streams: Pick<DynamoDBStreamsClient, 'send'>;
  dynamo: Pick<DynamoDBClient, 'send'>;
  queueUrls: Partial<Record<FailureQueue, string>>;
  targets: RedriveTargets;
  region: string;
  /**
   * The table whose stream batches may be redriven (the stage's): a dead letter naming another
   * table's stream is refused, so a message cannot make the command read another stage's table.
   */
  tableName?: string;
  dryRun?: boolean;
  /** SQS long polling per receive (AWS: 1 s, so a sampled empty answer is not taken for an empty queue). */
  waitSeconds?: number;
  log: (line: string) => void;
}

export interface QueueOutcome {
  queue: FailureQueue;
  found: number;
  redriven: number;
  stillFailing: number;
  notRedrivable: number;
}

type Verdict = { outcome: 'redriven' | 'still failing' | 'not redrivable'; why?: string; what: string };

/**
 * A refusal to redrive a message (its function or stream is not one the command may call): the
 * message stays, with the reason printed. The queues take messages from the functions' roles, so a
 * message is not trusted to name what the operator's credentials invoke.
 */
export class RedriveRefused extends Error {
  override name = 'RedriveRefused';
}

/**
 * Long enough for a handler to run; the messages left are made visible again at the end. A pass
 * longer than this sees its kept messages again: they are recognised by MessageId (seenMessages)
 * and not delivered twice.
 */
const visibilitySeconds = 300;

export async function redrive(context: RedriveContext): Promise<QueueOutcome[]> {
  const outcomes: QueueOutcome[] = [];
  for (const queue of Object.keys(failureQueues) as FailureQueue[]) {
    const queueUrl = context.queueUrls[queue];
    if (!queueUrl) continue;
    outcomes.push(await redriveQueue(context, queue, queueUrl));
  }
  return outcomes;
}

async function redriveQueue(
  context: RedriveContext,
  queue: FailureQueue,
  queueUrl: string,
): Promise<QueueOutcome> {
  const { label } = failureQueues[queue];
  const outcome: QueueOutcome = { queue, found: 0, redriven: 0, stillFailing: 0, notRedrivable: 0 };
  // Every message of this pass by MessageId, with its latest receipt handle (a message seen again
  // after its visibility timeout has a new one; the old is invalid): what is kept is reset with it.
  const kept = new Map<string, Message>();
  const deleted = new Set<string>();
  try {
    for (;;) {
      const { Messages: messages = [] } = await context.sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: queueUrl,
          MaxNumberOfMessages: 10,
          VisibilityTimeout: visibilitySeconds,
          WaitTimeSeconds: context.waitSeconds ?? 0,
        }),
      );
      const fresh = messages.filter((message) => {
        const id = message.MessageId ?? message.ReceiptHandle ?? '';
        if (!kept.has(id) && !deleted.has(id)) return true;
        if (kept.has(id)) kept.set(id, message);
        return false;
      });
      // Empty, or only messages this pass already judged: the queue has nothing new.
      if (fresh.length === 0) break;
      for (const message of fresh) {
        const id = message.MessageId ?? message.ReceiptHandle ?? '';
        outcome.found += 1;
        const verdict = await judge(context, queue, message);
        if (context.dryRun) {
          context.log(`  · ${label}: ${verdict.what}${verdict.why ? ` (${verdict.why})` : ''}`);
          kept.set(id, message);
          continue;
        }
        if (verdict.outcome === 'redriven') {
          await context.sqs.send(
            new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }),
          );
          deleted.add(id);
          outcome.redriven += 1;
          context.log(`  ✔ redriven: ${verdict.what}`);
        } else {
          kept.set(id, message);
          if (verdict.outcome === 'still failing') outcome.stillFailing += 1;
          else outcome.notRedrivable += 1;
          context.log(`  ✖ ${verdict.outcome}: ${verdict.what}: ${verdict.why}`);
        }
      }
    }
  } finally {
    await makeVisible(context, queueUrl, [...kept.values()]);
  }
  return outcome;
}

/**
 * What stays is visible again at once, for the next redrive (not after the timeout). One that
 * cannot be reset (e.g. its handle expired) is reported and the others still are.
 */
async function makeVisible(context: RedriveContext, queueUrl: string, messages: readonly Message[]) {
  for (const message of messages) {
    try {
      await context.sqs.send(
        new ChangeMessageVisibilityCommand({
          QueueUrl: queueUrl,
          ReceiptHandle: message.ReceiptHandle,
          VisibilityTimeout: 0,
        }),
      );
    } catch (error) {
      context.log(
        `  ! message ${message.MessageId} stays hidden until its visibility timeout ends (${visibilitySeconds} s at most): ${reason(error)}`,
      );
    }
  }
}

function parsed<T>(body: string | undefined): T | undefined {
  try {
    return JSON.parse(body ?? '') as T;
  } catch {
    return undefined;
  }
}

function tableOfStreamArn(streamArn: string): string | undefined {
  try {
    return tableOfStream(streamArn);
  } catch {
    return undefined;
  }
}

const reason = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/** Redrives one message (unless a dry run, which only looks at it) and says how it went. */
async function judge(context: RedriveContext, queue: FailureQueue, message: Message): Promise<Verdict> {
  if (queue === 'failedInvocations') {
    const record = parsed<AsyncFailureRecord>(message.Body);
    if (!record?.requestContext?.functionArn || record.requestPayload === undefined)
      return {
        outcome: 'not redrivable',
        what: `message ${message.MessageId}`,
        why: 'not a Lambda failure record',
      };
    const event = record.requestPayload as { id?: string; 'detail-type'?: string; detail?: { id?: string } };
    const failure = record.responsePayload;
    const what = `${functionNameOf(record.requestContext.functionArn)} ${event['detail-type'] ?? 'event'} ${
      event.detail?.id ?? event.id ?? ''
    } (failed ${record.timestamp}${failure?.errorType ? `, ${failure.errorType}: ${failure.errorMessage}` : ''})`;
    try {
      await context.targets.checkInvocation(record.requestContext.functionArn);
    } catch (error) {
      if (error instanceof RedriveRefused) return { outcome: 'not redrivable', what, why: error.message };
      return { outcome: 'still failing', what, why: reason(error) };
    }
    if (context.dryRun) return { outcome: 'redriven', what };
    try {
      await context.targets.invokeRule(record.requestContext.functionArn, record.requestPayload);
      return { outcome: 'redriven', what };
    } catch (error) {
      return { outcome: 'still failing', what, why: reason(error) };
    }
  }
  const record = parsed<StreamFailureRecord>(message.Body);
  const batch = record?.DDBStreamBatchInfo;
  if (!record || !batch)
    return {
      outcome: 'not redrivable',
      what: `message ${message.MessageId}`,
      why: 'not a stream failure record (an EventBridge delivery failure? replay that period from the archive)',
    };
  const functionArn = record.requestContext.functionArn;
  const what = `${functionNameOf(functionArn)} batch of ${batch.batchSize} on ${batch.shardId} (records of ${
    batch.approximateArrivalOfFirstRecord
  } – ${batch.approximateArrivalOfLastRecord})`;
  const table = tableOfStreamArn(batch.streamArn);
  if (!table) return { outcome: 'not redrivable', what, why: `${batch.streamArn} is not a table's stream` };
  if (context.tableName && table !== context.tableName)
    return {
      outcome: 'not redrivable',
      what,
      why: `its stream ${batch.streamArn} is not of the table ${context.tableName}`,
    };
  let consumer: StreamConsumer | undefined;
  try {
    consumer = await context.targets.consumerOf(functionArn);
  } catch (error) {
    if (error instanceof RedriveRefused) return { outcome: 'not redrivable', what, why: error.message };
    return { outcome: 'still failing', what, why: reason(error) };
  }
  if (!consumer)
    return { outcome: 'not redrivable', what, why: `${functionArn} is none of our stream consumers` };
  const read = await readBatch(context.streams, batch);
  if ('trimmed' in read) {
    return {
      outcome: 'not redrivable',
      what,
      why: `its records are no longer in the stream (kept 24 h; ${read.trimmed}); the table holds the items as they are now`,
    };
  }
  const recorded = recordsFor(consumer, read.records);
  if (context.dryRun) return { outcome: 'redriven', what: `${what}: ${recorded.length} records to redrive` };
  try {
    const current = await readCurrentItems(context.dynamo, table, recorded);
    const records = rebuildRecords(recorded, current, batch.streamArn, context.region);
    if (records.length > 0) await context.targets.invokeConsumer(functionArn, consumer, { Records: records });
    return { outcome: 'redriven', what: `${what}: ${records.length} items` };
  } catch (error) {
    return { outcome: 'still failing', what, why: reason(error) };
  }
}

/** The command's summary, one line per queue. */
export function summaryLines(outcomes: readonly QueueOutcome[], dryRun = false): string[] {
  return outcomes.map((outcome) => {
    const label = failureQueues[outcome.queue].label;
    const name = `${label[0]!.toUpperCase()}${label.slice(1)}`;
    if (dryRun)
      return `${name}: ${outcome.found} message${outcome.found === 1 ? '' : 's'} (dry run: nothing redriven)`;
    return `${name}: ${outcome.redriven} redriven, ${outcome.stillFailing} still failing, ${outcome.notRedrivable} not redrivable`;
  });
}
