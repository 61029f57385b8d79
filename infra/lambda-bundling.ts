/**
 * The one place that turns a handler module (a path under functions/, without .ts) into a Lambda.
 * Every stack asks this factory, so runtime, architecture, bundling, environment and logging are the
 * same everywhere. `bundling: 'none'` swaps esbuild for a one-line inline stub so template tests synth
 * in seconds; everything else about the function (runtime, role, environment…) stays the same.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CfnDynamicReference,
  CfnDynamicReferenceService,
  Duration,
  RemovalPolicy,
  Validations,
} from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { handlerDeployName } from '../functions/deploy-names';
import { nagReasons } from './stacks/nag-reasons';

/** The repository root (infra/..): entries, the lock file and state machine files resolve from here. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** 'esbuild' bundles the real handler (deployments, `cdk synth`); 'none' uses an inline stub (tests). */
export type BundlingMode = 'esbuild' | 'none';

export const lambdaRuntime = lambda.Runtime.NODEJS_22_X;
export const lambdaArchitecture = lambda.Architecture.ARM_64;

/** The handler module's source file: functions/<handler>.ts. */
export function handlerEntry(handler: string): string {
  return path.join(repoRoot, 'functions', `${handler}.ts`);
}

export function handlerExists(handler: string): boolean {
  return existsSync(handlerEntry(handler));
}

/**
 * Modules no handler bundle contains. `@sentry/aws-serverless` (functions/lib/observability.ts)
 * is loaded only when SENTRY_DSN is set, and then Sentry's Lambda layer provides it (see
 * sentrySettings), so bundles stay the same size with or without error reporting. Powertools
 * (Logger, Metrics, Tracer, and the Tracer's aws-xray-sdk-core) comes from Powertools' public layer
 * on every function (`powertoolsLayerArn`), loaded with `require` (functions/lib/powertools.ts).
 */
export const externalModules = [
  '@sentry/aws-serverless',
  '@aws-lambda-powertools/*',
  'aws-xray-sdk-core',
] as const;

/**
 * The Powertools for AWS Lambda (TypeScript) version the functions run: the one installed (the
 * tests and the local cloud use it; tests/infra/tracing.test.ts checks they agree). Its public layer
 * (account 094274105915, AWSLambdaPowertoolsTypeScriptV2) is found by version through the public
 * SSM parameter Powertools publishes in every commercial region, resolved by CloudFormation at deploy.
 */
export const powertoolsVersion = '2.36.0';
export const powertoolsLayerParameter = `/aws/service/powertools/typescript/generic/all/${powertoolsVersion}`;

/** The layer's ARN in the deployment's region, as a CloudFormation dynamic reference. */
export function powertoolsLayerArn(): string {
  return new CfnDynamicReference(CfnDynamicReferenceService.SSM, powertoolsLayerParameter).toString();
}

/**
 * The context key of the metrics namespace (`Velo/<stage>`, functions/lib/metric-catalogue.ts),
 * set by infra/app.ts from the stage: every handler gets it as POWERTOOLS_METRICS_NAMESPACE.
 */
export const metricsNamespaceContext = 'metricsNamespace';

/**
 * Modules the bundles replace with one of ours (esbuild `--alias`). The AWS SDK clients take their
 * credentials from `@aws-sdk/credential-provider-node`'s default chain (SSO, STS, ini files,
 * instance metadata, with `@aws-sdk/nested-clients`: ~100 kB per bundle); in Lambda the role's
 * credentials are always in the environment, so the bundles get functions/lib/lambda-credentials.ts
 * (`fromEnv` only). Source runs (the local cloud, tests) keep the real chain.
 */
export const moduleAliases: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': path.join(repoRoot, 'functions', 'lib', 'lambda-credentials.ts'),
};

/**
 * esbuild options for every handler: minified ESM with source maps, AWS SDK v3 bundled (the bundle
 * does not depend on the SDK version the runtime happens to ship; the only externals are
 * `externalModules`) with `moduleAliases`, built with the locally installed esbuild (never Docker:
 * the aliases are paths on this machine).
 */
