// biome-ignore-all lint/suspicious/noExplicitAny: synthesized CloudFormation templates are untyped JSON
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CfnElement, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { unverifiedAccountsRemoval } from '../../functions/accounts/scheduled/schedule';
import { assetVersion } from '../../functions/content/publish';
import { type EventRule, eventBusName, eventRules, eventSources } from '../../functions/event-rules';
import { tableDesign } from '../../functions/lib/table-design';
import { searchSnapshotWriter } from '../../functions/listings/search/schedule';
import { searchSnapshotKeyPrefix } from '../../functions/listings/search/snapshot-store';
import {
  operatorTasks,
  scheduledTasks,
  stateMachines,
  workflowTasks,
} from '../../functions/orders/workflow/tasks';
import { type Route, routes } from '../../functions/routes';
import { streamConsumers } from '../../functions/stream-consumers';
import { buildApp, type VeloStacks } from '../../infra/app';
import { type DeployConfig, defaultEmailFrom, defaultOperatorEmail } from '../../infra/config/deploy-config';
import { logWriteActions, nativeModulesEnvironment, repoRoot } from '../../infra/lambda-bundling';
import {
  cognitoAdminActions,
  listingApprovalEnvironment,
  routeHandlerSettings,
} from '../../infra/stacks/api-stack';
import { cognitoTriggers } from '../../infra/stacks/auth-stack';
import { searchSnapshotWriterMemoryMb, streamConsumerSettings } from '../../infra/stacks/events-stack';
import { searchHandler } from '../../infra/stacks/handler-services';
import { siteOriginOf } from '../../infra/stacks/site-origin';
import { cognitoEndpoint, responseHeadersConfig, siteFilePatterns } from '../../infra/stacks/web-stack';
import { sweepSchedule, taskResponseActions } from '../../infra/stacks/workflow-stack';
import { contentSecurityPolicy, hstsMaxAgeSeconds, securityHeaders } from '../../infra/web-security';
import { siteSettings } from '../../shared/config/site';
import { devConfig, devWith, liveConfig } from './fixtures/configs';
import { synthStacks } from './fixtures/synth';

// Template assertions on the whole app, synthesized once with inline stubs instead of bundles.
// cdk-nag runs in this synth too (it throws on any unacknowledged finding); nag.test.ts says more.
let stacks: VeloStacks;
let templates: Record<keyof VeloStacks, Template>;

beforeAll(() => {
  ({ stacks, templates } = synthStacks());
});

const logicalId = (stack: Stack, construct: { node: { defaultChild?: unknown } }): string =>
  stack.resolve((construct.node.defaultChild as CfnElement).logicalId);

const resources = (template: Template, type: string) => Object.entries(template.findResources(type));

/** A role's statement for its own functions' log groups (grantOwnLogs), which every handler role has. */
const isOwnLogs = (statement: any) => JSON.stringify(statement.Action) === JSON.stringify(logWriteActions);
/** Active tracing's X-Ray writes (issue 27), on every function's role like its own logs. */
const isXrayWrites = (statement: any) =>
  JSON.stringify(statement.Action) === JSON.stringify(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']);

/** The Web stack's CloudFront Functions whose logical id starts with `name`. */
const cloudFrontFunctions = (name: string) =>
  resources(templates.web, 'AWS::CloudFront::Function').filter(([id]) => id.startsWith(name)) as [
    string,
    any,
  ][];

describe('app', () => {
  it('names every stack Velo<Stage><Concern> in the given account and region', () => {
    expect(Object.values(stacks).map((s) => s.stackName)).toEqual([
      'VeloDevData',
      'VeloDevAuth',
      'VeloDevEvents',
      'VeloDevWorkflow',
      'VeloDevApi',
      'VeloDevWeb',
      'VeloDevEdge',
      'VeloDevMonitoring',
    ]);
    // The CloudFront web ACL's stack is in us-east-1, where CloudFront reads web ACLs (issue 27).
    for (const stack of Object.values(stacks))
      expect([stack.account, stack.region]).toEqual([
        '123456789012',
        stack === stacks.edge ? 'us-east-1' : 'eu-west-1',
      ]);
  });

  it('protects the prod stacks from deletion, and no other stage (issue 26)', () => {
    for (const stack of Object.values(stacks)) expect(stack.terminationProtection).toBe(false);
    const { stacks: prod } = buildApp({
      bundling: 'none',
      siteDir: null,
      nag: false,
      config: liveConfig,
      env: { account: '123456789012', region: 'eu-west-1' },
    });
    expect(Object.values(prod).map((stack) => [stack.stackName, stack.terminationProtection])).toEqual(
      Object.values(prod).map((stack) => [stack.stackName, true]),
    );
  });

  it("falls back to a placeholder account without credentials; the region is the stage's", () => {
    const saved = { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION };
    delete process.env.CDK_DEFAULT_ACCOUNT;
    delete process.env.CDK_DEFAULT_REGION;
    try {
      const { stacks: fallback } = buildApp({
        bundling: 'none',
        siteDir: null,
        nag: false,
        stackPrefix: 'VeloTest',
      });
      expect([fallback.data.account, fallback.data.region, fallback.data.stackName]).toEqual([
        '000000000000',
        devConfig.region,
        'VeloTestData',
      ]);
    } finally {
      if (saved.account !== undefined) process.env.CDK_DEFAULT_ACCOUNT = saved.account;
      if (saved.region !== undefined) process.env.CDK_DEFAULT_REGION = saved.region;
    }
  });
});

describe('data stack', () => {
  it('builds the table from tableDesign', () => {
    const [[, table]] = resources(templates.data, 'AWS::DynamoDB::Table') as [[string, any]];
    const p = table.Properties;
    expect(p.KeySchema).toEqual([
      { AttributeName: tableDesign.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableDesign.sortKey, KeyType: 'RANGE' },
    ]);
    expect(
      p.GlobalSecondaryIndexes.map((index: any) => ({
        name: index.IndexName,
        partitionKey: index.KeySchema.find((k: any) => k.KeyType === 'HASH').AttributeName,
        sortKey: index.KeySchema.find((k: any) => k.KeyType === 'RANGE').AttributeName,
        projection: index.Projection.ProjectionType,
      })),
    ).toEqual(tableDesign.globalIndexes.map((index) => ({ ...index, projection: 'ALL' })));
    const keyNames = [
      tableDesign.partitionKey,
      tableDesign.sortKey,
      ...tableDesign.globalIndexes.flatMap((i) => [i.partitionKey, i.sortKey]),
    ];
    expect(p.AttributeDefinitions).toEqual(
      expect.arrayContaining(keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' }))),
    );
    expect(p.StreamSpecification).toEqual({ StreamViewType: tableDesign.stream });
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(p.DeletionProtectionEnabled).toBe(true);
    expect(p.TimeToLiveSpecification).toEqual({ AttributeName: 'expiresAt', Enabled: true });
    expect(table.DeletionPolicy).toBe('Retain');
  });

  it('expires uploads nobody turned into an image after a day', () => {
    const [[, bucket]] = resources(templates.data, 'AWS::S3::Bucket').filter(
      ([id]) => id === logicalId(stacks.data, stacks.data.imagesBucket),
    ) as [[string, any]];
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Prefix: 'images/uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
      ]),
    );
  });

  it('versions the images bucket; old versions go after 30 days (issue 26)', () => {
    const [[, bucket]] = resources(templates.data, 'AWS::S3::Bucket').filter(
      ([id]) => id === logicalId(stacks.data, stacks.data.imagesBucket),
    ) as [[string, any]];
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          NoncurrentVersionExpiration: { NoncurrentDays: 30 },
          ExpiredObjectDeleteMarker: true,
          Status: 'Enabled',
        }),
      ]),
    );
  });

  it('keeps the images bucket private, TLS-only, and readable by CloudFront under images/ only', () => {
    templates.data.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'images-bucket/' }),
    });
    const images = logicalId(stacks.data, stacks.data.imagesBucket);
    templates.data.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: images },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Sid: 'CloudFrontOriginAccessControlRead',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [images, 'Arn'] }, '/images/*']] },
          }),
        ]),
      },
    });
  });
});

