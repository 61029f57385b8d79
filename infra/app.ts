/**
 * The CDK app: stacks by concern (Data, Auth, Events, Workflow, Api, Web), built from the same
 * sources of truth the local cloud uses (route table, table design, stream consumers, event rules,
 * workflow tasks and ASL files, security headers). `npx cdk synth` runs this file; tests call
 * `buildApp({ bundling: 'none' })` and synth in-process without bundling the handlers.
 *
 * Order of dependencies: Data -> Events -> Auth (the custom-auth trigger reads the table; the scheduled
 * removal keeps its failures in the Events stack's queue) -> Workflow -> Api -> Web -> Monitoring
 * (the alarms and the dashboard, issue 27); Edge (us-east-1, the CloudFront web ACL) -> Web.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, type AppProps, Aspects, type Environment, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { metricsNamespace } from '../functions/lib/metric-catalogue';
import { ActiveTracing } from './active-tracing';
import { type DeployConfig, loadDeployConfig } from './config/deploy-config';
import {
  type BundlingMode,
  metricsNamespaceContext,
  repoRoot,
  sentryContext,
  sentrySettings,
} from './lambda-bundling';
import { ApiStack } from './stacks/api-stack';
import { AuthStack, cognitoSesEmail } from './stacks/auth-stack';
import { browserMapsOf } from './stacks/browser-maps';
import { DataStack } from './stacks/data-stack';
import { EdgeStack, edgeRegion } from './stacks/edge-stack';
import { EventsStack } from './stacks/events-stack';
import { MonitoringStack } from './stacks/monitoring-stack';
import { paymentsCsp, paymentsRuntimeConfigOf } from './stacks/payment-providers';
import { WebStack } from './stacks/web-stack';
import { WorkflowStack } from './stacks/workflow-stack';
import type { CspOptions } from './web-security';

export interface BuildAppOptions {
  /** The stage's configuration; default `infra/config/<stage>.json` for `-c stage=…` (default dev). */
  config?: DeployConfig;
  /** 'esbuild' (default; `cdk synth`/deploy) bundles every handler; 'none' uses inline stubs (tests). */
  bundling?: BundlingMode;
  /** Account and region; default the configuration's (its account, else CDK_DEFAULT_ACCOUNT, else 000000000000). */
  env?: Environment;
  /** Stack name prefix. Default `Velo` and the stage: `VeloDev`, `VeloStaging`, `VeloProd`. */
  stackPrefix?: string;
  /** The built web app; default dist/web. Deployed only if it holds an index.html at synth time. */
  siteDir?: string | null;
  /** The hosted assets (page content, translations); default infra/content/assets; null: none. */
  contentDir?: string | null;
  /** Third parties the site's CSP allows (Stripe, PayPal, Sentry, map tiles). */
  csp?: CspOptions;
  /** Run the cdk-nag AwsSolutions checks on synth. Default true. */
  nag?: boolean;
  appProps?: AppProps;
}

export interface VeloStacks {
  data: DataStack;
  auth: AuthStack;
  events: EventsStack;
  workflow: WorkflowStack;
  api: ApiStack;
  web: WebStack;
  monitoring: MonitoringStack;
  /** The CloudFront web ACL, in us-east-1 (issue 27). */
  edge: EdgeStack;
}

/**
 * Feature flags this app relies on (they belong in cdk.json's context, which overrides these).
 * - S3 server access logs are granted by bucket policy, not ACLs, so log buckets keep ACLs disabled.
 * - Cross-stack references stay CloudFormation exports ("strong"): a producer stack (Data, Auth…)
 *   cannot be deleted while a consumer still uses it. Setting it silences CDK's warning.
 */
export const featureFlags = {
  '@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy': true,
  '@aws-cdk/core:defaultCrossStackReferences': 'strong',
} as const;

/** Error reporting from the stage's `sentry` as the context keys infra/lambda-bundling.ts reads. */
export function sentryContextOf(config: DeployConfig): Record<string, string> {
  const sentry = config.sentry;
  if (!sentry) return {};
  return {
    [sentryContext.dsn]: sentry.dsn,
    [sentryContext.layerArn]: sentry.layerArn,
    ...(sentry.environment ? { [sentryContext.environment]: sentry.environment } : {}),
  };
}

