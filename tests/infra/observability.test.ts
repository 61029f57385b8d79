// biome-ignore-all lint/suspicious/noExplicitAny: synthesized CloudFormation templates are untyped JSON
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, sentryContextOf, type VeloStacks } from '../../infra/app';
import { bundlingOptions, externalModules, repoRoot } from '../../infra/lambda-bundling';
import { routeHandlerSettings } from '../../infra/stacks/api-stack';
import { marketingHandlers } from '../../infra/stacks/runtime-secrets';
import { devConfig, devWith } from './fixtures/configs';

// Error reporting (Sentry) and the marketing service (Klaviyo) are configured at synth time:
// SENTRY_DSN + Sentry's layer on every handler function only with a DSN, KLAVIYO_API_KEY on the two
// marketing handlers only with a key. Without them the template is as before.

const env = { account: '123456789012', region: 'eu-west-1' };
const dsn = 'https://public@o4501.ingest.sentry.io/4502';
const layerArn = 'arn:aws:lambda:eu-west-1:943013980633:layer:SentryNodeServerlessSDKv10:7';
const keyArn = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:velo/klaviyo-AbCdEf';
const variables = [
  'SENTRY_DSN',
  'SENTRY_LAYER_ARN',
  'SENTRY_ENVIRONMENT',
  'KLAVIYO_API_KEY',
  'KLAVIYO_API_KEY_REF',
];

let saved: Record<string, string | undefined>;
beforeEach(() => {
  saved = Object.fromEntries(variables.map((name) => [name, process.env[name]]));
  for (const name of variables) delete process.env[name];
});
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** Every handler Lambda of the app (HandlerFunctions describes each as its functions/ module). */
function handlerFunctions(stacks: VeloStacks): { stack: string; handler: string; props: any }[] {
  return Object.entries(stacks).flatMap(([stack, construct]) =>
    Object.values(Template.fromStack(construct).findResources('AWS::Lambda::Function'))
      .filter((fn: any) => String(fn.Properties.Description ?? '').startsWith('Velo Exchange handler'))
      .map((fn: any) => ({
        stack,
        handler: /functions\/(.+)\.ts$/.exec(fn.Properties.Description)![1]!,
        props: fn.Properties,
      })),
  );
}

/** The site's Content-Security-Policy as template JSON (a Fn::Join with the other stacks' names). */
function cspOf(stacks: VeloStacks): string {
  const [policy] = Object.values(
    Template.fromStack(stacks.web).findResources('AWS::CloudFront::ResponseHeadersPolicy'),
  ) as any[];
  return JSON.stringify(
    policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy,
  );
}