describe('hosted content (data stack)', () => {
  const contentDir = path.join(repoRoot, 'infra', 'content', 'assets');

  it('publishes infra/content/assets as one version, then the alias after it, never pruning', () => {
    const version = assetVersion(contentDir);
    expect(stacks.data.contentVersion).toBe(version);
    const deployments = resources(templates.data, 'Custom::CDKBucketDeployment') as [string, any][];
    expect(deployments).toHaveLength(2);
    const byPrefix = (prefix: string) =>
      deployments.find(([, d]) => d.Properties.DestinationBucketKeyPrefix === prefix)!;
    const [contentId, content] = byPrefix(`assets/${version}/`);
    const [, alias] = byPrefix('assets/');
    const contentBucket = { Ref: logicalId(stacks.data, stacks.data.contentBucket) };
    for (const deployment of [content, alias]) {
      expect(deployment.Properties.DestinationBucketName).toEqual(contentBucket);
      expect(deployment.Properties.Prune).toBe(false);
    }
    expect(alias.DependsOn).toContain(contentId);
    // The alias is Source.jsonData: its marker-free content is the version.
    expect(JSON.stringify(alias.Properties.SourceMarkers ?? [])).not.toContain('<<marker');
    templates.data.hasOutput('ContentVersion', { Value: version });
  });

  it("gives asset readers GetObject on the content bucket's assets/* and ListBucket (404 for a missing asset), nothing else", () => {
    const policy = templates.data.findResources('AWS::IAM::ManagedPolicy')[
      logicalId(stacks.data, stacks.data.assetsReadPolicy)
    ] as any;
    const bucket = logicalId(stacks.data, stacks.data.contentBucket);
    expect(policy.Properties.PolicyDocument.Statement).toEqual([
      {
        Effect: 'Allow',
        Action: 's3:GetObject',
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket, 'Arn'] }, '/assets/*']] },
      },
      { Effect: 'Allow', Action: 's3:ListBucket', Resource: { 'Fn::GetAtt': [bucket, 'Arn'] } },
    ]);
  });

  it('deploys no content without the folder', () => {
    const { stacks: none } = buildApp({
      bundling: 'none',
      siteDir: null,
      contentDir: null,
      nag: false,
      stackPrefix: 'VeloNoContent',
      env: { account: '123456789012', region: 'eu-west-1' },
    });
    expect(none.data.contentVersion).toBeUndefined();
    Template.fromStack(none.data).resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});

describe('auth stack', () => {
  it('has a user pool with email as username, self sign-up, email verification and the spec password rule', () => {
    templates.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8 }) },
    });
    templates.auth.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain' });
  });

  it('has a web client without secret for USER_PASSWORD_AUTH, SRP and custom auth', () => {
    templates.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      // arrayWith keeps order: CDK lists the flows as password, custom, SRP, refresh.
      ExplicitAuthFlows: Match.arrayWith([
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_CUSTOM_AUTH',
        'ALLOW_USER_SRP_AUTH',
      ]),
      GenerateSecret: false,
      EnableTokenRevocation: true,
    });
  });

  it('attaches the triggers: custom auth, pre token generation V2_0, pre sign-up (no public SignUp) and the code e-mails', () => {
    const fnRef = (handler: string) => ({
      'Fn::GetAtt': [logicalId(stacks.auth, stacks.auth.triggers.get(handler)), 'Arn'],
    });
    templates.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        DefineAuthChallenge: fnRef(cognitoTriggers.defineAuthChallenge),
        CreateAuthChallenge: fnRef(cognitoTriggers.createAuthChallenge),
        VerifyAuthChallengeResponse: fnRef(cognitoTriggers.verifyAuthChallengeResponse),
        PreSignUp: fnRef(cognitoTriggers.preSignUp),
        CustomMessage: fnRef(cognitoTriggers.customMessage),
        PreTokenGenerationConfig: {
          LambdaArn: fnRef(cognitoTriggers.preTokenGeneration),
          LambdaVersion: 'V2_0',
        },
      },
      UserPoolTier: 'ESSENTIALS',
    });
    const permissions = resources(templates.auth, 'AWS::Lambda::Permission').map(
      ([, p]: [string, any]) => p.Properties,
    );
    expect(permissions).toHaveLength(6);
    for (const permission of permissions)
      expect(permission).toMatchObject({
        Principal: 'cognito-idp.amazonaws.com',
        Action: 'lambda:InvokeFunction',
      });
  });

  it('gives the verify trigger the table name and the triggers only UpdateItem on the table', () => {
    const verify = stacks.auth.triggers.get(cognitoTriggers.verifyAuthChallengeResponse);
    const [[, fn]] = resources(templates.auth, 'AWS::Lambda::Function').filter(
      ([id]) => id === logicalId(stacks.auth, verify),
    ) as [[string, any]];
    expect(Object.keys(fn.Properties.Environment.Variables)).toContain('TABLE_NAME');
    const statements = resources(templates.auth, 'AWS::IAM::Policy')
      .filter(([, policy]: [string, any]) => JSON.stringify(policy.Properties.Roles).includes('TriggerRole'))
      .flatMap(([, policy]: [string, any]) => policy.Properties.PolicyDocument.Statement)
      .filter((statement: any) => !isOwnLogs(statement) && !isXrayWrites(statement));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({ Action: 'dynamodb:UpdateItem', Effect: 'Allow' });
    expect(JSON.stringify(statements[0].Resource)).toContain('VeloDevData');
  });

  it('removes accounts never verified once a day: its role may delete users of this pool only', () => {
    const removal = stacks.auth.scheduledFunctions.get(unverifiedAccountsRemoval.handler);
    templates.auth.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(1 day)',
      Target: Match.objectLike({ Arn: { 'Fn::GetAtt': [logicalId(stacks.auth, removal), 'Arn'] } }),
    });
    const statements = resources(templates.auth, 'AWS::IAM::Policy').flatMap(
      ([, policy]: [string, any]) => policy.Properties.PolicyDocument.Statement,
    );
    const cognitoStatements = statements.filter((statement: any) =>
      JSON.stringify(statement.Action).includes('cognito-idp'),
    );
    expect(cognitoStatements).toHaveLength(1);
    expect(cognitoStatements[0]).toMatchObject({ Action: 'cognito-idp:AdminDeleteUser' });
    expect(JSON.stringify(cognitoStatements[0].Resource)).toContain('UserPool');
  });

  it('outputs the pool id, client id and issuer', () => {
    expect(Object.keys(templates.auth.findOutputs('*'))).toEqual(
      expect.arrayContaining(['UserPoolId', 'UserPoolClientId', 'Issuer']),
    );
  });
});

