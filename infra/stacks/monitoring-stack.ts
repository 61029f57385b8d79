import { Annotations, CfnOutput, Duration, RemovalPolicy, type StackProps, Tags } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as observabilityadmin from 'aws-cdk-lib/aws-observabilityadmin';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct, IConstruct } from 'constructs';
import {
  type MetricDefinition,
  metrics,
  metricsNamespace,
  metricsService,
  type PaymentProviderName,
} from '../../functions/lib/metric-catalogue';
import type { DeployConfig } from '../config/deploy-config';
import {
  type AlarmDefinition,
  alarmCatalogue,
  alarmEmailContext,
  alarmEmailNone,
  alarmGroupTag,
  alarmName,
  groupAlarmsOf,
  type HandlerGroupName,
  rateFloors,
  telemetryEnrichmentContext,
  telemetryEnrichmentExternal,
} from './alarm-catalogue';
import { operationsDashboard } from './monitoring-dashboard';
import { VeloStack } from './velo-stack';

export interface MonitoringStackProps extends StackProps {
  config: DeployConfig;
  /** The stacks' prefix (`VeloProd`): every alarm is `<prefix>-<name>`, the group tags `<prefix>-<group>`. */
  alarmPrefix: string;
  /** Each handler group's functions (HandlerFunctions constructs or single functions), tagged here. */
  handlerGroups: Record<HandlerGroupName, readonly IConstruct[]>;
  /** The HTTP API and its stage (AWS/ApiGateway: ApiId, Stage). */
  httpApi: { apiId: string; stageName: string };
  /** Queues that must stay empty (Events stack). */
  deadLetters: sqs.IQueue;
  failedInvocations: sqs.IQueue;
  stateMachines: readonly sfn.IStateMachine[];
  table: dynamodb.ITable;
  /** The stage's mail (Cognito's codes included) goes through SES (auth-stack.ts cognitoSesEmail). */
  sesSender: boolean;
}

const minutes = (definition: AlarmDefinition) => Duration.minutes(definition.periodMinutes);

/**
 * Monitoring: the alarms of alarm-catalogue.ts, each with the alarm topic as its alarm and OK action,
 * and one operations dashboard. Deployed last: it only reads the other stacks' names.
 *
 * A handler group's Lambda errors and throttles are one Metrics Insights query each, over the
 * functions that carry the group's tag (`VeloAlarmGroup = <prefix>-<group>`): metric math in an alarm
 * takes at most 10 metrics and the API alone has some 60 functions (docs/decisions.md).
 */
export class MonitoringStack extends VeloStack {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;
  private readonly prefix: string;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    this.prefix = props.alarmPrefix;
    this.topic = this.alarmTopic(props.config.stage);

    for (const [group, members] of Object.entries(props.handlerGroups) as [
      HandlerGroupName,
      readonly IConstruct[],
    ][]) {
      for (const member of members) {
        Tags.of(member).add(alarmGroupTag, this.groupTag(group), {
          includeResourceTypes: ['AWS::Lambda::Function'],
        });
      }
      const alarms = groupAlarmsOf[group];
      this.alarm(alarms.errors, this.lambdaGroupQuery('Errors', group, minutes(alarms.errors)));
      this.alarm(alarms.throttles, this.lambdaGroupQuery('Throttles', group, minutes(alarms.throttles)));
    }

    this.enableResourceTagsForTelemetry();
    this.apiAlarms(props.httpApi);
    this.queueAlarm(alarmCatalogue.deadLetters, props.deadLetters);
    this.queueAlarm(alarmCatalogue.failedInvocations, props.failedInvocations);
    this.workflowAlarm(props.stateMachines);
    this.sweeperAlarms(props.config.stage);
    for (const provider of ['stripe', 'paypal'] as const) this.providerAlarm(props.config.stage, provider);
    this.tableAlarms(props.table);
    if (props.sesSender) this.emailAlarms();
    else {
      // Info, not a warning: a dev stage on the default sender is expected; prod cannot have it (deploy-config).
      Annotations.of(this).addInfo(
        "This stage sends Cognito's codes with Cognito's built-in sender (50 mails a day), which " +
          'publishes no metric: no alarm watches its limit. Give the stage its own email.from (SES).',
      );
    }

