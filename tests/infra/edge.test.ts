// biome-ignore-all lint/suspicious/noExplicitAny: synthesized CloudFormation templates are untyped JSON
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { originSecretHeader } from '../../functions/lib/origin-secret';
import { rawUploadsKeyPrefix } from '../../functions/lib/uploads';
import { staticMapCacheControl } from '../../functions/places/http/static-map';
import { buildApp, type VeloStacks } from '../../infra/app';
import { routesUnder } from '../../infra/stacks/api-behaviours';
import {
  edgeRateLimits,
  exactPath,
  managedRuleGroups,
  userPoolRateLimit,
} from '../../infra/stacks/waf-rules';
import { apiRoutes } from '../../shared/api/routes';
import { devWith } from './fixtures/configs';

// Issue 27, edge protection: the CLOUDFRONT web ACL in its us-east-1 stack on the distribution, a
// REGIONAL one on the user pool, none on the HTTP API (WAF cannot be attached to one), and the
// origin secret CloudFront sends so that the API refuses traffic that skipped it.

let stacks: VeloStacks;
let templates: Record<keyof VeloStacks, Template>;
beforeAll(() => {
  // The stage's region is eu-west-1, as is the CLI's: the Edge stack must still be in us-east-1.
  vi.stubEnv('CDK_DEFAULT_REGION', 'eu-west-1');
  vi.stubEnv('CDK_DEFAULT_ACCOUNT', '123456789012');
  const config = devWith({ region: 'eu-west-1', account: '123456789012' });
  ({ stacks } = buildApp({ bundling: 'none', siteDir: null, nag: false, config }));
  templates = Object.fromEntries(
    Object.entries(stacks).map(([name, stack]) => [name, Template.fromStack(stack)]),
  ) as Record<keyof VeloStacks, Template>;
  vi.unstubAllEnvs();
});

const only = (template: Template, type: string): [string, any] => {
  const found = Object.entries(template.findResources(type));
  expect(found, type).toHaveLength(1);
  return found[0] as [string, any];
};
const distributionConfig = () =>
  only(templates.web, 'AWS::CloudFront::Distribution')[1].Properties.DistributionConfig;