export function buildApp(options: BuildAppOptions = {}): { app: App; stacks: VeloStacks } {
  // Lowest precedence: cdk.json and `-c` override these.
  const app = new App({
    ...options.appProps,
    context: { ...featureFlags, ...options.appProps?.context },
  });
  // `-c stage=dev|staging|prod` (default dev) picks infra/config/<stage>.json.
  const config = options.config ?? loadDeployConfig(String(app.node.tryGetContext('stage') ?? 'dev'));
  for (const [key, value] of Object.entries(sentryContextOf(config))) {
    if (app.node.tryGetContext(key) === undefined) app.node.setContext(key, value);
  }
  // The handlers' metrics namespace (POWERTOOLS_METRICS_NAMESPACE): per stage, so stages never mix.
  if (app.node.tryGetContext(metricsNamespaceContext) === undefined)
    app.node.setContext(metricsNamespaceContext, metricsNamespace(config.stage));
  // Error reporting (Lambdas: SENTRY_DSN + Sentry's layer; browser: /config.json sentryDsn and the CSP).
  const sentry = sentrySettings(app);
  const sentryIngest = sentry ? new URL(sentry.dsn).origin : undefined;
  const bundling: BundlingMode = options.bundling ?? contextBundling(app) ?? 'esbuild';
  const env: Environment = options.env ?? {
    account: config.account ?? process.env.CDK_DEFAULT_ACCOUNT ?? '000000000000',
    region: config.region,
  };
  const prefix = options.stackPrefix ?? `Velo${config.stage[0]!.toUpperCase()}${config.stage.slice(1)}`;
  const props = (name: string, description: string) => ({
    env,
    stackName: `${prefix}${name}`,
    description: `Velo Exchange (${config.stage}): ${description}`,
    // Production's stacks cannot be deleted by a slip (issue 26): turning it off is its own change.
    terminationProtection: config.stage === 'prod',
  });

  const contentDir =
    options.contentDir === null
      ? undefined
      : (options.contentDir ?? path.join(repoRoot, 'infra', 'content', 'assets'));
  const data = new DataStack(app, `${prefix}Data`, {
    ...props('Data', 'table, images bucket and hosted content'),
    contentDir,
    config,
  });
  const events = new EventsStack(app, `${prefix}Events`, {
    ...props('Events', 'event bus, archive, rules and stream consumers'),
    config,
    bundling,
    table: data.table,
    imagesBucket: data.imagesBucket,
    searchSnapshotsWritePolicy: data.searchSnapshotsWritePolicy,
  });
  const auth = new AuthStack(app, `${prefix}Auth`, {
    ...props('Auth', 'Cognito user pool and its triggers'),
    config,
    bundling,
    table: data.table,
    failedInvocations: events.failedInvocations,
  });
  const workflow = new WorkflowStack(app, `${prefix}Workflow`, {
    ...props('Workflow', 'order state machine and its tasks'),
    config,
    bundling,
    table: data.table,
    bus: events.bus,
    failedInvocations: events.failedInvocations,
    ...(data.simulatedSigningSecret ? { simulatedSigningSecret: data.simulatedSigningSecret } : {}),
  });
  const api = new ApiStack(app, `${prefix}Api`, {
    ...props('Api', 'HTTP API and route handlers'),
    config,
    bundling,
    table: data.table,
    imagesBucket: data.imagesBucket,
    imagesAccessPolicy: data.imagesAccessPolicy,
    assetsReadPolicy: data.assetsReadPolicy,
    contentBucket: data.contentBucket,
    searchSnapshotsReadPolicy: data.searchSnapshotsReadPolicy,
    bus: events.bus,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    stateMachines: workflow.stateMachines,
    ...(data.simulatedSigningSecret ? { simulatedSigningSecret: data.simulatedSigningSecret } : {}),
  });
  // CloudFront's web ACL must be in us-east-1: its own stack there, read by the Web stack through a
  // cross-region reference (SSM parameters CDK writes in the Web stack's region).
  const edge = new EdgeStack(app, `${prefix}Edge`, {
    ...props('Edge', 'CloudFront web ACL (us-east-1)'),
    env: { ...env, region: edgeRegion },
    crossRegionReferences: true,
    metricPrefix: prefix,
  });
  const siteDir =
    options.siteDir === null ? undefined : (options.siteDir ?? path.join(repoRoot, 'dist', 'web'));
  const payments = paymentsCsp(config);
  const browserMaps = browserMapsOf(config);
  const web = new WebStack(app, `${prefix}Web`, {
    ...props('Web', 'site bucket, head renderer and CloudFront distribution'),
    crossRegionReferences: true,
    webAclId: edge.webAcl.attrArn,
    config,
    bundling,
    imagesBucket: data.imagesBucket,
    table: data.table,
    assetsReadPolicy: data.assetsReadPolicy,
    contentBucket: data.contentBucket,
    apiDomainName: api.apiDomainName,
    originSecret: api.originSecret,
    siteDir,
    runtimeConfig: {
      apiBaseUrl: '/api',
      currency: 'USD',
      cognito: {
        userPoolId: auth.userPool.userPoolId,
        clientId: auth.userPoolClient.userPoolClientId,
        ...(auth.socialSignIn.oauth ? { oauth: auth.socialSignIn.oauth } : {}),
      },
      idps: auth.socialSignIn.idps,
      ...(sentry ? { sentryDsn: sentry.dsn } : {}),
      // The browser tracks page views only when the marketing handlers talk to Klaviyo.
      klaviyo: config.klaviyo !== undefined,
      // Payments (PaymentsRuntimeConfig): what the stage's Lambdas run, so the browser loads the same.
      payments: paymentsRuntimeConfigOf(config),
      // Amazon Location's style for the interactive maps (streets); absent: the offline basemap.
      ...(browserMaps.mapStyle ? { mapStyle: browserMaps.mapStyle } : {}),
    },
    // Amplify exchanges the OAuth code at the Cognito domain: connect-src must allow it; Sentry's
    // browser SDK posts to the DSN's ingest origin.
    // The CSP follows the payments configuration: Stripe.js and PayPal's scripts when they are real.
    ...(options.csp ||
    auth.socialSignIn.oauth ||
    sentryIngest ||
    payments.stripe ||
    payments.paypal ||
    browserMaps.mapTiles
      ? {
          csp: {
            ...(sentryIngest ? { sentryIngest } : {}),
            ...(browserMaps.mapTiles ? { mapTiles: browserMaps.mapTiles } : {}),
            ...payments,
            ...options.csp,
            connect: [
              ...(options.csp?.connect ?? []),
              ...(auth.socialSignIn.oauth ? [`https://${auth.socialSignIn.oauth.domain}`] : []),
            ],
          },
        }
      : {}),
  });

  // Last: the alarms and the dashboard only read the other stacks' names (issue 27, docs/runbook.md).
  const monitoring = new MonitoringStack(app, `${prefix}Monitoring`, {
    ...props('Monitoring', 'alarms, their SNS topic and the operations dashboard'),
    config,
    alarmPrefix: prefix,
    handlerGroups: {
      Api: [api.handlers, api.accountHandlers],
      Auth: [auth.triggers, auth.scheduledFunctions],
      Workflow: [workflow.taskFunctions, workflow.scheduledFunctions, workflow.operatorFunctions],
      Events: [events.ruleFunctions, events.streamFunctions, events.scheduledFunctions],
      PageRenderer: [web.pageRenderer],
    },
    httpApi: { apiId: api.httpApi.apiId, stageName: api.stage.stageName },
    deadLetters: events.deadLetters,
    failedInvocations: events.failedInvocations,
    stateMachines: Object.values(workflow.stateMachines),
    table: data.table,
    sesSender: cognitoSesEmail(config) !== undefined,
  });

  // X-Ray active tracing on every function, CDK's own included (the handlers have it already).
  Aspects.of(app).add(new ActiveTracing());
  if (options.nag ?? true) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stacks: { data, auth, events, workflow, api, web, edge, monitoring } };
}

/** `npx cdk synth -c bundling=none` synthesizes quickly without bundling the handlers. */
function contextBundling(app: App): BundlingMode | undefined {
  const value: unknown = app.node.tryGetContext('bundling');
  if (value === undefined) return undefined;
  if (value === 'esbuild' || value === 'none') return value;
  throw new Error(`Unknown bundling mode in context: ${String(value)} (use esbuild or none)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildApp().app.synth();
}