describe('social sign-in (only when configured at synth time)', () => {
  const social: Partial<DeployConfig> = {
    socialSignIn: {
      google: {
        clientId: 'google-client.apps.example',
        clientSecret: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:velo/google-AbCdEf',
      },
      facebook: { appId: '1234567890', appSecret: 'velo/dev/facebook-app-secret' },
      cognitoDomainPrefix: 'velo-test',
    },
    siteUrl: 'https://velo.example/',
  };

  function synthWith(change: Partial<DeployConfig>) {
    const built = buildApp({
      bundling: 'none',
      siteDir: null,
      config: devWith(change),
      env: { account: '123456789012', region: 'eu-west-1' },
    }).stacks;
    return { auth: Template.fromStack(built.auth), web: Template.fromStack(built.web), stacks: built };
  }

  it('adds the identity providers, a Cognito domain and the OAuth code flow to the web client', () => {
    const { auth, web, stacks: built } = synthWith(social);
    auth.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: Match.objectLike({
        client_id: 'google-client.apps.example',
        client_secret: Match.stringLikeRegexp('resolve:secretsmanager'),
        authorize_scopes: 'openid email profile',
      }),
      AttributeMapping: Match.objectLike({
        email: 'email',
        given_name: 'given_name',
        family_name: 'family_name',
      }),
    });
    auth.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Facebook',
      AttributeMapping: Match.objectLike({
        email: 'email',
        given_name: 'first_name',
        family_name: 'last_name',
      }),
    });
    auth.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'velo-test' });
    auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: Match.arrayWith(['openid', 'email', 'profile']),
      CallbackURLs: ['https://velo.example/confirm'],
      LogoutURLs: ['https://velo.example/'],
      SupportedIdentityProviders: ['COGNITO', 'Google', 'Facebook'],
    });
    expect(built.auth.socialSignIn).toEqual({
      idps: ['Google', 'Facebook'],
      oauth: {
        domain: 'velo-test.auth.eu-west-1.amazoncognito.com',
        scopes: ['openid', 'email', 'profile'],
        redirectSignIn: 'https://velo.example/confirm',
        redirectSignOut: 'https://velo.example/',
      },
    });
    const policy = Object.values(web.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0] as any;
    expect(JSON.stringify(policy)).toContain('https://velo-test.auth.eu-west-1.amazoncognito.com');
  });

  it("gives every Lambda that builds a site URL SITE_URL's origin as SITE_ORIGIN", () => {
    const { web, stacks: built } = synthWith({ siteUrl: 'https://velo.example/' });
    const originIn = (template: Template, id: string) =>
      (template.findResources('AWS::Lambda::Function')[id] as any).Properties.Environment.Variables
        .SITE_ORIGIN;
    expect(originIn(web, logicalId(built.web, built.web.pageRenderer))).toBe('https://velo.example');
    const api = Template.fromStack(built.api);
    const routeFunctions = Object.values(api.findResources('AWS::Lambda::Function')).filter((fn: any) =>
      /functions\/payments\//.test(fn.Properties.Description ?? ''),
    );
    expect(routeFunctions.length).toBeGreaterThan(10);
    for (const fn of routeFunctions as any[]) {
      expect(fn.Properties.Environment.Variables.SITE_ORIGIN, fn.Properties.Description).toBe(
        'https://velo.example',
      );
    }
    expect(siteOriginOf({})).toBe(siteSettings.canonicalOrigin);
    expect(siteOriginOf({ siteUrl: 'https://velo.example/shop' })).toBe('https://velo.example');
  });

  it('adds neither providers nor a domain without them', () => {
    templates.auth.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    templates.auth.resourceCountIs('AWS::Cognito::UserPoolDomain', 0);
    const client = Object.values(templates.auth.findResources('AWS::Cognito::UserPoolClient'))[0] as any;
    expect(client.Properties.SupportedIdentityProviders ?? ['COGNITO']).toEqual(['COGNITO']);
    expect(stacks.auth.socialSignIn).toEqual({ idps: [] });
  });

  it('defaults the Cognito domain to one per stage and account', () => {
    const { auth } = synthWith({ socialSignIn: { google: social.socialSignIn!.google! } });
    auth.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'velo-dev-123456789012' });
  });
});

