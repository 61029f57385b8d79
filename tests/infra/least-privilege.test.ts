// biome-ignore-all lint/suspicious/noExplicitAny: synthesized CloudFormation templates are untyped JSON
import { beforeAll, describe, expect, it } from 'vitest';
import { eventSources } from '../../functions/event-rules';
import { type Route, routes } from '../../functions/routes';
import { logWriteActions } from '../../infra/lambda-bundling';
import { tableReadCommands } from '../../infra/local/read-only';
import { tableReadActions } from '../../infra/stacks/grants';
import {
  eventPublishers,
  isPublicRead,
  mailingHandlers,
  searchHandler,
} from '../../infra/stacks/handler-services';
import { publicRouteReason } from '../../infra/stacks/route-roles';
import { liveConfig } from './fixtures/configs';
import { synthStacks } from './fixtures/synth';

// Issue 26: each role holds what its functions use. The production stage (live providers, Klaviyo,
// Amazon Location maps) synthesized once; every statement of every role read from the templates.

interface RoleView {
  stack: string;
  id: string;
  /** Handler modules of the Lambdas that run with this role. */
  handlers: string[];
  statements: any[];
  managedPolicies: unknown[];
}

let roles: RoleView[];
const templates: Record<string, any> = {};

const actionsOf = (statement: any): string[] => [statement.Action].flat();
const mentions = (value: unknown, text: string) => JSON.stringify(value).includes(text);

beforeAll(() => {
  const synth = synthStacks({
    nag: false,
    config: {
      ...liveConfig,
      maps: { provider: 'amazon', apiKey: 'velo/prod/maps-api-key', region: 'eu-west-1' },
    },
  });
  for (const [name, template] of Object.entries(synth.templates)) templates[name] = template.toJSON();
  roles = Object.entries(templates).flatMap(([stack, template]) => {
    const resources = Object.entries<any>(template.Resources);
    return resources
      .filter(([, resource]) => resource.Type === 'AWS::IAM::Role')
      .map(([id, resource]) => ({
        stack,
        id,
        handlers: resources
          .filter(([, fn]) => fn.Type === 'AWS::Lambda::Function' && mentions(fn.Properties.Role, id))
          .map(([, fn]) => /functions\/(.+)\.ts/.exec(fn.Properties.Description ?? '')?.[1] ?? '?'),
        statements: resources
          .filter(([, policy]) => policy.Type === 'AWS::IAM::Policy' && mentions(policy.Properties.Roles, id))
          .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement),
        managedPolicies: resource.Properties.ManagedPolicyArns ?? [],
      }));
  });
});

/**
 * CDK's own cross-region export writer and reader (issue 27: the Web stack reads the us-east-1 web
 * ACL's ARN) are aws-cdk-lib's custom resource providers, not our handlers.
 */
const cdkCrossRegionExports = (role: RoleView) => role.id.startsWith('CustomCrossRegionExport');
const handlerRoles = () => roles.filter((role) => role.handlers.length > 0 && !cdkCrossRegionExports(role));
const roleOf = (handler: string) => {
  const role = roles.find((candidate) => candidate.handlers.includes(handler));
  if (!role) throw new Error(`no role runs ${handler}`);
  return role;
};