    this.dashboard = operationsDashboard(this, {
      name: `${this.prefix}-Operations`,
      alarms: this.alarms,
      stage: props.config.stage,
      httpApi: props.httpApi,
      groupQuery: (metric, group) => this.lambdaGroupQuery(metric, group, Duration.minutes(5)),
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.topic.topicArn });
    new CfnOutput(this, 'DashboardName', { value: this.dashboard.dashboardName });
  }

  /**
   * The handler groups' alarms query the functions by their tag (Metrics Insights on resource tags),
   * which answers only once the account has "resource tags for telemetry" on: made here so a deploy
   * cannot leave those alarms without data. One per account and region: a second stage there says
   * `-c telemetryEnrichment=external`. Retained when the stack goes, since another stage may use it.
   */
  private enableResourceTagsForTelemetry(): void {
    if (this.node.tryGetContext(telemetryEnrichmentContext) === telemetryEnrichmentExternal) return;
    const enrichment = new observabilityadmin.CfnTelemetryEnrichment(this, 'ResourceTagsForTelemetry', {
      scope: 'ACCOUNT',
    });
    enrichment.applyRemovalPolicy(RemovalPolicy.RETAIN);
  }

  private groupTag(group: HandlerGroupName): string {
    return `${this.prefix}-${group}`;
  }

  /**
   * The alarm topic: encrypted with a key of its own (CloudWatch cannot publish to a topic under the
   * AWS-managed SNS key) and TLS only. Its e-mail subscription comes from `-c alarmEmail=…`.
   */
  private alarmTopic(stage: string): sns.Topic {
    const cloudwatchService = new iam.ServicePrincipal('cloudwatch.amazonaws.com');
    const key = new kms.Key(this, 'AlarmTopicKey', {
      description: `${this.prefix} alarm topic: CloudWatch alarms publish to it`,
      enableKeyRotation: true,
      // SNS keeps messages under it only until they are delivered: a deleted
      // stage should not leave a billed key behind.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        principals: [cloudwatchService],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    const topic = new sns.Topic(this, 'AlarmTopic', {
      topicName: `${this.prefix}-alarms`,
      displayName: `${this.prefix} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    topic.addToResourcePolicy(
      new iam.PolicyStatement({
        actions: ['sns:Publish'],
        principals: [cloudwatchService],
        resources: [topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    const email: unknown = this.node.tryGetContext(alarmEmailContext);
    const address = typeof email === 'string' ? email.trim() : '';
    if (address && address !== alarmEmailNone) {
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address))
        throw new Error(`-c ${alarmEmailContext}=${address} is not an e-mail address`);
      topic.addSubscription(new subscriptions.EmailSubscription(address));
    } else if (!address) {
      const message =
        `No -c ${alarmEmailContext}=<address>: the alarm topic has no subscription, so no alarm reaches anyone. ` +
        `Give one (docs/deploy.md §4), or -c ${alarmEmailContext}=${alarmEmailNone} when the topic is subscribed outside CDK.`;
      // Production must not be deployed unwatched: an error annotation stops `cdk synth` and `cdk deploy`
      // (docs/decisions.md); in-process test synths still read the template.
      if (stage === 'prod') Annotations.of(this).addError(message);
      else Annotations.of(this).addWarningV2('velo:monitoring:noAlarmEmail', message);
    }
    return topic;
  }

  /** An alarm of the catalogue on `metric`, the topic its alarm and OK action. */
  private alarm(definition: AlarmDefinition, metric: cloudwatch.IMetric): cloudwatch.Alarm {
    const name = alarmName(this.prefix, definition);
    const created = new cloudwatch.Alarm(this, `${definition.name}Alarm`, {
      alarmName: name,
      alarmDescription: `${definition.summary} Runbook: docs/runbook.md, "${name.replace(this.prefix, 'VeloProd')}".`,
      metric,
      threshold: definition.threshold,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: definition.evaluationPeriods,
      datapointsToAlarm: definition.datapointsToAlarm,
      treatMissingData:
        definition.missing === 'breaching'
          ? cloudwatch.TreatMissingData.BREACHING
          : cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    const action = new SnsAction(this.topic);
    created.addAlarmAction(action);
    created.addOkAction(action);
    this.alarms.push(created);
    return created;
  }

  /** The sum of a Lambda metric over the functions tagged with the group (a Metrics Insights query). */
  private lambdaGroupQuery(
    metric: 'Errors' | 'Throttles' | 'Invocations',
    group: HandlerGroupName,
    period: Duration,
  ): cloudwatch.MathExpression {
    return new cloudwatch.MathExpression({
      expression:
        `SELECT SUM(${metric}) FROM SCHEMA("AWS/Lambda", FunctionName) ` +
        `WHERE tag.${alarmGroupTag} = '${this.groupTag(group)}'`,
      usingMetrics: {},
      period,
      label: `${group} ${metric.toLowerCase()}`,
    });
  }

  /** 5xx rate (with the rate floors, so two failures at night do not page) and p99 latency. */
  private apiAlarms(api: MonitoringStackProps['httpApi']): void {
    const rate = alarmCatalogue.apiServerErrors;
    const apiMetric = (metricName: string, statistic: string, definition: AlarmDefinition) =>
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: api.apiId, Stage: api.stageName },
        statistic,
        period: minutes(definition),
      });
    this.alarm(
      rate,
      flooredRate({
        total: ['requests', apiMetric('Count', 'Sum', rate), rateFloors.api.requests],
        failed: ['errors', apiMetric('5xx', 'Sum', rate), rateFloors.api.errorsAlone],
        period: minutes(rate),
        label: 'API 5xx rate (%)',
      }),
    );
    const latency = alarmCatalogue.apiLatency;
    this.alarm(latency, apiMetric('Latency', 'p99', latency));
  }

  private queueAlarm(definition: AlarmDefinition, queue: sqs.IQueue): void {
    this.alarm(
      definition,
      queue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: minutes(definition) }),
    );
  }

  /** Failed, timed-out and aborted executions of every state machine, summed (3 metrics each). */
  private workflowAlarm(machines: readonly sfn.IStateMachine[]): void {
    const definition = alarmCatalogue.workflowFailed;
    if (machines.length * 3 > 10)
      throw new Error('More state machines than one alarm can sum: split the alarm');
    const usingMetrics: Record<string, cloudwatch.IMetric> = {};
    machines.forEach((machine, index) => {
      const options = { statistic: 'Sum', period: minutes(definition) };
      usingMetrics[`failed${index}`] = machine.metricFailed(options);
      usingMetrics[`timedOut${index}`] = machine.metricTimedOut(options);
      usingMetrics[`aborted${index}`] = machine.metricAborted(options);
    });
    this.alarm(
      definition,
      new cloudwatch.MathExpression({
        expression: `SUM([${Object.keys(usingMetrics)
          .map((id) => `FILL(${id}, 0)`)
          .join(', ')}])`,
        usingMetrics,
        period: minutes(definition),
        label: 'Executions failed, timed out or aborted',
      }),
    );
  }

  /** One of the catalogue's custom metrics (functions/lib/metric-catalogue.ts). */
  private customMetric(
    stage: string,
    metric: MetricDefinition,
    statistic: string,
    period: Duration,
    dimensions: Record<string, string> = {},
  ): cloudwatch.Metric {
    return new cloudwatch.Metric({
      namespace: metricsNamespace(stage),
      metricName: metric.name,
      dimensionsMap: { service: metricsService, ...dimensions },
      statistic,
      period,
    });
  }

  private sweeperAlarms(stage: string): void {
    const overdue = alarmCatalogue.deadlineOverdue;
    this.alarm(overdue, this.customMetric(stage, metrics.oldestOverdueDue, 'Maximum', minutes(overdue)));
    const money = alarmCatalogue.moneyOperationStuck;
    this.alarm(money, this.customMetric(stage, metrics.oldestUnfinishedMoneyOp, 'Maximum', minutes(money)));
  }

  /** Failures / calls of one provider, with the rate floors of the alarm table. */
  private providerAlarm(stage: string, provider: PaymentProviderName): void {
    const definition =
      provider === 'stripe' ? alarmCatalogue.stripeErrorRate : alarmCatalogue.paypalErrorRate;
    const period = minutes(definition);
    this.alarm(
      definition,
      flooredRate({
        total: [
          'calls',
          this.customMetric(stage, metrics.providerCalls, 'Sum', period, { provider }),
          rateFloors.provider.calls,
        ],
        failed: [
          'failures',
          this.customMetric(stage, metrics.providerFailures, 'Sum', period, { provider }),
          rateFloors.provider.failuresAlone,
        ],
        period,
        label: `${provider} failure rate (%)`,
      }),
    );
  }

  /**
   * Throttles and system errors on the table and its indexes, summed over every operation by a
   * Metrics Insights query (one metric per operation would pass the 10-metric limit).
   */
  private tableAlarms(table: dynamodb.ITable): void {
    const query = (metricName: string, definition: AlarmDefinition) =>
      new cloudwatch.MathExpression({
        expression: `SELECT SUM(${metricName}) FROM SCHEMA("AWS/DynamoDB", TableName, Operation) WHERE TableName = '${table.tableName}'`,
        usingMetrics: {},
        period: minutes(definition),
        label: `Table ${metricName}`,
      });
    this.alarm(alarmCatalogue.tableThrottles, query('ThrottledRequests', alarmCatalogue.tableThrottles));
    this.alarm(alarmCatalogue.tableSystemErrors, query('SystemErrors', alarmCatalogue.tableSystemErrors));
  }

  /**
   * Cognito publishes no metric of its mail; with SES as its sender its codes count against SES's
   * quota and reputation, which AWS/SES reports for the account and region (our own mails included).
   */
  private emailAlarms(): void {
    const quota = alarmCatalogue.emailSendingQuota;
    this.alarm(
      quota,
      new cloudwatch.Metric({
        namespace: 'AWS/SES',
        metricName: 'Send',
        statistic: 'Sum',
        period: minutes(quota),
      }),
    );
    const bounces = alarmCatalogue.emailBounceRate;
    this.alarm(
      bounces,
      new cloudwatch.Metric({
        namespace: 'AWS/SES',
        metricName: 'Reputation.BounceRate',
        statistic: 'Maximum',
        period: minutes(bounces),
      }),
    );
  }
}

/**
 * `failed` as a percentage of `total` in periods with at least `total`'s floor; below it, `failed`'s
 * floor of failures alone counts as 100% (alarm-catalogue.ts `rateFloors`). Failures are FILLed with
 * 0: EMF and API Gateway publish nothing for a period without any.
 */
function flooredRate(rate: {
  total: [id: string, metric: cloudwatch.IMetric, floor: number];
  failed: [id: string, metric: cloudwatch.IMetric, alone: number];
  period: Duration;
  label: string;
}): cloudwatch.MathExpression {
  const [total, totalMetric, floor] = rate.total;
  const [failed, failedMetric, alone] = rate.failed;
  return new cloudwatch.MathExpression({
    expression: `IF(${total} >= ${floor}, 100 * FILL(${failed}, 0) / ${total}, IF(FILL(${failed}, 0) >= ${alone}, 100, 0))`,
    usingMetrics: { [total]: totalMetric, [failed]: failedMetric },
    period: rate.period,
    label: rate.label,
  });
}