describe('api stack', () => {
  const apiRoutes = routes as readonly Route[];

  it('has one HTTP route per route table entry, with the JWT authorizer exactly on user routes', () => {
    const found = resources(templates.api, 'AWS::ApiGatewayV2::Route').map(([, r]: [string, any]) => ({
      key: r.Properties.RouteKey,
      auth: r.Properties.AuthorizationType,
    }));
    expect(found).toHaveLength(apiRoutes.length);
    expect(found).toEqual(
      expect.arrayContaining(
        apiRoutes.map((route) => ({
          key: `${route.method} ${route.path}`,
          auth: route.auth === 'user' ? 'JWT' : 'NONE',
        })),
      ),
    );
    const authorizers = resources(templates.api, 'AWS::ApiGatewayV2::Authorizer');
    expect(authorizers).toHaveLength(1);
    const [[authorizerId]] = authorizers as [[string, unknown]];
    for (const [, r] of resources(templates.api, 'AWS::ApiGatewayV2::Route') as [string, any][]) {
      if (r.Properties.AuthorizationType === 'JWT')
        expect(r.Properties.AuthorizerId).toEqual({ Ref: authorizerId });
      else expect(r.Properties.AuthorizerId).toBeUndefined();
    }
  });

  it('checks Cognito access tokens: issuer of the pool, audience the web client', () => {
    templates.api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [Match.anyValue()],
        Issuer: { 'Fn::Join': ['', ['https://cognito-idp.eu-west-1.amazonaws.com/', Match.anyValue()]] },
      },
    });
  });

  it('routes each entry to the one Lambda of its handler module', () => {
    const handlers = [...new Set(apiRoutes.map((r) => r.handler))];
    expect(resources(templates.api, 'AWS::Lambda::Function')).toHaveLength(handlers.length);
    const integrations = Object.fromEntries(
      resources(templates.api, 'AWS::ApiGatewayV2::Integration').map(([id, r]: [string, any]) => [
        id,
        r.Properties.IntegrationUri['Fn::GetAtt'][0],
      ]),
    );
    for (const [, r] of resources(templates.api, 'AWS::ApiGatewayV2::Route') as [string, any][]) {
      const route = apiRoutes.find((x) => `${x.method} ${x.path}` === r.Properties.RouteKey)!;
      const integrationId = r.Properties.Target['Fn::Join'][1][1].Ref;
      expect(integrations[integrationId]).toBe(logicalId(stacks.api, stacks.api.functionFor(route.handler)));
    }
  });

  it('gives exactly the Cognito admin actions each account handler uses, on the pool, to the account role only', () => {
    const roleOf = (handler: string) =>
      (stacks.api.resolve((stacks.api.functionFor(handler).node.defaultChild as any).role) as any)[
        'Fn::GetAtt'
      ][0];
    const cognitoStatements = resources(templates.api, 'AWS::IAM::Policy').flatMap(([, p]: [string, any]) =>
      p.Properties.PolicyDocument.Statement.filter((s: any) =>
        [s.Action].flat().some((a: string) => a.startsWith('cognito-idp:')),
      ).map((s: any) => ({ roles: p.Properties.Roles.map((r: any) => r.Ref), statement: s })),
    );
    expect(cognitoStatements).toHaveLength(1);
    const [{ roles, statement }] = cognitoStatements as [{ roles: string[]; statement: any }];
    expect([...statement.Action].sort()).toEqual(
      [
        'cognito-idp:AdminCreateUser',
        'cognito-idp:AdminSetUserPassword',
        'cognito-idp:AdminDeleteUser',
        'cognito-idp:AdminGetUser',
      ].sort(),
    );
    expect(statement.Resource).toEqual({ 'Fn::ImportValue': expect.stringMatching(/UserPool/) });
    expect(Object.keys(cognitoAdminActions).sort()).toEqual([
      'accounts/http/change-email',
      'accounts/http/request-password-reset',
      'accounts/http/signup',
    ]);
    for (const handler of Object.keys(cognitoAdminActions)) expect(roles).toEqual([roleOf(handler)]);
    for (const handler of [
      'accounts/http/me',
      'accounts/http/change-password',
      'accounts/http/set-avatar',
      'listings/http/search',
    ])
      expect(roleOf(handler)).not.toBe(roles[0]);
  });

  it('runs the image handlers (sharp) on x86_64 with sharp installed for linux-x64; every other on arm64', () => {
    const imageHandlers = ['accounts/http/set-avatar', 'listings/http/images/add', 'places/http/static-map'];
    for (const handler of imageHandlers) {
      expect(routeHandlerSettings[handler]?.nodeModules).toContain('sharp');
    }
    for (const [, fn] of resources(templates.api, 'AWS::Lambda::Function') as [string, any][]) {
      const image = imageHandlers.some(
        (handler) => fn.Properties.Description === `Velo Exchange handler functions/${handler}.ts`,
      );
      expect(fn.Properties.Architectures, fn.Properties.Description).toEqual([image ? 'x86_64' : 'arm64']);
      if (image) expect([fn.Properties.MemorySize, fn.Properties.Timeout]).toEqual([1536, 25]);
    }
    expect(nativeModulesEnvironment(lambda.Architecture.X86_64)).toMatchObject({
      npm_config_os: 'linux',
      npm_config_cpu: 'x64',
      npm_config_libc: 'glibc',
    });
    expect(nativeModulesEnvironment(lambda.Architecture.ARM_64).npm_config_cpu).toBe('arm64');
  });

  it('gives the route handlers the table, images and order state machine (no events: the outbox publishes)', () => {
    for (const [, fn] of resources(templates.api, 'AWS::Lambda::Function') as [string, any][]) {
      expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'IMAGES_BUCKET', 'EVENT_BUS_NAME', 'ORDER_STATE_MACHINE_ARN']),
      );
    }
    const actions = resources(templates.api, 'AWS::IAM::Policy').flatMap(([, p]: [string, any]) =>
      p.Properties.PolicyDocument.Statement.flatMap((s: any) => s.Action),
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'states:StartExecution',
        'states:SendTaskSuccess',
        'states:SendTaskFailure',
        'dynamodb:Query',
        'dynamodb:PutItem',
      ]),
    );
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions).not.toContain('events:PutEvents');
    templates.api.hasResourceProperties('AWS::IAM::Role', {
      ManagedPolicyArns: Match.arrayWith([
        { 'Fn::ImportValue': Match.stringLikeRegexp('ImagesObjectAccess') },
      ]),
    });
    // The listing-live mail (publish) goes through SES from the configured sender.
    expect(actions).toContain('ses:SendEmail');
    for (const [, fn] of resources(templates.api, 'AWS::Lambda::Function') as [string, any][]) {
      expect(fn.Properties.Environment.Variables.EMAIL_FROM).toBe(defaultEmailFrom);
    }
  });

  it('serves hosted assets on a greedy route, invocable by the API (not a route template ARN), reading assets/*', () => {
    const route = apiRoutes.find((r) => r.handler === 'content/http/get-asset')!;
    expect(route).toMatchObject({ method: 'GET', path: '/api/assets/{version}/{path+}', auth: 'public' });
    templates.api.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'GET /api/assets/{version}/{path+}',
      AuthorizationType: 'NONE',
    });
    const fn = logicalId(stacks.api, stacks.api.functionFor('content/http/get-asset'));
    const permissions = resources(templates.api, 'AWS::Lambda::Permission')
      .map(([, p]: [string, any]) => p.Properties)
      .filter((p) => p.FunctionName['Fn::GetAtt']?.[0] === fn);
    expect(permissions).toHaveLength(1);
    const sourceArn = JSON.stringify(permissions[0].SourceArn);
    expect(sourceArn).toMatch(/\/\*\/\*\/\*"\]\]\}$/);
    expect(sourceArn).not.toContain('{path+}');
    templates.api.hasResourceProperties('AWS::IAM::Role', {
      ManagedPolicyArns: Match.arrayWith([{ 'Fn::ImportValue': Match.stringLikeRegexp('AssetsReadAccess') }]),
    });
  });

  it('logs access and throttles the $default stage', () => {
    templates.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: Match.anyValue() }),
    });
  });
});

describe('every handler Lambda', () => {
  it('is nodejs22.x on arm64 (but the sharp one) with source maps enabled and its own log group', () => {
    let count = 0;
    for (const name of ['api', 'events', 'workflow'] as const) {
      for (const [, fn] of resources(templates[name], 'AWS::Lambda::Function') as [string, any][]) {
        count++;
        expect(fn.Properties.Runtime).toBe('nodejs22.x');
        const handler = /functions\/(.+)\.ts$/.exec(fn.Properties.Description)![1]!;
        const x86 =
          name === 'api' && routeHandlerSettings[handler]?.architecture === lambda.Architecture.X86_64;
        expect(fn.Properties.Architectures).toEqual([x86 ? 'x86_64' : 'arm64']);
        expect(fn.Properties.Environment.Variables).toMatchObject({
          NODE_OPTIONS: '--enable-source-maps',
          TABLE_NAME: expect.anything(),
          EVENT_BUS_NAME: expect.anything(),
        });
        expect(fn.Properties.LoggingConfig.LogGroup).toBeDefined();
      }
    }
    const distinct = new Set([
      ...(routes as readonly Route[]).map((r) => `api:${r.handler}`),
      ...eventRules.map((r) => `rule:${r.handler}`),
      ...streamConsumers.map((c) => `stream:${c.handler}`),
      ...Object.values(workflowTasks).map((h) => `task:${h}`),
      ...Object.values(scheduledTasks).map((h) => `scheduled:${h}`),
      `scheduled:${searchSnapshotWriter.handler}`,
      ...Object.values(operatorTasks).map((h) => `operator:${h}`),
    ]);
    expect(count).toBe(distinct.size);
  });
});