describe('public read routes', () => {
  const publicReads = [...new Set((routes as readonly Route[]).map((route) => route.handler))].filter(
    (handler) => isPublicRead(handler) && handler !== searchHandler,
  );

  it('are the anonymous GET routes: listings, profiles, reviews, assets, places, the static map', () => {
    expect(publicReads.sort()).toEqual([
      'accounts/http/reviews',
      'accounts/http/show',
      'content/http/get-asset',
      'listings/http/by-author',
      'listings/http/show',
      'places/http/search',
      'places/http/static-map',
    ]);
    // A simulated provider's page is a public GET but keeps the provider's state: not read-only.
    expect(isPublicRead('payments/stripe/http/simulated/onboarding-page')).toBe(false);
    expect(isPublicRead('orders/http/transition')).toBe(false);
  });

  it('run with roles that read the table and assets and nothing else: no write, no SES, no images, no events', () => {
    const publicRoles = new Set(publicReads.map((handler) => roleOf(handler)));
    expect([...publicRoles].map((role) => role.id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual([
      'PublicReadMapsRole',
      'PublicReadRole',
    ]);
    for (const role of publicRoles) {
      // No route that writes shares the role.
      expect(
        role.handlers.every((handler) => isPublicRead(handler)),
        role.id,
      ).toBe(true);
      const actions = role.statements.flatMap(actionsOf);
      expect(
        actions.filter(
          (action) =>
            !/^(dynamodb:(GetItem|BatchGetItem|Query)|logs:|secretsmanager:(GetSecretValue|DescribeSecret)|xray:(PutTraceSegments|PutTelemetryRecords)$)/.test(
              action,
            ),
        ),
        role.id,
      ).toEqual([]);
      // The only managed policy: read access to the hosted assets (Data stack).
      expect(role.managedPolicies, role.id).toEqual([
        { 'Fn::ImportValue': expect.stringMatching(/AssetsReadAccess/) },
      ]);
    }
  });
});

describe('the read-only roles, locally', () => {
  it('allow the same table reads as the roles in AWS (no more, no fewer)', () => {
    const local = [...tableReadCommands]
      .map((command) => command.replace(/Command$/, ''))
      // The document client's names for the table's actions.
      .map((name) => ({ Get: 'GetItem', BatchGet: 'BatchGetItem' })[name] ?? name);
    expect([...new Set(local)].sort()).toEqual(tableReadActions.map((action) => action.split(':')[1]).sort());
  });
});

describe('public routes (cdk-nag APIG4)', () => {
  it('each say why they have no authorizer, by kind; a public route of a new kind has no reason yet', () => {
    const publicHandlers = [
      ...new Set((routes as readonly Route[]).filter((r) => r.auth === 'public').map((r) => r.handler)),
    ];
    const reasons = new Set(publicHandlers.map((handler) => publicRouteReason(handler)));
    expect(reasons.size).toBe(5);
    expect(publicRouteReason('listings/http/show')).toMatch(/read-only PublicReadRole/);
    expect(publicRouteReason('payments/stripe/http/webhook')).toMatch(/signature/);
    expect(() => publicRouteReason('orders/http/transition')).toThrow(/no cdk-nag reason/);
  });
});

describe('roles', () => {
  it("the ledger's may only append to the table", () => {
    const ledger = roleOf('orders/finance/ledger');
    const tableActions = ledger.statements
      .flatMap(actionsOf)
      .filter((action) => action.startsWith('dynamodb:'));
    expect(tableActions).toEqual(['dynamodb:PutItem']);
  });

  it('write logs only into their own functions’ log groups: no AWSLambdaBasicExecutionRole, no *', () => {
    for (const role of handlerRoles()) {
      expect(mentions(role.managedPolicies, 'AWSLambdaBasicExecutionRole'), role.id).toBe(false);
      const logStatements = role.statements.filter((statement) =>
        actionsOf(statement).some((action) => action.startsWith('logs:')),
      );
      expect(logStatements, role.id).toHaveLength(1);
      expect(actionsOf(logStatements[0]).sort(), role.id).toEqual([...logWriteActions].sort());
      const resources = [logStatements[0].Resource].flat();
      // One log group per function of the role, each the group's own ARN.
      expect(resources, role.id).toHaveLength(role.handlers.length);
      for (const resource of resources)
        expect(resource, role.id).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/Logs/), 'Arn'] });
    }
  });

  it('may send e-mail exactly when one of their functions sends mail', () => {
    for (const role of handlerRoles()) {
      const sends = role.statements.some((statement) =>
        actionsOf(statement).some((action) => action.startsWith('ses:')),
      );
      expect(sends, `${role.id}: ${role.handlers.join(', ')}`).toBe(
        role.handlers.some((handler) => mailingHandlers.includes(handler)),
      );
    }
  });
});

describe('events:PutEvents', () => {
  it('is granted only with an events:source condition, and velo.finance only to the outbox publisher', () => {
    const publishers = Object.keys(eventPublishers);
    const putters = handlerRoles().filter((role) =>
      role.statements.some((statement) =>
        actionsOf(statement).some((action) => action.startsWith('events:')),
      ),
    );
    expect(putters.length).toBeGreaterThan(0);
    for (const role of putters) {
      for (const statement of role.statements.filter((s) =>
        actionsOf(s).some((a) => a.startsWith('events:')),
      )) {
        expect(actionsOf(statement), role.id).toEqual(['events:PutEvents']);
        const sources = [statement.Condition?.StringEquals?.['events:source']].flat();
        expect(sources.length, `${role.id} has PutEvents without an events:source condition`).toBeGreaterThan(
          0,
        );
        if (sources.includes(eventSources.finance))
          expect(
            role.handlers.every((handler) => publishers.includes(handler)),
            role.id,
          ).toBe(true);
      }
    }
    // The outbox publisher's role is among them; no route, task or rule handler may put events.
    expect(putters.flatMap((role) => role.handlers).filter((handler) => handler.includes('/http/'))).toEqual(
      [],
    );
    expect(putters.some((role) => role.handlers.includes('orders/transaction-stream'))).toBe(true);
  });
});

describe('policy sizes', () => {
  it("keep every role's inline policies under IAM's 10,240 characters, with ARNs at their deployed length", () => {
    // CloudFormation resolves each reference to an ARN of about this length (a log group's ARN with a
    // generated name, `:*` included, is the longest kind here).
    const arnLength = 130;
    const resolved = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(resolved);
      if (value && typeof value === 'object') {
        if (['Fn::GetAtt', 'Fn::Join', 'Fn::ImportValue', 'Ref', 'Fn::Sub'].some((key) => key in value))
          return 'x'.repeat(arnLength);
        return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolved(inner)]));
      }
      return value;
    };
    const sizes = handlerRoles().map((role) => ({
      role: role.id,
      size: JSON.stringify({ Version: '2012-10-17', Statement: resolved(role.statements) }).length,
    }));
    const largest = sizes.reduce((a, b) => (b.size > a.size ? b : a));
    expect(largest.size, `${largest.role}`).toBeLessThan(10_240);
  });
});
