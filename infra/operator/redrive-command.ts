import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { type FailureQueue, failureQueues } from '../../functions/failure-queues';
import { OperatorError } from '../../functions/lib/errors';
import { type QueueOutcome, redrive, summaryLines } from './redrive';
import { awsRedriveTargets, localRedriveTargets } from './redrive-targets';

/**
 * The redrive command's wiring: locally the failure queues of the local AWS emulator (its SQS
 * stand-in, found by name) and the handler modules; with --aws the queues named by the Events
 * stack's outputs and the deployed functions.
 */
export interface RedriveOptions {
  aws: boolean;
  dryRun: boolean;
  /** With --aws: the queues' URLs (flags, else the env), by queue. */
  queueUrls: Partial<Record<FailureQueue, string>>;
}

export const redriveUsage = `  redrive                       Deliver again what failed after Lambda's retries: events a rule handler
                                failed (the finance ledger) and stream batches a consumer gave up;
                                --dry-run lists them. With --aws: --failed-invocations-queue-url and
                                --dead-letter-queue-url (outputs of Velo<Stage>Events)`;

export async function runRedrive(
  options: RedriveOptions,
  log: (line: string) => void,
): Promise<QueueOutcome[]> {
  const sqs = new SQSClient({});
  const lambda = options.aws ? new LambdaClient({}) : undefined;
  // Locally the table's stream is DynamoDB Local's, on its endpoint.
  const local = options.aws ? {} : { endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB };
  const streams = new DynamoDBStreamsClient(local);
  const dynamo = new DynamoDBClient({});
  try {
    const queueUrls = options.aws ? awsQueueUrls(options.queueUrls) : await localQueueUrls(sqs);
    for (const [queue, url] of Object.entries(queueUrls))
      log(`${failureQueues[queue as FailureQueue].label}: ${url}`);
    const outcomes = await redrive({
      sqs,
      streams,
      dynamo,
      queueUrls,
      targets: lambda ? awsRedriveTargets(lambda) : localRedriveTargets(),
      region: process.env.AWS_REGION ?? (await sqs.config.region()),
      dryRun: options.dryRun,
      waitSeconds: options.aws ? 1 : 0,
      log,
    });
    for (const line of summaryLines(outcomes, options.dryRun)) log(line);
    return outcomes;
  } finally {
    for (const client of [sqs, lambda, streams, dynamo]) client?.destroy();
  }
}

function awsQueueUrls(given: Partial<Record<FailureQueue, string>>): Partial<Record<FailureQueue, string>> {
  const urls = Object.fromEntries(
    (Object.keys(failureQueues) as FailureQueue[]).flatMap((queue) => {
      const url = given[queue] ?? process.env[failureQueues[queue].env];
      return url ? [[queue, url]] : [];
    }),
  );
  if (Object.keys(urls).length === 0) {
    const hints = Object.values(failureQueues).map(
      (queue) => `--${queue.flag} (or ${queue.env}; output Velo<Stage>Events.${queue.stackOutput})`,
    );
    throw new OperatorError(`With --aws, give the queues to redrive: ${hints.join(', ')}.`);
  }
  return urls;
}

async function localQueueUrls(sqs: SQSClient): Promise<Record<FailureQueue, string>> {
  const entries = await Promise.all(
    (Object.keys(failureQueues) as FailureQueue[]).map(async (queue) => {
      const { QueueUrl } = await sqs.send(
        new GetQueueUrlCommand({ QueueName: failureQueues[queue].localName }),
      );
      return [queue, QueueUrl!] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<FailureQueue, string>;
}