describe('workflow stack', () => {
  it('fills every substitution of each ASL file with the ARN of its task Lambda', () => {
    for (const [name, machine] of Object.entries(stateMachines)) {
      const id = logicalId(
        stacks.workflow,
        stacks.workflow.stateMachines[name as keyof typeof stateMachines],
      );
      const sm = templates.workflow.findResources('AWS::StepFunctions::StateMachine')[id] as any;
      expect(sm.Properties.StateMachineType).toBe('STANDARD');
      expect(sm.Properties.DefinitionS3Location).toBeDefined();
      const substitutions: Record<string, unknown> = sm.Properties.DefinitionSubstitutions;
      expect(Object.keys(substitutions).sort()).toEqual(machine.tasks.map((t) => `${t}FunctionArn`).sort());
      for (const task of machine.tasks) {
        const fn = stacks.workflow.taskFunctions.get(workflowTasks[task]);
        expect(substitutions[`${task}FunctionArn`]).toEqual({
          'Fn::GetAtt': [logicalId(stacks.workflow, fn), 'Arn'],
        });
      }
      // What CloudFormation does with DefinitionSubstitutions: nothing may remain unsubstituted.
      const asl = readFileSync(path.join(repoRoot, machine.file), 'utf8');
      const substituted = asl.replace(/\$\{([^}]+)\}/g, (whole, key: string) =>
        key in substitutions ? `arn:aws:lambda:eu-west-1:123456789012:function:${key}` : whole,
      );
      expect(substituted).not.toContain('${');
      expect(() => JSON.parse(substituted)).not.toThrow();
    }
  });

  it('logs ALL events, traces with X-Ray and may invoke exactly its task functions', () => {
    templates.workflow.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      LoggingConfiguration: Match.objectLike({ Level: 'ALL', IncludeExecutionData: true }),
      TracingConfiguration: { Enabled: true },
    });
    const taskArns = Object.values(workflowTasks).map((h) => ({
      'Fn::GetAtt': [logicalId(stacks.workflow, stacks.workflow.taskFunctions.get(h)), 'Arn'],
    }));
    templates.workflow.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          { Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: Match.arrayEquals(taskArns) },
        ]),
      },
    });
  });

  it('runs the order machine Plan -> Await (callback, timeout from the plan) -> FireTimer, under a fixed name', () => {
    expect(stateMachines.order.tasks).toEqual(['Plan', 'SaveTaskToken', 'FireTimer']);
    const asl = JSON.parse(readFileSync(path.join(repoRoot, stateMachines.order.file), 'utf8'));
    expect(asl.States.Await).toMatchObject({
      Resource: 'arn:aws:states:::lambda:invoke.waitForTaskToken',
      TimeoutSecondsPath: '$.waitSeconds',
    });
    for (const task of ['Plan', 'FireTimer']) expect(asl.States[task].TimeoutSeconds).toBe(30);
    templates.workflow.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      StateMachineName: 'VeloDevWorkflow-order',
    });
  });

  it('lets the task functions answer task tokens of the order machine (ARN by name, no cycle)', () => {
    const taskFn = templates.workflow.findResources('AWS::Lambda::Function')[
      logicalId(stacks.workflow, stacks.workflow.taskFunctions.get(workflowTasks.FireTimer))
    ] as any;
    const arnVariable = JSON.stringify(taskFn.Properties.Environment.Variables.ORDER_STATE_MACHINE_ARN);
    expect(arnVariable).toContain(':states:');
    expect(arnVariable).toContain(':stateMachine:VeloDevWorkflow-order');
    templates.workflow.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Action: [...taskResponseActions], Effect: 'Allow' })]),
      },
      Roles: [{ Ref: Match.stringLikeRegexp('^TaskHandlerRole') }],
    });
  });

  it('runs the deadline sweeper every 5 minutes on EventBridge Scheduler, with StartExecution and SendTask*', () => {
    const sweep = stacks.workflow.scheduledFunctions.get(scheduledTasks.SweepDue);
    const sweepId = logicalId(stacks.workflow, sweep);
    const orderRef = { Ref: logicalId(stacks.workflow, stacks.workflow.stateMachines.order) };
    const schedules = resources(templates.workflow, 'AWS::Scheduler::Schedule');
    expect(schedules).toHaveLength(1);
    const schedule = schedules[0]![1] as any;
    expect(schedule.Properties).toMatchObject({
      ScheduleExpression: sweepSchedule,
      State: 'ENABLED',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: { Arn: { 'Fn::GetAtt': [sweepId, 'Arn'] }, Input: '{}' },
    });
    expect(sweepSchedule).toBe('rate(5 minutes)');
    // The scheduler's role may invoke exactly the sweeper.
    templates.workflow.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: [
          { Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: { 'Fn::GetAtt': [sweepId, 'Arn'] } },
        ],
      },
    });
    templates.workflow.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          { Action: 'states:StartExecution', Effect: 'Allow', Resource: orderRef },
          { Action: [...taskResponseActions], Effect: 'Allow', Resource: orderRef },
        ]),
      },
      Roles: [{ Ref: Match.stringLikeRegexp('^ScheduledHandlerRole') }],
    });
    const fn = templates.workflow.findResources('AWS::Lambda::Function')[sweepId] as any;
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(
      expect.arrayContaining(['TABLE_NAME', 'EVENT_BUS_NAME', 'ORDER_STATE_MACHINE_ARN']),
    );
    // Timers run at real speed in AWS: no scaling, overrides or wait cap there.
    for (const [, f] of resources(templates.workflow, 'AWS::Lambda::Function') as [string, any][])
      for (const name of ['VELO_TIMER_SCALE', 'VELO_TIMER_OVERRIDES', 'ORDER_TIMER_MAX_WAIT_SECONDS'])
        expect(f.Properties.Environment.Variables).not.toHaveProperty(name);
  });
});

