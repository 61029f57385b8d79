import { describe, expect, it } from 'vitest';
import {
  configuredSecrets,
  deploymentFacts,
  runsPerMonth,
  type TemplateJson,
  tableOperationsRead,
} from './deployment';

const fn = (handler: string, memory: number, arch: string, tag?: string) => ({
  Type: 'AWS::Lambda::Function',
  Properties: {
    Description: `Velo Exchange handler functions/${handler}.ts`,
    MemorySize: memory,
    Architectures: [arch],
    ...(tag ? { Tags: [{ Key: 'Group', Value: tag }] } : {}),
  },
});

const api: TemplateJson = {
  Resources: {
    ShowFn: fn('orders/http/show', 512, 'arm64', 'api'),
    AddImageFn: fn('listings/http/images/add', 1536, 'x86_64', 'api'),
    Helper: { Type: 'AWS::Lambda::Function', Properties: { MemorySize: 128 } },
    Plain: { Type: 'AWS::CloudWatch::Alarm', Properties: { MetricName: 'Errors' } },
    Math: {
      Type: 'AWS::CloudWatch::Alarm',
      Properties: { Metrics: [{ MetricStat: {} }, { MetricStat: {} }, { Expression: 'm1/m2' }] },
    },
    ApiQuery: {
      Type: 'AWS::CloudWatch::Alarm',
      Properties: {
        Metrics: [
          {
            Expression: `SELECT SUM(Errors) FROM SCHEMA("AWS/Lambda", FunctionName) WHERE tag.Group = 'api'`,
          },
        ],
      },
    },
    TableQuery: {
      Type: 'AWS::CloudWatch::Alarm',
      Properties: {
        Metrics: [
          { Expression: `SELECT SUM(SystemErrors) FROM SCHEMA("AWS/DynamoDB", TableName, Operation)` },
        ],
      },
    },
  },
};
const other: TemplateJson = {
  Resources: {
    SweepFn: fn('orders/workflow/sweep-due', 512, 'arm64'),
    Sweep: {
      Type: 'AWS::Scheduler::Schedule',
      Properties: {
        ScheduleExpression: 'rate(5 minutes)',
        Target: { Arn: { 'Fn::GetAtt': ['SweepFn', 'Arn'] } },
      },
    },
    Acl: { Type: 'AWS::WAFv2::WebACL', Properties: { Scope: 'CLOUDFRONT', Rules: [{}, {}, {}] } },
    Board: { Type: 'AWS::CloudWatch::Dashboard' },
    Key: { Type: 'AWS::KMS::Key' },
    Secret: { Type: 'AWS::SecretsManager::Secret' },
    Table: {
      Type: 'AWS::DynamoDB::Table',
      Properties: { PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } },
    },
  },
};

describe('deploymentFacts', () => {
  const facts = deploymentFacts([api, other], { 'orders/http/show': 'OrdersShow' }, 'Group');

  it("each handler's memory, architecture and deploy name (from the function's description)", () => {
    expect(facts.functions['orders/http/show']).toEqual({
      deployName: 'OrdersShow',
      memoryMb: 512,
      architecture: 'arm64',
    });
    expect(facts.functions['listings/http/images/add']).toMatchObject({
      memoryMb: 1536,
      architecture: 'x86_64',
    });
    expect(Object.keys(facts.functions)).toHaveLength(3);
  });

  it('alarms by the metrics they are billed for: 1, each MetricStat, each metric a query reads', () => {
    const metrics = Object.fromEntries(facts.alarms.map((alarm) => [alarm.id, alarm.metrics]));
    expect(metrics).toEqual({ Plain: 1, Math: 2, ApiQuery: 2, TableQuery: tableOperationsRead });
    expect(facts.alarms.find((alarm) => alarm.id === 'ApiQuery')?.estimated).toBeTruthy();
    expect(facts.alarms.find((alarm) => alarm.id === 'Plain')?.estimated).toBeUndefined();
  });

  it('schedules with their function and runs a month; web ACLs, dashboards, keys, secrets, backups', () => {
    expect(facts.schedules).toEqual([
      {
        id: 'Sweep',
        expression: 'rate(5 minutes)',
        handler: 'orders/workflow/sweep-due',
        runsPerMonth: 8760,
      },
    ]);
    expect(facts.webAcls).toEqual([{ id: 'Acl', scope: 'CLOUDFRONT', rules: 3 }]);
    expect(facts).toMatchObject({ dashboards: 1, kmsKeys: 1, secretsCreated: 1, pointInTimeRecovery: true });
  });
});

describe('runsPerMonth', () => {
  it('rates in minutes, hours and days over 730 hours; cron not counted', () => {
    expect(runsPerMonth('rate(5 minutes)')).toBe(8760);
    expect(runsPerMonth('rate(1 minute)')).toBe(43_800);
    expect(runsPerMonth('rate(2 hours)')).toBe(365);
    expect(runsPerMonth('rate(1 day)')).toBeCloseTo(30.42, 2);
    expect(runsPerMonth('cron(0 3 * * ? *)')).toBe(0);
  });
});

describe('configuredSecrets', () => {
  it("the stage's Secrets Manager names, once each", () => {
    const config = {
      a: 'velo/prod/stripe',
      b: { c: 'velo/prod/paypal', d: 'velo/prod/stripe' },
      e: 'velo/dev/x',
      f: 3,
    };
    expect(configuredSecrets(config, 'prod')).toEqual(['velo/prod/paypal', 'velo/prod/stripe']);
  });
});