describe('error reporting and marketing settings', () => {
  it('with a DSN and layer: SENTRY_DSN and the layer on every handler; the Klaviyo key on its two handlers', () => {
    const { stacks } = buildApp({
      bundling: 'none',
      siteDir: null,
      env,
      config: devWith({ klaviyo: { apiKey: keyArn } }),
      appProps: { context: { sentryDsn: dsn, sentryLayerArn: layerArn, sentryEnvironment: 'staging' } },
    });
    const functions = handlerFunctions(stacks);
    // Route handlers, account handlers, workflow tasks, stream consumers, rule targets, Cognito triggers.
    expect([...new Set(functions.map((fn) => fn.stack))]).toEqual(
      expect.arrayContaining(['auth', 'events', 'workflow', 'api']),
    );
    for (const fn of functions) {
      expect(fn.props.Environment.Variables, fn.handler).toMatchObject({
        SENTRY_DSN: dsn,
        SENTRY_ENVIRONMENT: 'staging',
      });
      // Sentry's layer first; the functions that read secrets have the secrets extension as well.
      expect(fn.props.Layers[0], fn.handler).toEqual(layerArn);
      // Where the key is, read at run time: the key itself never enters the template.
      expect(fn.props.Environment.Variables.KLAVIYO_API_KEY, fn.handler).toBeUndefined();
      const key = fn.props.Environment.Variables.KLAVIYO_API_KEY_REF;
      if ((marketingHandlers as readonly string[]).includes(fn.handler)) expect(key).toBe(keyArn);
      else expect(key, fn.handler).toBeUndefined();
    }
    expect(functions.map((fn) => fn.handler)).toEqual(expect.arrayContaining([...marketingHandlers]));
    // The browser's Sentry posts to the DSN's ingest origin.
    expect(cspOf(stacks)).toMatch(/connect-src [^;]* https:\/\/o4501\.ingest\.sentry\.io;/);
  });

  it('without them: no SENTRY_DSN, no layer, no Klaviyo key, and the CSP stays closed', () => {
    const { stacks } = buildApp({ bundling: 'none', siteDir: null, env, nag: false });
    const functions = handlerFunctions(stacks);
    expect(functions.length).toBeGreaterThan(10);
    for (const fn of functions) {
      expect(fn.props.Environment.Variables.SENTRY_DSN, fn.handler).toBeUndefined();
      expect(fn.props.Environment.Variables.KLAVIYO_API_KEY_REF, fn.handler).toBeUndefined();
      expect(JSON.stringify(fn.props.Layers ?? []), fn.handler).not.toContain('Sentry');
    }
    expect(cspOf(stacks)).not.toContain('sentry');
  });

  it("reads the settings from the stage's configuration too, and refuses a DSN without the layer", () => {
    expect(sentryContextOf(devWith({ sentry: { dsn, layerArn } }))).toEqual({
      sentryDsn: dsn,
      sentryLayerArn: layerArn,
    });
    expect(sentryContextOf(devConfig)).toEqual({});
    const { stacks } = buildApp({
      bundling: 'none',
      siteDir: null,
      env,
      nag: false,
      config: devWith({ sentry: { dsn, layerArn, environment: 'dev' } }),
    });
    const functions = handlerFunctions(stacks);
    expect(functions[0]!.props.Environment.Variables).toMatchObject({
      SENTRY_DSN: dsn,
      SENTRY_ENVIRONMENT: 'dev',
    });
    expect(() =>
      buildApp({
        bundling: 'none',
        siteDir: null,
        env,
        nag: false,
        appProps: { context: { sentryDsn: dsn } },
      }),
    ).toThrow(/sentryLayerArn/);
  });
});

describe('bundles without the SDKs', () => {
  it('keeps @sentry/aws-serverless out of every bundle and klaviyo-api beside the marketing handlers', () => {
    expect(bundlingOptions().externalModules).toEqual([...externalModules]);
    expect(externalModules).toContain('@sentry/aws-serverless');
    for (const handler of marketingHandlers)
      expect(routeHandlerSettings[handler]?.nodeModules).toEqual(['klaviyo-api']);
  });

  async function bundleSize(handler: string): Promise<{ code: string; bytes: number }> {
    const output = await build({
      entryPoints: [path.join(repoRoot, 'functions', `${handler}.ts`)],
      bundle: true,
      minify: true,
      platform: 'node',
      target: 'node22',
      format: 'esm',
      mainFields: ['module', 'main'],
      // As CDK builds it: the bundling externals, plus the function's nodeModules.
      external: [...externalModules, ...(routeHandlerSettings[handler]?.nodeModules ?? [])],
      write: false,
      logLevel: 'silent',
    });
    const code = output.outputFiles[0]!.text;
    return { code, bytes: code.length };
  }

  it('bundles a marketing handler no larger than an ordinary route handler, with neither SDK inside', async () => {
    const [marketing, ordinary] = await Promise.all([
      bundleSize('accounts/http/track-event'),
      bundleSize('accounts/http/me'),
    ]);
    expect(marketing.bytes).toBeLessThanOrEqual(ordinary.bytes);
    expect(marketing.code).toMatch(/import\(\s*["']klaviyo-api["']\s*\)/); // loaded only with an API key
    for (const bundle of [marketing, ordinary]) {
      expect(bundle.code).not.toContain('__SENTRY__'); // Sentry's SDK is not inside…
      expect(bundle.code).toContain('@sentry/aws-serverless'); // …only its name, imported at run time
    }
  });
});