describe('events stack', () => {
  it('has the bus of functions/event-rules.ts with an archive of every marketplace source', () => {
    templates.events.hasResourceProperties('AWS::Events::EventBus', { Name: `${eventBusName}-dev` });
    templates.events.hasResourceProperties('AWS::Events::Archive', {
      EventPattern: { source: Object.values(eventSources) },
      RetentionDays: Match.anyValue(),
    });
    // No empty key id (aws-cdk#37847): CloudFormation would refuse the archive.
    templates.events.hasResourceProperties('AWS::Events::Archive', { KmsKeyIdentifier: Match.absent() });
    // Kept when the stack is deleted (issue 26).
    templates.events.hasResource('AWS::Events::Archive', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });

  it('has one rule per eventRules entry, targeting the Lambda of its handler with a dead-letter queue', () => {
    const rules = resources(templates.events, 'AWS::Events::Rule') as [string, any][];
    expect(rules).toHaveLength(eventRules.length);
    for (const rule of eventRules as readonly EventRule[]) {
      const fnId = logicalId(stacks.events, stacks.events.ruleFunctions.get(rule.handler));
      const match = rules.find(([, r]) => r.Properties.Targets[0].Arn['Fn::GetAtt'][0] === fnId);
      expect(match, rule.name).toBeDefined();
      expect(match![1].Properties.EventPattern).toEqual({
        source: [...rule.sources],
        ...(rule.detailTypes ? { 'detail-type': [...rule.detailTypes] } : {}),
      });
      expect(match![1].Properties.Targets[0].DeadLetterConfig).toBeDefined();
    }
  });

  it("keeps each rule handler's failed invocations (the ledger's too) in a queue after two retries (issue 26)", () => {
    const configs = resources(templates.events, 'AWS::Lambda::EventInvokeConfig') as [string, any][];
    const queueId = resources(templates.events, 'AWS::SQS::Queue')
      .map(([id]) => id)
      .find((id) => id.startsWith('FailedInvocationsQueue'));
    expect(queueId).toBeDefined();
    for (const rule of eventRules as readonly EventRule[]) {
      const fnId = logicalId(stacks.events, stacks.events.ruleFunctions.get(rule.handler));
      const config = configs.find(([, c]) => c.Properties.FunctionName.Ref === fnId)?.[1];
      expect(config, rule.name).toBeDefined();
      expect(config.Properties).toMatchObject({
        MaximumRetryAttempts: 2,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
      });
    }
  });

  it('keeps the failed invocations of every asynchronously invoked function, in every stack (issue 26)', () => {
    // Asynchronous: the targets of EventBridge rules and of EventBridge Scheduler schedules.
    let checked = 0;
    for (const [name, template] of Object.entries(templates)) {
      const targets = [
        ...resources(template, 'AWS::Events::Rule').flatMap(([, r]: [string, any]) =>
          r.Properties.Targets.map((t: any) => t.Arn),
        ),
        ...resources(template, 'AWS::Scheduler::Schedule').map(
          ([, s]: [string, any]) => s.Properties.Target.Arn,
        ),
      ]
        .map((arn: any) => arn?.['Fn::GetAtt']?.[0])
        .filter(
          (id: string | undefined) => id && template.toJSON().Resources[id].Type === 'AWS::Lambda::Function',
        );
      const configs = resources(template, 'AWS::Lambda::EventInvokeConfig') as [string, any][];
      for (const fnId of targets) {
        const config = configs.find(([, c]) => c.Properties.FunctionName.Ref === fnId)?.[1];
        expect(config, `${name} ${fnId}`).toBeDefined();
        expect(JSON.stringify(config.Properties.DestinationConfig.OnFailure.Destination), fnId).toMatch(
          /FailedInvocationsQueue/,
        );
        checked++;
      }
    }
    // The ledger, the search snapshot writer, the unverified accounts' removal, the deadline sweeper.
    expect(checked).toBe(eventRules.length + 3);
  });

  it('retries the finance audit log target and keeps what it cannot deliver (issue 26)', () => {
    const logTargets = resources(templates.events, 'AWS::Events::Rule').flatMap(([, r]: [string, any]) =>
      r.Properties.Targets.filter((t: any) => JSON.stringify(t.Arn).includes('log-group')),
    );
    expect(logTargets.length).toBeGreaterThan(0);
    for (const target of logTargets) {
      expect(target).toMatchObject({
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [expect.stringMatching(/^DeadLetterQueue/), 'Arn'] } },
        RetryPolicy: { MaximumRetryAttempts: 8, MaximumEventAgeInSeconds: 86_400 },
      });
    }
  });

  it('attaches each stream consumer to the table stream with its key filter and failure handling', () => {
    const mappings = resources(templates.events, 'AWS::Lambda::EventSourceMapping') as [string, any][];
    expect(mappings).toHaveLength(streamConsumers.length);
    for (const consumer of streamConsumers) {
      const fnId = logicalId(stacks.events, stacks.events.streamFunctions.get(consumer.handler));
      const mapping = mappings.find(([, m]) => m.Properties.FunctionName.Ref === fnId)?.[1];
      expect(mapping, consumer.name).toBeDefined();
      expect(mapping.Properties).toMatchObject({
        BatchSize: streamConsumerSettings.batchSize,
        BisectBatchOnFunctionError: true,
        MaximumRetryAttempts: streamConsumerSettings.retryAttempts,
        MaximumRecordAgeInSeconds: 6 * 3600,
        StartingPosition: 'TRIM_HORIZON',
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        DestinationConfig: { OnFailure: { Destination: expect.anything() } },
      });
      expect(JSON.parse(mapping.Properties.FilterCriteria.Filters[0].Pattern)).toEqual({
        dynamodb: { Keys: { PK: { S: consumer.keyPrefixes.map((prefix) => ({ prefix })) } } },
      });
    }
  });

  it('order e-mails: the stream consumer and the sweeper may send through SES, with the sender, operator and site', () => {
    const sesStatement = Match.objectLike({
      Action: 'ses:SendEmail',
      Effect: 'Allow',
      Resource: [
        Match.objectLike({
          'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':identity/veloexchange.com$')])],
        }),
        Match.objectLike({
          'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':identity/no-reply@veloexchange.com$')])],
        }),
      ],
    });
    const emailVariables = {
      EMAIL_FROM: defaultEmailFrom,
      VELO_OPERATOR_EMAIL: defaultOperatorEmail,
      SITE_ORIGIN: expect.stringMatching(/^https?:\/\//),
    };
    templates.events.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: Match.arrayWith([sesStatement]) },
      Roles: [{ Ref: Match.stringLikeRegexp('^StreamHandlerRole') }],
    });
    const streamFn = stacks.events.streamFunctions.get('orders/transaction-stream');
    const streamProps = (
      templates.events.findResources('AWS::Lambda::Function')[logicalId(stacks.events, streamFn)] as any
    ).Properties;
    expect(streamProps.Environment.Variables).toMatchObject(emailVariables);
    templates.workflow.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: Match.arrayWith([sesStatement]) },
      Roles: [{ Ref: Match.stringLikeRegexp('^ScheduledHandlerRole') }],
    });
    const sweep = stacks.workflow.scheduledFunctions.get(scheduledTasks.SweepDue);
    const sweepProps = (
      templates.workflow.findResources('AWS::Lambda::Function')[logicalId(stacks.workflow, sweep)] as any
    ).Properties;
    expect(sweepProps.Environment.Variables).toMatchObject(emailVariables);
  });
});

describe('the table stream (issue 26)', () => {
  const tableStreamMappings = () =>
    Object.values(templates)
      .flatMap((template) => resources(template, 'AWS::Lambda::EventSourceMapping') as [string, any][])
      .filter(([, m]) => JSON.stringify(m.Properties.EventSourceArn).includes('StreamArn'));
  const statementsOfRole = (template: Template, roleId: string) =>
    (resources(template, 'AWS::IAM::Policy') as [string, any][])
      .filter(([, policy]) => JSON.stringify(policy.Properties.Roles).includes(`"${roleId}"`))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as any[]);
  const roleOf = (handler: string) => {
    const fnId = logicalId(stacks.events, stacks.events.streamFunctions.get(handler));
    return (templates.events.findResources('AWS::Lambda::Function')[fnId] as any).Properties.Role[
      'Fn::GetAtt'
    ][0] as string;
  };
  const actionsOf = (statements: any[]) => statements.flatMap((statement) => [statement.Action].flat());

  it('has at most two readers (DynamoDB advises), each answering partial-batch responses', () => {
    const mappings = tableStreamMappings();
    expect(mappings.length).toBeGreaterThan(0);
    expect(mappings.length).toBeLessThanOrEqual(2);
    for (const [, mapping] of mappings) {
      expect(mapping.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    }
  });

  it('the search consumer has its own role: two item writes on the table, no SES, no events:PutEvents', () => {
    const searchRole = roleOf('listings/search/index-stream');
    const dispatcherRole = roleOf('orders/transaction-stream');
    expect(searchRole).not.toBe(dispatcherRole);
    const statements = statementsOfRole(templates.events, searchRole);
    const actions = actionsOf(statements);
    expect(actions.filter((action) => /^(ses|events):/.test(action))).toEqual([]);
    const tableActions = statements.filter((statement) =>
      [statement.Action]
        .flat()
        .some((action: string) =>
          /^dynamodb:(?!ListStreams|DescribeStream|GetRecords|GetShardIterator)/.test(action),
        ),
    );
    expect(tableActions.flatMap((statement) => [statement.Action].flat()).sort()).toEqual([
      'dynamodb:BatchWriteItem',
      'dynamodb:UpdateItem',
    ]);
    expect(JSON.stringify(tableActions.map((statement) => statement.Resource))).not.toContain('/index/');
  });

  it('the transaction dispatcher (the outbox publisher) may put events on the bus and send mail', () => {
    const actions = actionsOf(statementsOfRole(templates.events, roleOf('orders/transaction-stream')));
    expect(actions).toEqual(
      expect.arrayContaining(['events:PutEvents', 'ses:SendEmail', 'dynamodb:GetItem']),
    );
  });
});