describe('the CLOUDFRONT web ACL', () => {
  it('is in its own stack in us-east-1 while the others stay in the stage region', () => {
    expect(stacks.edge.region).toBe('us-east-1');
    expect(stacks.web.region).toBe('eu-west-1');
    expect(stacks.api.region).toBe('eu-west-1');
    const [, acl] = only(templates.edge, 'AWS::WAFv2::WebACL');
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    expect(acl.Properties.DefaultAction).toEqual({ Allow: {} });
    expect(acl.Properties.VisibilityConfig).toMatchObject({
      CloudWatchMetricsEnabled: true,
      SampledRequestsEnabled: true,
    });
  });

  it("is the distribution's web ACL, read across regions", () => {
    const [aclId] = only(templates.edge, 'AWS::WAFv2::WebACL');
    const webAclId = JSON.stringify(distributionConfig().WebACLId);
    // The Web stack reads the ARN the Edge stack exported for its region (CDK's cross-region exports).
    expect(webAclId).toContain('ExportsReader');
    expect(webAclId).toContain(`${stacks.edge.stackName}useast1FnGetAttWebAclArn`);
    const writer = Object.values(templates.edge.findResources('Custom::CrossRegionExportWriter'))[0] as any;
    expect(JSON.stringify(writer.Properties)).toContain(`"${aclId}","Arn"`);
    expect(JSON.stringify(writer.Properties)).toContain('eu-west-1');
  });

  it('runs the AWS managed rule groups, a per-IP rate rule, and stricter ones for sign-up, password reset and checkout', () => {
    const [, acl] = only(templates.edge, 'AWS::WAFv2::WebACL');
    const rules = acl.Properties.Rules as any[];
    for (const rule of rules) {
      expect(rule.VisibilityConfig, rule.Name).toMatchObject({
        CloudWatchMetricsEnabled: true,
        SampledRequestsEnabled: true,
      });
    }
    expect(new Set(rules.map((rule) => rule.Priority)).size).toBe(rules.length);
    const groups = rules.filter((rule) => rule.Statement.ManagedRuleGroupStatement);
    expect(groups.map((rule) => rule.Statement.ManagedRuleGroupStatement.Name).sort()).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    // Our bodies are larger than the Common rule set's 8 KB: that one rule only counts.
    const common = groups.find((rule) => rule.Name === 'AWSManagedRulesCommonRuleSet');
    expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
    const rates = Object.fromEntries(
      rules.filter((rule) => rule.Statement.RateBasedStatement).map((rule) => [rule.Name, rule]),
    );
    expect(Object.keys(rates).sort()).toEqual([
      'RateCheckout',
      'RatePasswordReset',
      'RatePerIp',
      'RateSignUp',
    ]);
    expect(rates.RatePerIp.Statement.RateBasedStatement.ScopeDownStatement).toBeUndefined();
    const scopedPaths = (name: string): string[] => {
      const scope = rates[name].Statement.RateBasedStatement.ScopeDownStatement;
      const statements = scope.OrStatement?.Statements ?? [scope];
      return statements.map((statement: any) => statement.ByteMatchStatement.SearchString);
    };
    expect(scopedPaths('RateSignUp')).toEqual([apiRoutes.signup.path]);
    expect(scopedPaths('RatePasswordReset')).toEqual([
      apiRoutes.requestPasswordReset.path,
      apiRoutes.confirmPasswordReset.path,
    ]);
    expect(scopedPaths('RateCheckout')).toEqual([
      apiRoutes.initiatePrivileged.path,
      apiRoutes.transitionPrivileged.path,
      apiRoutes.createPaypalOrder.path,
    ]);
    const everything = rates.RatePerIp.Statement.RateBasedStatement.Limit;
    for (const name of ['RateSignUp', 'RatePasswordReset', 'RateCheckout']) {
      const statement = rates[name].Statement.RateBasedStatement;
      expect(statement.AggregateKeyType, name).toBe('IP');
      expect(statement.Limit, name).toBeLessThan(everything / 10);
      expect(rates[name].Action, name).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
    }
  });

  it('works for a stage in us-east-1 too: then a plain cross-stack reference, cdk-nag clean', () => {
    const config = devWith({ region: 'us-east-1', account: '123456789012' });
    const { app, stacks: east } = buildApp({ bundling: 'none', siteDir: null, config });
    expect(() => app.synth()).not.toThrow();
    expect(east.web.region).toBe('us-east-1');
    const distribution = Template.fromStack(east.web).findResources('AWS::CloudFront::Distribution');
    expect(JSON.stringify(distribution)).toContain('WebACLId');
    expect(
      Object.keys(Template.fromStack(east.web).findResources('Custom::CrossRegionExportReader')),
    ).toEqual([]);
  });

  it('is built from the route table, and refuses a route with path parameters', () => {
    expect(edgeRateLimits.flatMap((rate) => ('routes' in rate ? rate.routes : []))).toContain('signup');
    expect(() => exactPath('showListing')).toThrow(/without parameters/);
    expect(managedRuleGroups).toHaveLength(3);
  });
});

