// biome-ignore-all lint/suspicious/noExplicitAny: synthesized CloudFormation templates are untyped JSON
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { metrics, metricsNamespace } from '../../functions/lib/metric-catalogue';
import type { VeloStacks } from '../../infra/app';
import { repoRoot } from '../../infra/lambda-bundling';
import {
  alarmCatalogue,
  alarmEmailContext,
  alarmGroupTag,
  allAlarmDefinitions,
  emailAlarms,
  handlerGroups,
  rateFloors,
  telemetryEnrichmentContext,
  telemetryEnrichmentExternal,
} from '../../infra/stacks/alarm-catalogue';
import { devConfig, liveConfig } from './fixtures/configs';
import { synthStacks } from './fixtures/synth';

// Issue 27: the alarms of infra/stacks/alarm-catalogue.ts on one SNS topic, one dashboard, and a
// runbook heading for every alarm. The live stage (SES sender) is synthesized with cdk-nag on, so
// a new finding in the Monitoring stack fails here too.

const email = 'ops@veloexchange.com';
let live: { stacks: VeloStacks; templates: Record<keyof VeloStacks, Template> };
let monitoring: Template;

beforeAll(() => {
  live = synthStacks({ config: liveConfig, appProps: { context: { [alarmEmailContext]: email } } });
  monitoring = live.templates.monitoring;
});

const alarmsOf = (template: Template) =>
  Object.values(template.findResources('AWS::CloudWatch::Alarm')) as any[];
const topicRef = () => ({ Ref: Object.keys(monitoring.findResources('AWS::SNS::Topic'))[0] });