export function bundlingOptions(): nodejs.BundlingOptions {
  return {
    forceDockerBundling: false,
    minify: true,
    sourceMap: true,
    sourcesContent: false,
    format: nodejs.OutputFormat.ESM,
    target: 'node22',
    mainFields: ['module', 'main'],
    externalModules: [...externalModules],
    // Rendered by CDK as `--alias:<module>=<path>`, after the options above, locally as in Docker.
    esbuildArgs: {
      '--alias': Object.entries(moduleAliases).map(([module, replacement]) => `${module}=${replacement}`),
    },
    // ESM output has no `require`; some CommonJS dependencies call it for Node built-ins.
    banner:
      "import { createRequire as __veloCreateRequire } from 'node:module';const require = __veloCreateRequire(import.meta.url);",
  };
}

/**
 * npm settings for installing `nodeModules` into a bundle: the native binaries of the Lambda's
 * platform (Amazon Linux, glibc, the function's CPU), whatever machine synthesizes; taken from npm's
 * cache when it has them, so a synth needs no network once `npm ci` has run on an x64 Linux machine.
 */
export function nativeModulesEnvironment(architecture: lambda.Architecture): Record<string, string> {
  return {
    npm_config_os: 'linux',
    npm_config_cpu: architecture.name === lambda.Architecture.X86_64.name ? 'x64' : 'arm64',
    npm_config_libc: 'glibc',
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
}

/** The NodejsFunction-specific props (entry, lock file, project root, bundling) for one handler. */
export function nodejsEntryProps(
  handler: string,
  native: { nodeModules?: readonly string[]; architecture?: lambda.Architecture } = {},
): Pick<nodejs.NodejsFunctionProps, 'entry' | 'handler' | 'projectRoot' | 'depsLockFilePath' | 'bundling'> {
  const nodeModules = native.nodeModules?.length ? [...native.nodeModules] : undefined;
  return {
    entry: handlerEntry(handler),
    handler: 'handler',
    projectRoot: repoRoot,
    depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
    bundling: {
      ...bundlingOptions(),
      ...(nodeModules
        ? {
            nodeModules,
            environment: nativeModulesEnvironment(native.architecture ?? lambdaArchitecture),
          }
        : {}),
    },
  };
}

/** Inline stub used with `bundling: 'none'`. */
export const inlineStubCode = 'exports.handler=async()=>{}';

/**
 * Error reporting of every handler function (functions/lib/observability.ts), from CDK context:
 * `sentryDsn` and `sentryLayerArn` (Sentry's Node Lambda layer for the stack's region, e.g.
 * `arn:aws:lambda:eu-west-1:943013980633:layer:SentryNodeServerlessSDKv10:<version>`; it provides
 * `@sentry/aws-serverless`), optionally `sentryEnvironment`. infra/app.ts fills the context from
 * SENTRY_DSN, SENTRY_LAYER_ARN and SENTRY_ENVIRONMENT when `-c` does not give them. Without a DSN,
 * functions get neither the variable nor the layer and only log errors.
 */
export const sentryContext = {
  dsn: 'sentryDsn',
  layerArn: 'sentryLayerArn',
  environment: 'sentryEnvironment',
} as const;

export interface SentrySettings {
  dsn: string;
  layerArn: string;
  environment?: string;
}

export function sentrySettings(scope: Construct): SentrySettings | undefined {
  const read = (key: string) => {
    const value: unknown = scope.node.tryGetContext(key);
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const dsn = read(sentryContext.dsn);
  if (!dsn) return undefined;
  const layerArn = read(sentryContext.layerArn);
  if (!layerArn) {
    throw new Error(
      'sentryDsn is set but sentryLayerArn is not: the functions would have no @sentry/aws-serverless. ' +
        "Give Sentry's Node Lambda layer ARN for the region (-c sentryLayerArn=… or SENTRY_LAYER_ARN).",
    );
  }
  const environment = read(sentryContext.environment);
  return { dsn, layerArn, ...(environment ? { environment } : {}) };
}

export interface HandlerFunctionsProps {
  bundling: BundlingMode;
  /** Shared execution role of this group of functions (its grants are the group's least privilege). */
  role: iam.IRole;
  /** Environment of every function in the group (NODE_OPTIONS is added here). */
  environment: Record<string, string>;
  timeout?: Duration;
  memorySize?: number;
  logRetention?: logs.RetentionDays;
}

/** Per-function settings that differ from the group's. */
export interface HandlerOverrides {
  environment?: Record<string, string>;
  /** The function's own role instead of the group's (one that may also read a provider's secrets). */
  role?: iam.IRole;
  /** It reads provider secrets at run time (functions/lib/secrets.ts): it gets the secrets extension. */
  readsSecrets?: boolean;
  /** Default arm64; a function with a native module built only for x86_64 says so here. */
  architecture?: lambda.Architecture;
  memorySize?: number;
  timeout?: Duration;
  /**
   * Packages installed into the function's node_modules instead of bundled (native binaries such
   * as sharp), for the function's architecture (see nativeModulesEnvironment).
   */
  nodeModules?: readonly string[];
}

/**
 * AWS's Parameters and Secrets Lambda Extension, on the functions that read provider secrets: they
 * ask it on localhost (functions/lib/secrets.ts) and it calls Secrets Manager with the function's
 * role, so no SDK client is bundled for it. Its own cache keeps a secret as long as ours (5 min).
 */
const secretsExtension = lambda.ParamsAndSecretsLayerVersion.fromVersion(
  lambda.ParamsAndSecretsVersions.V1_0_103,
  {
    cacheSize: 10,
    logLevel: lambda.ParamsAndSecretsLogLevel.WARN,
    secretsManagerTtl: Duration.seconds(300),
  },
);

/**
 * Creates (once per handler module) the Lambdas of one group, e.g. the API's route handlers.
 * `get('listings/http/show')` twice returns the same function.
 */
export class HandlerFunctions extends Construct {
  private readonly functions = new Map<string, lambda.Function>();
  /** Error reporting (SENTRY_DSN and Sentry's layer on every function), when configured. */
  private readonly sentry: { environment: Record<string, string>; layer: lambda.ILayerVersion } | undefined;
  /** Powertools' public layer (Logger, Metrics, Tracer), on every function. */
  private readonly powertools: lambda.ILayerVersion;
  /** POWERTOOLS_METRICS_NAMESPACE, when the app set the stage's (infra/app.ts). */
  private readonly metricsNamespace: string | undefined;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: HandlerFunctionsProps,
  ) {
    super(scope, id);
    const sentry = sentrySettings(this);
    this.sentry = sentry && {
      environment: {
        SENTRY_DSN: sentry.dsn,
        ...(sentry.environment ? { SENTRY_ENVIRONMENT: sentry.environment } : {}),
      },
      layer: lambda.LayerVersion.fromLayerVersionArn(this, 'SentryLayer', sentry.layerArn),
    };
    this.powertools = lambda.LayerVersion.fromLayerVersionArn(this, 'PowertoolsLayer', powertoolsLayerArn());
    const namespace: unknown = this.node.tryGetContext(metricsNamespaceContext);
    this.metricsNamespace = typeof namespace === 'string' && namespace ? namespace : undefined;
  }

  get all(): lambda.Function[] {
    return [...this.functions.values()];
  }

  get(handler: string, overrides: HandlerOverrides = {}): lambda.Function {
    const existing = this.functions.get(handler);
    if (existing) return existing;
    const id = handlerDeployName(handler);
    const logGroup = new logs.LogGroup(this, `${id}Logs`, {
      retention: this.props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const architecture = overrides.architecture ?? lambdaArchitecture;
    const role = overrides.role ?? this.props.role;
    grantOwnLogs(role, logGroup);
    const common = {
      runtime: lambdaRuntime,
      architecture,
      role,
      logGroup,
      memorySize: overrides.memorySize ?? this.props.memorySize ?? 512,
      timeout: overrides.timeout ?? this.props.timeout ?? Duration.seconds(10),
      description: `Velo Exchange handler functions/${handler}.ts`,
      environment: {
        ...this.props.environment,
        ...overrides.environment,
        ...this.sentry?.environment,
        ...(this.metricsNamespace ? { POWERTOOLS_METRICS_NAMESPACE: this.metricsNamespace } : {}),
        NODE_OPTIONS: '--enable-source-maps',
      },
      layers: [...(this.sentry ? [this.sentry.layer] : []), this.powertools],
      // X-Ray: Lambda traces each invocation; functions/lib/tracing.ts adds the AWS SDK calls.
      tracing: lambda.Tracing.ACTIVE,
      ...(overrides.readsSecrets ? { paramsAndSecrets: secretsExtension } : {}),
    } satisfies Partial<lambda.FunctionProps>;
    const fn =
      this.props.bundling === 'esbuild'
        ? new nodejs.NodejsFunction(this, id, {
            ...common,
            ...nodejsEntryProps(handler, {
              architecture,
              ...(overrides.nodeModules ? { nodeModules: overrides.nodeModules } : {}),
            }),
          })
        : new lambda.Function(this, id, {
            ...common,
            code: lambda.Code.fromInline(inlineStubCode),
            handler: 'index.handler',
          });
    Validations.of(fn).acknowledge({ id: 'AwsSolutions-L1', reason: nagReasons.lambdaRuntime });
    acknowledgeXrayWrites(role);
    this.functions.set(handler, fn);
    return fn;
  }
}

/**
 * An execution role shared by a group of handlers. It may write only into the log groups of its own
 * functions (grantOwnLogs, when HandlerFunctions creates each), not AWSLambdaBasicExecutionRole's
 * `*`: no function can write into another's logs or the finance audit log group (issue 26).
 */
export function handlerRole(scope: Construct, id: string, description: string): iam.Role {
  return new iam.Role(scope, id, {
    assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    description,
  });
}

/** The actions a function needs on its own log group (it exists: no logs:CreateLogGroup). */
export const logWriteActions = ['logs:CreateLogStream', 'logs:PutLogEvents'] as const;

/** Per role, the one statement that lists its functions' log groups (one statement keeps the policy small). */
const logStatements = new WeakMap<iam.IRole, iam.PolicyStatement>();

/** Lets `role` write into `logGroup` (its streams: the group's ARN ends in `:*`). */
export function grantOwnLogs(role: iam.IRole, logGroup: logs.ILogGroup): void {
  const existing = logStatements.get(role);
  if (existing) {
    existing.addResources(logGroup.logGroupArn);
    return;
  }
  const statement = new iam.PolicyStatement({
    actions: [...logWriteActions],
    resources: [logGroup.logGroupArn],
  });
  logStatements.set(role, statement);
  role.addToPrincipalPolicy(statement);
}

/** The roles whose X-Ray statement is acknowledged already (several functions share a role). */
const xrayAcknowledged = new WeakSet<iam.IRole>();

/**
 * Active tracing gives the role xray:PutTraceSegments and PutTelemetryRecords on `*` (its default
 * policy): X-Ray has no resource-level permissions, so cdk-nag's finding is acknowledged there, on
 * that policy only.
 */
export function acknowledgeXrayWrites(role: iam.IRole): void {
  if (xrayAcknowledged.has(role)) return;
  const policy = role.node.tryFindChild('DefaultPolicy');
  if (!policy) return;
  xrayAcknowledged.add(role);
  Validations.of(policy).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason: nagReasons.xrayTracing,
  });
}