describe('the REGIONAL web ACL and the HTTP API', () => {
  it('puts a per-IP rate rule on the user pool', () => {
    const [aclId, acl] = only(templates.auth, 'AWS::WAFv2::WebACL');
    expect(acl.Properties.Scope).toBe('REGIONAL');
    expect(acl.Properties.Rules).toEqual([
      expect.objectContaining({
        Name: userPoolRateLimit.name,
        Statement: {
          RateBasedStatement: expect.objectContaining({
            AggregateKeyType: 'IP',
            Limit: userPoolRateLimit.limit,
          }),
        },
      }),
    ]);
    const [poolId] = only(templates.auth, 'AWS::Cognito::UserPool');
    const [, association] = only(templates.auth, 'AWS::WAFv2::WebACLAssociation');
    expect(association.Properties).toEqual({
      ResourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
    });
  });

  it('has no WAF association on the HTTP API (WAF cannot protect one): the origin secret instead', () => {
    for (const name of ['api', 'web', 'data', 'events', 'workflow', 'edge'] as const) {
      expect(Object.keys(templates[name].findResources('AWS::WAFv2::WebACLAssociation')), name).toEqual([]);
    }
    const behaviour = distributionConfig().CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
    const origin = distributionConfig().Origins.find((o: any) => o.Id === behaviour.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain('execute-api');
    const [secretId] = Object.entries(templates.api.findResources('AWS::SecretsManager::Secret')).find(
      ([id]) => id.startsWith('OriginSecret'),
    )!;
    expect(origin.OriginCustomHeaders).toHaveLength(1);
    expect(origin.OriginCustomHeaders[0].HeaderName).toBe(originSecretHeader);
    // A dynamic reference to the Api stack's secret, resolved when the Web stack deploys.
    const value = JSON.stringify(origin.OriginCustomHeaders[0].HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toContain(secretId);
  });
});

describe('CloudFront caching of the API', () => {
  const behaviour = (pattern: string) =>
    distributionConfig().CacheBehaviors.find((b: any) => b.PathPattern === pattern);
  const cachePolicy = (pattern: string) => {
    const id = behaviour(pattern).CachePolicyId.Ref;
    return (templates.web.findResources('AWS::CloudFront::CachePolicy')[id] as any).Properties
      .CachePolicyConfig;
  };
  const order = () => distributionConfig().CacheBehaviors.map((b: any) => b.PathPattern);

  it('caches /api/static-map* by its whole query, as long as the handler says', () => {
    expect(order().indexOf('/api/static-map*')).toBeLessThan(order().indexOf('/api/*'));
    expect(behaviour('/api/static-map*').AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(behaviour('/api/static-map*').TargetOriginId).toBe(behaviour('/api/*').TargetOriginId);
    const policy = cachePolicy('/api/static-map*');
    expect(policy.MinTTL).toBe(0);
    expect(policy.DefaultTTL).toBe(0);
    // The handler's max-age fits under the policy's maximum, so CloudFront keeps the image that long.
    const maxAge = Number(/max-age=(\d+)/.exec(staticMapCacheControl)![1]);
    expect(policy.MaxTTL).toBeGreaterThanOrEqual(maxAge);
    expect(policy.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      QueryStringsConfig: { QueryStringBehavior: 'all' },
      HeadersConfig: { HeaderBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
    });
  });

  it("honours /api/listings* cache-control, keyed per Authorization so no caller's answer reaches another", () => {
    expect(order().indexOf('/api/listings*')).toBeLessThan(order().indexOf('/api/*'));
    expect(routesUnder('/api/listings*').map((route) => `${route.method} ${route.path}`)).toEqual([
      'GET /api/listings',
      'GET /api/listings/{id}',
    ]);
    expect(behaviour('/api/listings*').AllowedMethods).toEqual(['GET', 'HEAD']);
    const policy = cachePolicy('/api/listings*');
    expect([policy.MinTTL, policy.DefaultTTL]).toEqual([0, 0]);
    expect(policy.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      QueryStringsConfig: { QueryStringBehavior: 'all' },
      HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
    });
    // Everything else under /api/ stays uncached.
    expect(behaviour('/api/*').CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
  });

  it('never serves raw uploads: the images bucket denies CloudFront images/uploads/*', () => {
    const [bucketId] = Object.entries(templates.data.findResources('AWS::S3::Bucket')).find(([id]) =>
      id.startsWith('ImagesBucket'),
    )!;
    const policy = Object.values(templates.data.findResources('AWS::S3::BucketPolicy')).find(
      (p: any) => p.Properties.Bucket.Ref === bucketId,
    ) as any;
    const statements = policy.Properties.PolicyDocument.Statement as any[];
    const deny = statements.find((statement) => statement.Sid === 'CloudFrontNeverServesRawUploads');
    expect(deny).toMatchObject({
      Effect: 'Deny',
      Principal: { Service: 'cloudfront.amazonaws.com' },
      Action: 's3:GetObject',
    });
    expect(JSON.stringify(deny.Resource)).toContain(`/${rawUploadsKeyPrefix}*`);
    // The read it overrides covers the whole images/ prefix.
    const read = statements.find((statement) => statement.Sid === 'CloudFrontOriginAccessControlRead');
    expect(read.Effect).toBe('Allow');
  });
});