describe('alarms', () => {
  it('has between 8 and 30 alarms, every one with the topic as its alarm and OK action', () => {
    const alarms = alarmsOf(monitoring);
    expect(alarms.length).toBeGreaterThanOrEqual(8);
    expect(alarms.length).toBeLessThanOrEqual(30);
    for (const alarm of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([topicRef()]);
      expect(alarm.Properties.OKActions).toEqual([topicRef()]);
    }
  });

  it('names every alarm of the catalogue <stack prefix>-<name>, once', () => {
    const names = alarmsOf(monitoring).map((alarm) => alarm.Properties.AlarmName);
    expect([...names].sort()).toEqual(
      allAlarmDefinitions()
        .map((d) => `VeloProd-${d.name}`)
        .sort(),
    );
    expect(new Set(names).size).toBe(names.length);
  });

  it('watches every Lambda function of every stack through its handler group tag', () => {
    const groupTags = new Set(Object.keys(handlerGroups).map((group) => `VeloProd-${group}`));
    const queried = alarmsOf(monitoring)
      .map((alarm) => JSON.stringify(alarm.Properties.Metrics))
      .join('\n');
    let functions = 0;
    for (const template of Object.values(live.templates)) {
      for (const fn of Object.values(template.findResources('AWS::Lambda::Function')) as any[]) {
        // CDK's own helpers (bucket deployments, log retention) are not handlers.
        if (!String(fn.Properties.Description ?? '').startsWith('Velo Exchange handler')) continue;
        functions += 1;
        const tag = (fn.Properties.Tags ?? []).find((t: any) => t.Key === alarmGroupTag);
        expect(tag, fn.Properties.Description).toBeDefined();
        expect(groupTags.has(tag.Value)).toBe(true);
      }
    }
    expect(functions).toBeGreaterThan(60);
    for (const tag of groupTags) {
      expect(queried).toContain(`WHERE tag.${alarmGroupTag} = '${tag}'`);
      expect(queried).toContain(
        `SELECT SUM(Errors) FROM SCHEMA(\\"AWS/Lambda\\", FunctionName) WHERE tag.${alarmGroupTag} = '${tag}'`,
      );
      expect(queried).toContain(
        `SELECT SUM(Throttles) FROM SCHEMA(\\"AWS/Lambda\\", FunctionName) WHERE tag.${alarmGroupTag} = '${tag}'`,
      );
    }
  });

  it("turns on the account's resource tags for telemetry (the group queries need them), kept on when the stack goes", () => {
    const [enrichment] = Object.values(
      monitoring.findResources('AWS::ObservabilityAdmin::TelemetryEnrichment'),
    ) as any[];
    expect(enrichment.Properties).toEqual({ Scope: 'ACCOUNT' });
    expect(enrichment.DeletionPolicy).toBe('Retain');
    const other = synthStacks({
      nag: false,
      appProps: {
        context: { [alarmEmailContext]: email, [telemetryEnrichmentContext]: telemetryEnrichmentExternal },
      },
    });
    other.templates.monitoring.resourceCountIs('AWS::ObservabilityAdmin::TelemetryEnrichment', 0);
  });

  it('breaches on a few failures alone when traffic is below the rate floor (a quiet marketplace)', () => {
    const expressionOf = (name: string) =>
      alarmsOf(monitoring)
        .find((alarm) => alarm.Properties.AlarmName === `VeloProd-${name}`)
        .Properties.Metrics.find((metric: any) => metric.Expression).Expression as string;
    for (const name of ['StripeErrorRate', 'PaypalErrorRate']) {
      expect(expressionOf(name)).toBe(
        `IF(calls >= ${rateFloors.provider.calls}, 100 * FILL(failures, 0) / calls, IF(FILL(failures, 0) >= ${rateFloors.provider.failuresAlone}, 100, 0))`,
      );
    }
    expect(expressionOf('ApiServerErrors')).toContain(
      `IF(FILL(errors, 0) >= ${rateFloors.api.errorsAlone}, 100, 0)`,
    );
  });

  it('keeps every metric math alarm within 10 metrics', () => {
    for (const alarm of alarmsOf(monitoring)) {
      const queries = alarm.Properties.Metrics ?? [];
      expect(queries.filter((q: any) => q.MetricStat).length).toBeLessThanOrEqual(10);
    }
  });

  it('reads the sweeper and provider metrics from the stage namespace, dimension service=velo', () => {
    const overdue = alarmsOf(monitoring).find((a) => a.Properties.AlarmName === 'VeloProd-DeadlineOverdue');
    expect(overdue.Properties).toMatchObject({
      Namespace: metricsNamespace('prod'),
      MetricName: metrics.oldestOverdueDue.name,
      Dimensions: [{ Name: 'service', Value: 'velo' }],
      Threshold: 600,
      // The sweeper's silence is the failure it must report (alarm-catalogue.ts).
      TreatMissingData: 'breaching',
    });
    const money = alarmsOf(monitoring).find(
      (a) => a.Properties.AlarmName === `VeloProd-${alarmCatalogue.moneyOperationStuck.name}`,
    );
    expect(money.Properties).toMatchObject({
      MetricName: metrics.oldestUnfinishedMoneyOp.name,
      Threshold: 3600,
    });
    const stripe = alarmsOf(monitoring).find((a) => a.Properties.AlarmName === 'VeloProd-StripeErrorRate');
    const stats = stripe.Properties.Metrics.filter((q: any) => q.MetricStat).map(
      (q: any) => q.MetricStat.Metric,
    );
    expect(stats.map((m: any) => m.MetricName).sort()).toEqual(
      [metrics.providerCalls.name, metrics.providerFailures.name].sort(),
    );
    for (const metric of stats)
      expect(metric.Dimensions).toEqual(
        expect.arrayContaining([
          { Name: 'service', Value: 'velo' },
          { Name: 'provider', Value: 'stripe' },
        ]),
      );
  });

  it('watches both queues, the state machine, the table and the API', () => {
    monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'VeloProd-DeadLetterQueueNotEmpty',
      MetricName: 'ApproximateNumberOfMessagesVisible',
    });
    monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'VeloProd-OrderWorkflowFailed',
      Metrics: Match.arrayWith([
        Match.objectLike({
          MetricStat: Match.objectLike({ Metric: Match.objectLike({ MetricName: 'ExecutionsFailed' }) }),
        }),
        Match.objectLike({
          MetricStat: Match.objectLike({ Metric: Match.objectLike({ MetricName: 'ExecutionsTimedOut' }) }),
        }),
      ]),
    });
    monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'VeloProd-ApiServerErrors',
      Metrics: Match.arrayWith([
        Match.objectLike({
          MetricStat: Match.objectLike({ Metric: Match.objectLike({ MetricName: '5xx' }) }),
        }),
      ]),
    });
    monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'VeloProd-ApiLatencyP99',
      ExtendedStatistic: 'p99',
      MetricName: 'Latency',
    });
  });
});

