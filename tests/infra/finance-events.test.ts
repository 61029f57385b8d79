// biome-ignore-all lint/suspicious/noExplicitAny: synthesized CloudFormation templates are untyped JSON
import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventSources } from '../../functions/event-rules';
import { buildApp } from '../../infra/app';
import { paypalEnvironment } from '../../infra/stacks/payment-providers';
import { devConfig, liveConfig } from './fixtures/configs';

// Finance events: every rule on the finance source also writes to the finance log group
// (retention set, EventBridge allowed by a resource policy), beside the ledger Lambda and the archive.

let app: ReturnType<typeof buildApp>;
let events: Template;

beforeAll(() => {
  app = buildApp({ bundling: 'none', siteDir: null, env: { account: '123456789012', region: 'eu-west-1' } });
  events = Template.fromStack(app.stacks.events);
});

describe('finance events in CDK', () => {
  it('has the finance log group with a retention, kept on delete, its name generated', () => {
    // A fixed name on a retained group would block the retry of a failed first deploy.
    events.hasResource('AWS::Logs::LogGroup', {
      Properties: { LogGroupName: Match.absent(), RetentionInDays: 400 },
      DeletionPolicy: 'Retain',
    });
    expect(Object.keys(events.findOutputs('FinanceLogGroupName'))).toEqual(['FinanceLogGroupName']);
  });

  it('targets the log group from the finance rule, beside the ledger Lambda', () => {
    const rules = Object.values(events.findResources('AWS::Events::Rule')) as any[];
    const finance = rules.filter((rule) =>
      rule.Properties.EventPattern.source.includes(eventSources.finance),
    );
    expect(finance.length).toBeGreaterThan(0);
    for (const rule of finance) {
      const targets = rule.Properties.Targets as any[];
      expect(targets[0].Arn['Fn::GetAtt'][1]).toBe('Arn');
      const logTarget = targets.find((target) => JSON.stringify(target.Arn).includes(':log-group:'));
      expect(logTarget, 'log group target').toBeDefined();
      const [logGroupId] = Object.keys(
        events.findResources('AWS::Logs::LogGroup', { Properties: { RetentionInDays: 400 } }),
      );
      expect(JSON.stringify(logTarget.Arn)).toContain(JSON.stringify({ Ref: logGroupId }));
    }
  });

  it('lets EventBridge write to the log group', () => {
    const policies = Object.values(events.findResources('AWS::Logs::ResourcePolicy')) as any[];
    const document = policies.map((policy) => JSON.stringify(policy.Properties.PolicyDocument)).join('\n');
    expect(document).toContain('events.amazonaws.com');
    expect(document).toContain('logs:PutLogEvents');
    expect(document).toContain('logs:CreateLogStream');
  });

  it('keeps the archive of every source', () => {
    events.hasResourceProperties('AWS::Events::Archive', {
      EventPattern: { source: Object.values(eventSources) },
    });
  });

  it('runs the finance outbox (the transaction stream dispatcher) on the table stream (TX# and PAYOUT-ACCOUNT# items), allowed to put events on the bus', () => {
    const stack = app.stacks.events;
    const fn = stack.streamFunctions.get('orders/transaction-stream');
    const fnId = stack.resolve((fn.node.defaultChild as CfnElement).logicalId);
    const mappings = Object.values(events.findResources('AWS::Lambda::EventSourceMapping')) as any[];
    const mapping = mappings.find((m) => m.Properties.FunctionName.Ref === fnId);
    expect(mapping, 'event source mapping').toBeDefined();
    expect(JSON.parse(mapping.Properties.FilterCriteria.Filters[0].Pattern)).toEqual({
      dynamodb: { Keys: { PK: { S: [{ prefix: 'TX#' }, { prefix: 'PAYOUT-ACCOUNT#' }] } } },
    });
    const role = events.findResources('AWS::Lambda::Function')[fnId]!.Properties.Role['Fn::GetAtt'][0];
    const policies = Object.values(events.findResources('AWS::IAM::Policy')) as any[];
    const ofRole = policies.filter((policy) => JSON.stringify(policy.Properties.Roles).includes(role));
    expect(JSON.stringify(ofRole.map((policy) => policy.Properties.PolicyDocument))).toContain(
      'events:PutEvents',
    );
  });

  it('is cdk-nag clean', () => {
    const violations = new AwsSolutionsChecks()
      .validateScope(app.app)
      .violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`));
    expect(violations).toEqual([]);
  });
});

describe('PayPal settings of the API handlers', () => {
  it('simulated: none; sandbox and live: the public settings of that mode (the secret is read at run time)', () => {
    expect(paypalEnvironment(devConfig)).toEqual({});
    const live = paypalEnvironment(liveConfig);
    expect(live).toMatchObject({
      PAYPAL_CLIENT_ID: 'AbCdLiveClient',
      PAYPAL_PARTNER_ID: 'PARTNER1',
      PAYPAL_WEBHOOK_ID: 'WH-1',
      PAYPAL_API_BASE_URL: 'https://api-m.paypal.com',
    });
    expect(Object.keys(live).filter((name) => name.includes('SECRET'))).toEqual([]);
    const paypal = liveConfig.payments.paypal;
    if (paypal.mode === 'simulated') throw new Error('the live fixture is live');
    const sandbox = paypalEnvironment({
      ...liveConfig,
      payments: { ...liveConfig.payments, paypal: { ...paypal, mode: 'sandbox' } },
    });
    expect(sandbox.PAYPAL_API_BASE_URL).toBe('https://api-m.sandbox.paypal.com');
  });
});