describe('search snapshots and the search route (issue 23)', () => {
  const policyNamed = (template: Template, pattern: RegExp) =>
    (resources(template, 'AWS::IAM::ManagedPolicy') as [string, any][]).find(([id]) => pattern.test(id))!;
  const statementsOf = (policy: any) => policy.Properties.PolicyDocument.Statement as any[];
  const snapshotObjects = (statement: any) =>
    JSON.stringify(statement.Resource).includes(`/${searchSnapshotKeyPrefix}*`);

  it('runs the snapshot writer every 10 minutes on EventBridge Scheduler, invoking exactly it', () => {
    const writer = stacks.events.scheduledFunctions.get(searchSnapshotWriter.handler);
    const writerId = logicalId(stacks.events, writer);
    const schedules = resources(templates.events, 'AWS::Scheduler::Schedule');
    expect(schedules).toHaveLength(1);
    expect((schedules[0]![1] as any).Properties).toMatchObject({
      ScheduleExpression: 'rate(10 minutes)',
      State: 'ENABLED',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: { Arn: { 'Fn::GetAtt': [writerId, 'Arn'] }, Input: '{}' },
    });
    templates.events.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: [
          { Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: { 'Fn::GetAtt': [writerId, 'Arn'] } },
        ],
      },
    });
    const fn = templates.events.findResources('AWS::Lambda::Function')[writerId] as any;
    expect(fn.Properties.MemorySize).toBe(searchSnapshotWriterMemoryMb);
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(
      expect.arrayContaining(['TABLE_NAME', 'IMAGES_BUCKET']),
    );
  });

  it('lets the writer read, write and delete snapshots/* only, and the search route only read them', () => {
    const [, write] = policyNamed(templates.data, /^SearchSnapshotsWriteAccess/);
    const [, read] = policyNamed(templates.data, /^SearchSnapshotsReadAccess/);
    expect(statementsOf(write)).toHaveLength(1);
    expect(statementsOf(write)[0]).toMatchObject({
      Action: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
    });
    expect(snapshotObjects(statementsOf(write)[0])).toBe(true);
    expect(statementsOf(read)).toEqual([expect.objectContaining({ Action: 's3:GetObject' })]);
    expect(snapshotObjects(statementsOf(read)[0])).toBe(true);
    templates.events.hasResourceProperties('AWS::IAM::Role', {
      ManagedPolicyArns: Match.arrayWith([
        { 'Fn::ImportValue': Match.stringLikeRegexp('SearchSnapshotsWriteAccess') },
      ]),
    });
  });

  it('gives the search route a full vCPU (1,769 MB) and a role that reads the table and the snapshots, nothing else', () => {
    const search = stacks.api.functionFor(searchHandler);
    const fn = templates.api.findResources('AWS::Lambda::Function')[logicalId(stacks.api, search)] as any;
    expect(fn.Properties.MemorySize).toBe(1769);
    const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
    expect(roleId).toMatch(/^SearchHandlerRole/);
    const role = templates.api.findResources('AWS::IAM::Role')[roleId] as any;
    expect(role.Properties.ManagedPolicyArns).toEqual(
      expect.arrayContaining([{ 'Fn::ImportValue': expect.stringMatching(/SearchSnapshotsReadAccess/) }]),
    );
    expect(JSON.stringify(role.Properties.ManagedPolicyArns)).not.toMatch(
      /ImagesObjectAccess|AssetsReadAccess/,
    );
    const actions = (resources(templates.api, 'AWS::IAM::Policy') as [string, any][])
      .filter(([, policy]) => policy.Properties.Roles.some((r: any) => r.Ref === roleId))
      .flatMap(([, policy]) => statementsOf(policy).flatMap((s) => s.Action));
    expect(actions.filter((action: string) => action.startsWith('dynamodb:')).sort()).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:GetItem',
      'dynamodb:Query',
    ]);
    expect(actions.filter((action: string) => /^(dynamodb|s3|events|states|ses):/.test(action)).length).toBe(
      3,
    );
  });
});