describe('the alarm topic', () => {
  it('is encrypted with its own key, TLS only, and mails the address given in context', () => {
    monitoring.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    monitoring.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    monitoring.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      }),
    });
    monitoring.resourceCountIs('AWS::SNS::Subscription', 1);
    monitoring.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: email });
  });

  it('has no subscription without the context value: a warning on dev, an error that stops the CLI on prod', () => {
    const dev = synthStacks({ config: devConfig, nag: false });
    dev.templates.monitoring.resourceCountIs('AWS::SNS::Subscription', 0);
    const devNotes = Annotations.fromStack(dev.stacks.monitoring);
    devNotes.hasWarning('*', Match.stringLikeRegexp(`No -c ${alarmEmailContext}=`));
    devNotes.hasNoError('*', Match.anyValue());
    // Dev sends Cognito's codes with Cognito's own sender: no SES alarm, and a note says so.
    const names = alarmsOf(dev.templates.monitoring).map((a) => a.Properties.AlarmName);
    for (const definition of emailAlarms) expect(names).not.toContain(`VeloDev-${definition.name}`);
    devNotes.hasInfo('*', Match.stringLikeRegexp("Cognito's built-in sender"));

    const prod = synthStacks({ config: liveConfig, nag: false });
    Annotations.fromStack(prod.stacks.monitoring).hasError(
      '*',
      Match.stringLikeRegexp(`No -c ${alarmEmailContext}=`),
    );
    Annotations.fromStack(live.stacks.monitoring).hasNoError('*', Match.anyValue());
  });
});

describe('the dashboard', () => {
  it('is one dashboard with the alarms and the business metrics', () => {
    monitoring.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const body = JSON.stringify(Object.values(monitoring.findResources('AWS::CloudWatch::Dashboard'))[0]);
    for (const metric of [
      metrics.ordersPlaced,
      metrics.paymentsCaptured,
      metrics.refundsIssued,
      metrics.payoutsDisbursed,
      metrics.timerFires,
      metrics.searchLatency,
      metrics.providerCalls,
      metrics.providerFailures,
    ])
      expect(body).toContain(metric.name);
    expect(body).toContain('SearchLatency p50');
    expect(body).toContain('SearchLatency p99');
    // The alarm status widget lists every alarm (by its ARN).
    expect(body).toContain('\\"type\\":\\"alarm\\"');
    for (const id of Object.keys(monitoring.findResources('AWS::CloudWatch::Alarm')))
      expect(body).toContain(`{"Fn::GetAtt":["${id}","Arn"]}`);
  });
});

describe('docs/runbook.md', () => {
  const runbook = readFileSync(path.join(repoRoot, 'docs/runbook.md'), 'utf8');
  const headings = new Set(
    runbook
      .split('\n')
      .filter((line) => /^#{2,3} /.test(line))
      .map((line) => line.replace(/^#+ /, '').trim()),
  );

  it('has a heading with the exact name of every alarm (prod names)', () => {
    const missing = alarmsOf(monitoring)
      .map((alarm) => alarm.Properties.AlarmName as string)
      .filter((name) => !headings.has(name));
    expect(missing).toEqual([]);
  });

  it('says for every alarm what it means, where to look and how to fix it', () => {
    const sections = runbook.split(/^## /m).slice(1);
    for (const definition of allAlarmDefinitions()) {
      const section = sections.find((text) => text.startsWith(`VeloProd-${definition.name}\n`));
      expect(section, definition.name).toBeDefined();
      expect(section).toContain('**Means**');
      expect(section).toMatch(/\*\*Look( \/ fix)?\*\*/);
      expect(section).toMatch(/\*\*(Fix|Look \/ fix)\*\*/);
    }
  });

  it('has no heading for an alarm that does not exist', () => {
    const known = new Set(allAlarmDefinitions().map((d) => `VeloProd-${d.name}`));
    const stale = [...headings].filter((heading) => heading.startsWith('VeloProd-') && !known.has(heading));
    expect(stale).toEqual([]);
  });
});
