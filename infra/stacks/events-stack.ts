import { ArnFormat, CfnOutput, Duration, RemovalPolicy, type StackProps, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sources from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { type EventRule, eventBusName, eventRules, eventSources } from '../../functions/event-rules';
import { failureQueues } from '../../functions/failure-queues';
import { searchSnapshotWriter } from '../../functions/listings/search/schedule';
import { handlerId } from '../../functions/routes';
import { type StreamConsumerName, streamConsumers } from '../../functions/stream-consumers';
import type { DeployConfig } from '../config/deploy-config';
import { type BundlingMode, HandlerFunctions, handlerRole } from '../lambda-bundling';
import { keepFailedInvocations, scheduleFunction } from './async-invocations';
import { emailEnvironment, grantSendEmail } from './email';
import {
  grantPublish,
  grantTableItemActions,
  grantTableReadWrite,
  ledgerWriteActions,
  searchDeltaWriteActions,
} from './grants';
import { eventPublishers } from './handler-services';
import { nagReasons } from './nag-reasons';
import { withPaymentSdks } from './payment-providers';
import { VeloStack } from './velo-stack';

/** The stage's event bus: `velo-marketplace-<stage>`. */
export const stageEventBusName = (stage: string) => `${eventBusName}-${stage}`;

export interface EventsStackProps extends StackProps {
  /** The stage's configuration (infra/config/). */
  config: DeployConfig;
  bundling: BundlingMode;
  table: dynamodb.ITable;
  /** The bucket whose private prefix holds the search snapshots (Data stack). */
  imagesBucket: s3.IBucket;
  /** Write and delete the search snapshots (Data stack): the snapshot writer. */
  searchSnapshotsWritePolicy: iam.IManagedPolicy;
}

/** How EventBridge delivers to a rule's targets: 8 retries within 24 h, then the dead-letter queue. */
export function eventTargetDelivery(deadLetterQueue: sqs.IQueue): targets.TargetBaseProps {
  return { deadLetterQueue, retryAttempts: 8, maxEventAge: Duration.hours(24) };
}

/**
 * Batching of the table's stream consumers (functions/stream-consumers.ts lists what, this says how).
 * Each consumer answers a partial-batch response (issue 26): Lambda retries from the first failed
 * record instead of the whole batch. A batch that gives up leaves the DLQ a pointer (shard and
 * sequence numbers) to records the stream keeps 24 h: giving up at 6 h of age leaves most of a day
 * to redrive them (docs/decisions.md, "issue 26").
 */
export const streamConsumerSettings = {
  batchSize: 100,
  maxBatchingWindow: Duration.seconds(1),
  bisectBatchOnError: true,
  reportBatchItemFailures: true,
  retryAttempts: 5,
  maxRecordAge: Duration.hours(6),
} as const;

/**
 * The snapshot writer holds every published listing and encodes them: at 200,000 listings the
 * documents and the encoding peak at ~1.1 GB (the bench), with the records read on top; 3,008 MB
 * leaves room and gives about two vCPUs. It runs some 20 s every 10 minutes, so the size costs little.
 */
export const searchSnapshotWriterMemoryMb = 3008;

/**
 * Events: the marketplace bus (finance follows payments, refunds and payouts on it) with an archive
 * for replay, one rule per entry of functions/event-rules.ts, and the asynchronous reactions to the
 * table: one Lambda per stream consumer (functions/stream-consumers.ts), each with its own role.
 */
export class EventsStack extends VeloStack {
  readonly bus: events.EventBus;
  /** Failed asynchronous invocations (rule handlers, scheduled functions), kept for the redrive. */
  readonly failedInvocations: sqs.Queue;
  /** Undelivered events and given-up stream batches (the Monitoring stack alarms when it holds any). */
  readonly deadLetters: sqs.Queue;
  /** Every finance event, as EventBridge delivered it (docs/finance-events.md). */
  readonly financeLogGroup: logs.LogGroup;
  readonly ruleFunctions: HandlerFunctions;
  readonly streamFunctions: HandlerFunctions;
  /** The search snapshot writer (functions/listings/search/snapshot-writer.ts), on a schedule. */
  readonly scheduledFunctions: HandlerFunctions;

  constructor(scope: Construct, id: string, props: EventsStackProps) {
    super(scope, id, props);

    // Names carry the stage, so two stages deploy side by side in one account and region.
    const busName = stageEventBusName(props.config.stage);
    this.bus = new events.EventBus(this, 'Bus', { eventBusName: busName });
    const archive = this.bus.archive('Archive', {
      archiveName: `${busName}-archive`,
      description: 'Every marketplace and finance event, kept for replay (finance reconciliation)',
      eventPattern: { source: Object.values(eventSources) },
      retention: Duration.days(400),
    });
    // aws-cdk-lib writes `KmsKeyIdentifier: ""` for an archive without a key (aws-cdk#37847), which
    // CloudFormation refuses as an invalid key: leave the property out (AWS-owned encryption).
    (archive.node.defaultChild as events.CfnArchive).addPropertyDeletionOverride('KmsKeyIdentifier');
    // The finance replay outlives its stack (issue 26): deleting the stack must not delete the record.
    archive.applyRemovalPolicy(RemovalPolicy.RETAIN);

    // Failed deliveries and poisoned stream batches land here (encrypted, TLS only, kept 14 days).
    const deadLetters = new sqs.Queue(this, 'DeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(deadLetters).acknowledge({ id: 'AwsSolutions-SQS3', reason: nagReasons.deadLetterQueue });
    this.deadLetters = deadLetters;
    // The dead-letter queue holds events EventBridge could not deliver; an invocation that then fails
    // (a rule handler such as the ledger, a scheduled function: async-invocations.ts) is kept here
    // with its event and error after Lambda's retries, instead of dropped, for the redrive (issue 26).
    this.failedInvocations = new sqs.Queue(this, 'FailedInvocationsQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.failedInvocations).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: nagReasons.failedInvocationsQueue,
    });
    // Output names from functions/failure-queues.ts: the redrive command names them in its hints.
    new CfnOutput(this, failureQueues.failedInvocations.stackOutput, {
      value: this.failedInvocations.queueUrl,
    });

    const environment = { TABLE_NAME: props.table.tableName, EVENT_BUS_NAME: this.bus.eventBusName };

    const ruleRole = handlerRole(this, 'RuleHandlerRole', 'Velo EventBridge rule targets');
    // The ledger only appends (one conditional PutItem per event): nothing else on the table.
    grantTableItemActions(props.table, ruleRole, ledgerWriteActions);
    this.ruleFunctions = new HandlerFunctions(this, 'RuleHandlers', {
      bundling: props.bundling,
      role: ruleRole,
      environment,
      timeout: Duration.seconds(30),
    });
    // Finance reads every finance event in this log group (docs/finance-events.md): each rule on the
    // finance source also targets it. The group's resource policy lets EventBridge write to it.
    this.financeLogGroup = new logs.LogGroup(this, 'FinanceEventsLog', {
      // No fixed name: a retained group with one would make the retry of a failed first deploy
      // fail ("already exists"). Finance finds it by the stack output FinanceLogGroupName.
      retention: logs.RetentionDays.THIRTEEN_MONTHS,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    new logs.ResourcePolicy(this, 'FinanceEventsLogPolicy', {
      policyStatements: [
        new iam.PolicyStatement({
          actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
          principals: [new iam.ServicePrincipal('events.amazonaws.com')],
          resources: [this.financeLogGroup.logGroupArn],
        }),
      ],
    });
    // Delivery to the log group is retried like the handlers' (8 times within 24 h), then kept in
    // the dead-letter queue: the finance audit log misses no event silently.
    const financeLogTarget: events.IRuleTarget = {
      bind: (rule) => {
        targets.addToDeadLetterQueueResourcePolicy(rule, deadLetters);
        return {
          arn: this.formatArn({
            service: 'logs',
            resource: 'log-group',
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            resourceName: this.financeLogGroup.logGroupName,
          }),
          ...targets.bindBaseTargetConfig(eventTargetDelivery(deadLetters)),
        };
      },
    };
    for (const rule of eventRules as readonly EventRule[]) {
      const fn = this.ruleFunctions.get(rule.handler, withPaymentSdks(rule.handler));
      keepFailedInvocations(fn, this.failedInvocations, 'rule');
      const detailTypes = rule.detailTypes;
      const eventRule = new events.Rule(this, `${handlerId(rule.name)}Rule`, {
        eventBus: this.bus,
        description: `${rule.name} -> functions/${rule.handler}.ts`,
        eventPattern: {
          source: [...rule.sources],
          ...(detailTypes ? { detailType: [...detailTypes] } : {}),
        },
        targets: [new targets.LambdaFunction(fn, eventTargetDelivery(deadLetters))],
      });
      if (rule.sources.includes(eventSources.finance)) eventRule.addTarget(financeLogTarget);
    }

    // The transaction stream dispatcher (finance outbox publisher and order e-mails): the table, the
    // bus and SES. The one role that may put finance events (issue 26: handler-services.ts).
    const streamRole = handlerRole(this, 'StreamHandlerRole', 'Velo transaction stream dispatcher');
    // Stream read and sending to the dead-letter queue are granted by the event source itself.
    grantTableReadWrite(props.table, streamRole);
    Validations.of(streamRole).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: nagReasons.listStreams,
    });
    // The finance outbox's publisher (the dispatcher) is the only function that may put velo.finance events.
    for (const sources of Object.values(eventPublishers)) grantPublish(this.bus, streamRole, sources);
    // The order e-mails (functions/orders/notifications/stream.ts) are sent through SES.
    const mailEnvironment = emailEnvironment(props.config);
    grantSendEmail(this, streamRole, mailEnvironment.EMAIL_FROM!);
    // The search deltas' consumer: it only adds to the sequence item (UpdateItem) and writes deltas
    // (BatchWriteItem); no reads, no index, no bus, no SES.
    const searchIndexRole = handlerRole(this, 'SearchIndexStreamRole', 'Velo search index stream consumer');
    grantTableItemActions(props.table, searchIndexRole, searchDeltaWriteActions);
    Validations.of(searchIndexRole).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: nagReasons.listStreams,
    });
    const consumerRoles: Partial<Record<StreamConsumerName, iam.IRole>> = { 'search-index': searchIndexRole };
    this.streamFunctions = new HandlerFunctions(this, 'StreamHandlers', {
      bundling: props.bundling,
      role: streamRole,
      environment: { ...environment, ...mailEnvironment },
      timeout: Duration.seconds(60),
    });
    for (const consumer of streamConsumers) {
      const role = consumerRoles[consumer.name];
      const fn = this.streamFunctions.get(
        consumer.handler,
        withPaymentSdks(consumer.handler, role ? { role } : {}),
      );
      fn.addEventSource(
        new sources.DynamoEventSource(props.table, {
          startingPosition: lambda.StartingPosition.TRIM_HORIZON,
          ...streamConsumerSettings,
          onFailure: new sources.SqsDlq(deadLetters),
          // Keys are in every record (insert, modify, remove), and a PK never changes.
          filters: [
            lambda.FilterCriteria.filter({
              dynamodb: { Keys: { PK: { S: consumer.keyPrefixes.map((prefix) => ({ prefix })) } } },
            }),
          ],
        }),
      );
    }

    this.scheduledFunctions = this.searchSnapshots(props);

    // Kept for one release (issue 26): the Api and Workflow stacks deployed before it import the bus
    // ARN for PutEvents grants they no longer have. CloudFormation refuses to remove an export in use,
    // and Events deploys first; drop this line in the release after (tests/infra/fixtures/exports.json).
    this.exportValue(this.bus.eventBusArn);
    new CfnOutput(this, 'EventBusName', { value: this.bus.eventBusName });
    new CfnOutput(this, 'EventBusArn', { value: this.bus.eventBusArn });
    new CfnOutput(this, failureQueues.streamDeadLetters.stackOutput, { value: deadLetters.queueUrl });
    new CfnOutput(this, 'FinanceLogGroupName', { value: this.financeLogGroup.logGroupName });
  }

  /**
   * The search snapshot writer (issue 23), beside the stream consumer that writes the deltas it
   * folds in: EventBridge Scheduler runs it every 10 minutes. Its role reads the listings and the
   * sequence item, records the snapshot and deletes deltas (the table), and writes and deletes
   * snapshots under their prefix; nothing else. Memory for the whole catalogue in one process.
   */
  private searchSnapshots(props: EventsStackProps): HandlerFunctions {
    const role = handlerRole(this, 'SearchSnapshotRole', 'Velo search snapshot writer');
    grantTableReadWrite(props.table, role);
    role.addManagedPolicy(props.searchSnapshotsWritePolicy);
    const functions = new HandlerFunctions(this, 'ScheduledHandlers', {
      bundling: props.bundling,
      role,
      environment: {
        TABLE_NAME: props.table.tableName,
        EVENT_BUS_NAME: this.bus.eventBusName,
        IMAGES_BUCKET: props.imagesBucket.bucketName,
      },
      timeout: Duration.minutes(5),
      memorySize: searchSnapshotWriterMemoryMb,
    });
    // A missed run is not retried: containers keep applying deltas, the next run comes 10 minutes later.
    scheduleFunction(this, functions.get(searchSnapshotWriter.handler), {
      scheduleId: 'SearchSnapshotSchedule',
      roleId: 'SearchSnapshotSchedulerRole',
      what: 'the search snapshot writer',
      handler: searchSnapshotWriter.handler,
      expression: searchSnapshotWriter.awsSchedule,
      failures: this.failedInvocations,
    });
    return functions;
  }
}
