import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import type Sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { type Route, routes } from '../../functions/routes';
import {
  bundlingOptions,
  HandlerFunctions,
  handlerExists,
  handlerRole,
  nodejsEntryProps,
  repoRoot,
} from '../../infra/lambda-bundling';
import { routeHandlerSettings } from '../../infra/stacks/api-stack';

// The template tests use inline stubs; this one bundles one real handler with the local esbuild,
// the way `cdk synth` does for all of them.

describe('handler bundling', () => {
  it('bundles with the local esbuild: minified ESM, source maps, AWS SDK included, never Docker', () => {
    expect(bundlingOptions()).toMatchObject({
      forceDockerBundling: false,
      minify: true,
      sourceMap: true,
      format: nodejs.OutputFormat.ESM,
      externalModules: ['@sentry/aws-serverless'],
    });
    expect(bundlingOptions().banner).toContain('createRequire');
    expect(nodejsEntryProps('users/me')).toMatchObject({
      entry: path.join(repoRoot, 'functions', 'users', 'me.ts'),
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
    });
  });

  const handler = (routes as readonly Route[]).map((r) => r.handler).find(handlerExists);
  const outdir = mkdtempSync(path.join(tmpdir(), 'velo-bundle-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it.skipIf(!handler)('produces a loadable bundle of a real route handler', async () => {
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
    functions.get('users/set-avatar', routeHandlerSettings['users/set-avatar']);
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
});