describe('web stack', () => {
  it('sends the security headers of web-security.ts (CSP allowing Cognito, uploads to the images bucket and its presigned photo links, HSTS, nosniff, referrer, frame)', () => {
    const expected = securityHeaders({ connect: [cognitoEndpoint('eu-west-1')] });
    // The images bucket's domain comes from the Data stack: the CSP is joined around its import.
    const bucketDomain = '@@IMAGES_BUCKET_DOMAIN@@';
    const [before, middle, after] = contentSecurityPolicy({
      connect: ['https://cognito-idp.eu-west-1.amazonaws.com', `https://${bucketDomain}`],
      images: [`https://${bucketDomain}`],
    }).split(bucketDomain);
    templates.web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          ContentSecurityPolicy: {
            ContentSecurityPolicy: {
              'Fn::Join': [
                '',
                [
                  before,
                  { 'Fn::ImportValue': Match.stringLikeRegexp('ImagesBucket') },
                  middle,
                  { 'Fn::ImportValue': Match.stringLikeRegexp('ImagesBucket') },
                  after,
                ],
              ],
            },
            Override: true,
          },
          StrictTransportSecurity: {
            AccessControlMaxAgeSec: hstsMaxAgeSeconds,
            IncludeSubdomains: true,
            Preload: true,
            Override: true,
          },
          ContentTypeOptions: { Override: true },
          ReferrerPolicy: { ReferrerPolicy: expected['referrer-policy'], Override: true },
          FrameOptions: { FrameOption: expected['x-frame-options'], Override: true },
        },
        CustomHeadersConfig: {
          Items: [{ Header: 'permissions-policy', Value: expected['permissions-policy'], Override: true }],
        },
      }),
    });
  });

  it('refuses headers CloudFront cannot send as configured', () => {
    expect(() => responseHeadersConfig({ 'x-frame-options': 'ALLOW-FROM https://x' })).toThrow(
      /x-frame-options/,
    );
    expect(() => responseHeadersConfig({ 'strict-transport-security': 'includeSubDomains' })).toThrow(
      /max-age/,
    );
  });

  it('serves pages, the site files, /api/* and /images/* through one distribution', () => {
    const [[, dist]] = resources(templates.web, 'AWS::CloudFront::Distribution') as [[string, any]];
    const config = dist.Properties.DistributionConfig;
    const origin = (id: string) => config.Origins.find((o: any) => o.Id === id);
    // Precedence order: the API and images before the site's files (`/api/assets/…/x.json` has a dot).
    expect(config.CacheBehaviors.map((b: any) => b.PathPattern)).toEqual([
      // The API paths CloudFront caches as their handlers say (issue 27: tests/infra/edge.test.ts).
      '/api/static-map*',
      '/api/listings*',
      '/api/*',
      '/images/*',
      ...siteFilePatterns,
    ]);
    const byPath = Object.fromEntries(config.CacheBehaviors.map((b: any) => [b.PathPattern, b]));

    // API: never cached, every viewer header except Host, all methods, HTTPS to the execute-api domain.
    expect(byPath['/api/*']).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
    });
    const apiOrigin = origin(byPath['/api/*'].TargetOriginId);
    expect(JSON.stringify(apiOrigin.DomainName)).toContain('.execute-api.eu-west-1.');
    expect(apiOrigin.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });

    // Images: the Data stack's bucket through OAC, cached long.
    const imagesOrigin = origin(byPath['/images/*'].TargetOriginId);
    expect(imagesOrigin.OriginAccessControlId).toBeDefined();
    expect(JSON.stringify(imagesOrigin.DomainName)).toContain('ImagesBucket');
    const imagesCache = templates.web.findResources('AWS::CloudFront::CachePolicy')[
      byPath['/images/*'].CachePolicyId.Ref
    ] as any;
    expect(imagesCache.Properties.CachePolicyConfig.DefaultTTL).toBeGreaterThanOrEqual(86_400 * 365);

    // Site files (hashed build, /config.json, /favicon.svg, social images…): the site bucket through OAC.
    const siteOriginId = byPath['/assets/*'].TargetOriginId;
    expect(byPath['/*.*'].TargetOriginId).toBe(siteOriginId);
    expect(origin(siteOriginId).DomainName).toEqual({
      'Fn::GetAtt': [logicalId(stacks.web, stacks.web.siteBucket), 'RegionalDomainName'],
    });
    expect(origin(siteOriginId).OriginAccessControlId).toBeDefined();
    for (const pattern of siteFilePatterns) {
      expect(byPath[pattern].CachePolicyId).toBe('658327ea-f89d-4fab-a63d-7e88639e58f6'); // Managed-CachingOptimized
    }
    const functionRef = (id: string) => ({ 'Fn::GetAtt': [id, 'FunctionARN'] });
    const [spaRewriteId] = cloudFrontFunctions('SpaRewrite')[0]!;
    expect(byPath['/*.*'].FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: functionRef(spaRewriteId) },
    ]);
    expect(byPath['/assets/*'].FunctionAssociations).toBeUndefined();

    // Pages (everything else, `/` included): the head renderer's Function URL through OAC, 60 s.
    expect(config.DefaultRootObject).toBeUndefined();
    const pages = config.DefaultCacheBehavior;
    const pagesOrigin = origin(pages.TargetOriginId);
    expect(pagesOrigin.DomainName).toEqual({
      'Fn::Select': [
        2,
        {
          'Fn::Split': [
            '/',
            { 'Fn::GetAtt': [logicalId(stacks.web, stacks.web.pageRendererUrl), 'FunctionUrl'] },
          ],
        },
      ],
    });
    expect(pagesOrigin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    const oac = templates.web.findResources('AWS::CloudFront::OriginAccessControl')[
      pagesOrigin.OriginAccessControlId['Fn::GetAtt'][0]
    ] as any;
    expect(oac.Properties.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 'lambda',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });
    expect(pages.AllowedMethods).toEqual(['GET', 'HEAD']);
    // No viewer header reaches the renderer: its origin is SITE_ORIGIN.
    expect(pages.FunctionAssociations).toBeUndefined();
    const pagesCache = templates.web.findResources('AWS::CloudFront::CachePolicy')[
      pages.CachePolicyId.Ref
    ] as any;
    expect(pagesCache.Properties.CachePolicyConfig).toMatchObject({
      MinTTL: 0,
      DefaultTTL: 60,
      ParametersInCacheKeyAndForwardedToOrigin: {
        HeadersConfig: { HeaderBehavior: 'none' },
        QueryStringsConfig: { QueryStringBehavior: 'none' },
        CookiesConfig: { CookieBehavior: 'none' },
        EnableAcceptEncodingGzip: true,
        EnableAcceptEncodingBrotli: true,
      },
    });

    const policyRef = { Ref: logicalId(stacks.web, stacks.web.responseHeadersPolicy) };
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behavior.ResponseHeadersPolicyId).toEqual(policyRef);
    }
    expect(config.Logging).toBeDefined();
  });

  it('rewrites paths of the file behaviour that are not files to /index.html', () => {
    const [, fn] = cloudFrontFunctions('SpaRewrite')[0]!;
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (e: unknown) => {
      uri: string;
    };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/v1.2/page')).toBe('/index.html');
    expect(rewrite('/assets/index-3f2a.js')).toBe('/assets/index-3f2a.js');
    expect(rewrite('/favicon.svg')).toBe('/favicon.svg');
    expect(rewrite('/social-image-1200x630.png')).toBe('/social-image-1200x630.png');
  });

  it('has no CloudFront function that passes a viewer origin on', () => {
    expect(cloudFrontFunctions('ViewerOrigin')).toEqual([]);
    expect(Object.keys(templates.web.findResources('AWS::CloudFront::Function'))).toHaveLength(1);
  });

  it('runs the head renderer with read-only access: GetItem, index.html and the hosted assets', () => {
    const renderer = logicalId(stacks.web, stacks.web.pageRenderer);
    const fn = templates.web.findResources('AWS::Lambda::Function')[renderer] as any;
    expect(fn.Properties.Description).toBe('Velo Exchange handler functions/content/http/render-page.ts');
    expect(fn.Properties.Runtime).toBe('nodejs22.x');
    expect(fn.Properties.Architectures).toEqual(['arm64']);
    expect(fn.Properties.Environment.Variables).toMatchObject({
      TABLE_NAME: { 'Fn::ImportValue': expect.stringMatching(/Table/) },
      CONTENT_BUCKET: { 'Fn::ImportValue': expect.stringMatching(/ContentBucket/) },
      SITE_BUCKET: { Ref: logicalId(stacks.web, stacks.web.siteBucket) },
      SITE_ORIGIN: siteSettings.canonicalOrigin,
      NODE_OPTIONS: '--enable-source-maps',
    });
    templates.web.hasResourceProperties('AWS::Lambda::Url', {
      AuthType: 'AWS_IAM',
      TargetFunctionArn: { 'Fn::GetAtt': [renderer, 'Arn'] },
    });
    // CloudFront (this distribution only) may invoke it through the URL, nobody else.
    const distribution = logicalId(stacks.web, stacks.web.distribution);
    const permissions = resources(templates.web, 'AWS::Lambda::Permission').map(
      ([, p]: [string, any]) => p.Properties,
    );
    expect(permissions.map((p) => p.Action).sort()).toEqual([
      'lambda:InvokeFunction',
      'lambda:InvokeFunctionUrl',
    ]);
    for (const permission of permissions) {
      expect(permission.Principal).toBe('cloudfront.amazonaws.com');
      expect(JSON.stringify(permission.SourceArn)).toContain(distribution);
    }
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const statements = resources(templates.web, 'AWS::IAM::Policy')
      .filter(([, p]: [string, any]) => p.Properties.Roles.some((r: any) => r.Ref === roleId))
      .flatMap(([, p]: [string, any]) => p.Properties.PolicyDocument.Statement)
      .filter((statement: any) => !isOwnLogs(statement) && !isXrayWrites(statement));
    expect(statements).toEqual([
      expect.objectContaining({
        Action: 'dynamodb:GetItem',
        Resource: { 'Fn::ImportValue': expect.stringMatching(/Table/) },
      }),
      expect.objectContaining({
        Action: 's3:GetObject',
        Resource: {
          'Fn::Join': [
            '',
            [{ 'Fn::GetAtt': [logicalId(stacks.web, stacks.web.siteBucket), 'Arn'] }, '/index.html'],
          ],
        },
      }),
    ]);
    const role = templates.web.findResources('AWS::IAM::Role')[roleId] as any;
    expect(role.Properties.ManagedPolicyArns).toEqual(
      expect.arrayContaining([{ 'Fn::ImportValue': expect.stringMatching(/AssetsReadAccess/) }]),
    );
  });

  it('lets only this distribution read the site bucket', () => {
    templates.web.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logicalId(stacks.web, stacks.web.siteBucket) },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
  });

  it('deploys no site when there is no web build', () => {
    templates.web.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});

describe('the listing approval switch', () => {
  it("reaches the publish function only when the stage's configuration sets it", () => {
    expect(listingApprovalEnvironment(devWith({ listingsRequireApproval: true }))).toEqual({
      VELO_LISTINGS_REQUIRE_APPROVAL: 'true',
    });
    expect(listingApprovalEnvironment(devConfig)).toEqual({});
  });
});
