/**
 * The operations dashboard (one per stage, `<prefix>-Operations`): the alarms' states on top, then
 * the business metrics the handlers publish (functions/lib/metric-catalogue.ts) and the health of
 * the API and of each handler group. An ops engineer opens it first when an alarm mails.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import {
  type MetricDefinition,
  metrics,
  metricsNamespace,
  metricsService,
  paymentProviders,
} from '../../functions/lib/metric-catalogue';
import { type HandlerGroupName, handlerGroups } from './alarm-catalogue';

export interface OperationsDashboardProps {
  name: string;
  alarms: readonly cloudwatch.IAlarm[];
  stage: string;
  httpApi: { apiId: string; stageName: string };
  /** A handler group's Lambda metric summed over its functions (the alarms' own query). */
  groupQuery: (metric: 'Errors' | 'Throttles' | 'Invocations', group: HandlerGroupName) => cloudwatch.IMetric;
}

const hour = Duration.hours(1);
const fiveMinutes = Duration.minutes(5);

export function operationsDashboard(scope: Construct, props: OperationsDashboardProps): cloudwatch.Dashboard {
  const business = (metric: MetricDefinition, statistic = 'Sum', period = hour, dimensions = {}) =>
    new cloudwatch.Metric({
      namespace: metricsNamespace(props.stage),
      metricName: metric.name,
      dimensionsMap: { service: metricsService, ...dimensions },
      statistic,
      period,
      label: `${metric.name}${statistic === 'Sum' ? '' : ` ${statistic}`}${Object.values(dimensions).length ? ` ${Object.values(dimensions).join(' ')}` : ''}`,
    });
  const api = (metricName: string, statistic: string) =>
    new cloudwatch.Metric({
      namespace: 'AWS/ApiGateway',
      metricName,
      dimensionsMap: { ApiId: props.httpApi.apiId, Stage: props.httpApi.stageName },
      statistic,
      period: fiveMinutes,
      label: `${metricName} ${statistic}`,
    });
  const groups = Object.keys(handlerGroups) as HandlerGroupName[];
  const width = 8;

  const dashboard = new cloudwatch.Dashboard(scope, 'OperationsDashboard', {
    dashboardName: props.name,
    defaultInterval: Duration.days(1),
  });
  dashboard.addWidgets(
    new cloudwatch.AlarmStatusWidget({
      title: 'Alarms (docs/runbook.md has one heading per alarm)',
      alarms: [...props.alarms],
      width: 24,
      height: 6,
    }),
  );
  dashboard.addWidgets(
    new cloudwatch.GraphWidget({
      title: 'Orders and payments (per hour)',
      left: [business(metrics.ordersPlaced), business(metrics.paymentsCaptured)],
      width,
    }),
    new cloudwatch.GraphWidget({
      title: 'Refunds and payouts (per hour)',
      left: [business(metrics.refundsIssued), business(metrics.payoutsDisbursed)],
      width,
    }),
    new cloudwatch.GraphWidget({
      title: 'Timer fires (per hour)',
      left: [business(metrics.timerFires)],
      width,
    }),
  );
  dashboard.addWidgets(
    new cloudwatch.GraphWidget({
      title: 'Search latency (ms)',
      left: [
        business(metrics.searchLatency, 'p50', fiveMinutes),
        business(metrics.searchLatency, 'p99', fiveMinutes),
      ],
      width,
    }),
    new cloudwatch.GraphWidget({
      title: 'Payment provider calls and failures (5 minutes)',
      left: paymentProviders.flatMap((provider) => [
        business(metrics.providerCalls, 'Sum', fiveMinutes, { provider }),
        business(metrics.providerFailures, 'Sum', fiveMinutes, { provider }),
      ]),
      width,
    }),
    new cloudwatch.GraphWidget({
      title: 'Sweeper: oldest overdue deadline and unfinished money operation (s)',
      left: [
        business(metrics.oldestOverdueDue, 'Maximum', fiveMinutes),
        business(metrics.oldestUnfinishedMoneyOp, 'Maximum', fiveMinutes),
      ],
      width,
    }),
  );
  dashboard.addWidgets(
    new cloudwatch.GraphWidget({
      title: 'API requests and 5xx (5 minutes)',
      left: [api('Count', 'Sum'), api('5xx', 'Sum'), api('4xx', 'Sum')],
      width,
    }),
    new cloudwatch.GraphWidget({
      title: 'API latency (ms)',
      left: [api('Latency', 'p50'), api('Latency', 'p99')],
      width,
    }),
    new cloudwatch.GraphWidget({
      title: 'Lambda errors by handler group (5 minutes)',
      left: groups.map((group) => props.groupQuery('Errors', group)),
      width,
    }),
  );
  dashboard.addWidgets(
    new cloudwatch.GraphWidget({
      title: 'Lambda throttles by handler group (5 minutes)',
      left: groups.map((group) => props.groupQuery('Throttles', group)),
      width,
    }),
    new cloudwatch.GraphWidget({
      title: 'Lambda invocations by handler group (5 minutes)',
      left: groups.map((group) => props.groupQuery('Invocations', group)),
      width,
    }),
  );
  return dashboard;
}
