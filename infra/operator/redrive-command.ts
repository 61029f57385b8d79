import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { type FailureQueue, failureQueues } from '../../functions/failure-queues';
import { OperatorError } from '../../functions/lib/errors';
import { type QueueOutcome, redrive, summaryLines } from './redrive';
import {
  type AwsRedriveScope,
  awsRedriveTargets,
  localRedriveTargets,
  queueLocation,
  stackPrefixOf,
} from './redrive-targets';

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
  /** With --aws (required): the stage whose functions the redrive may invoke. */
  stage?: string;
  /** With --aws: the stage's table (--table-name, else TABLE_NAME); locally TABLE_NAME. */
  tableName?: string;
}

const stages = ['dev', 'staging', 'prod'];

export const redriveUsage = `  redrive                       Deliver again what failed after Lambda's retries: events a rule handler
                                failed (the finance ledger) and stream batches a consumer gave up;
                                --dry-run lists them (run it first). With --aws: --stage, --table-name,
                                --failed-invocations-queue-url and --dead-letter-queue-url (outputs of
                                Velo<Stage>Events); only that stage's functions are invoked`;

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
    const tableName = options.tableName ?? process.env.TABLE_NAME;
    if (options.aws && queueUrls.streamDeadLetters && !tableName)
      throw new OperatorError(
        "With --aws, give --table-name (or TABLE_NAME; output Velo<Stage>Data.TableName): only its stream's batches are redriven.",
      );
    for (const [queue, url] of Object.entries(queueUrls))
      log(`${failureQueues[queue as FailureQueue].label}: ${url}`);
    const outcomes = await redrive({
      sqs,
      streams,
      dynamo,
      queueUrls,
      targets: lambda ? awsRedriveTargets(lambda, awsScope(options.stage, queueUrls)) : localRedriveTargets(),
      tableName,
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

/** The stage's stacks and the account and region of its queues, which every function must share. */
function awsScope(
  stage: string | undefined,
  queueUrls: Partial<Record<FailureQueue, string>>,
): AwsRedriveScope {
  if (!stage || !stages.includes(stage))
    throw new OperatorError(
      `With --aws, give --stage (${stages.join(', ')}): only that stage's functions are invoked.`,
    );
  const locations = Object.values(queueUrls).map((url) => ({ url, location: queueLocation(url!) }));
  const unknown = locations.find(({ location }) => !location);
  if (unknown) throw new OperatorError(`Not an SQS queue URL: ${unknown.url}`);
  const [first] = locations.map(({ location }) => location!);
  if (
    locations.some(
      ({ location }) => location!.account !== first!.account || location!.region !== first!.region,
    )
  )
    throw new OperatorError('The queues are in different accounts or regions: give the queues of one stage.');
  return { stackPrefix: stackPrefixOf(stage), ...first! };
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
