import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type BuildOptions, build } from 'esbuild';
import { eventRules } from '../../functions/event-rules';
import { operatorTasks, scheduledTasks, workflowTasks } from '../../functions/orders/workflow/tasks';
import { routes } from '../../functions/routes';
import { streamConsumers } from '../../functions/stream-consumers';
import { bundlingOptions, repoRoot } from '../../infra/lambda-bundling';
import { routeHandlerSettings } from '../../infra/stacks/api-stack';
import { withPaymentSdks } from '../../infra/stacks/payment-providers';

/** The handler modules deployed as Lambdas from functions/routes.ts, the stream consumers, rules and workflow. */
export function lambdaHandlers(): string[] {
  const handlers = new Set<string>([
    ...routes.map((route) => route.handler),
    ...streamConsumers.map((consumer) => consumer.handler),
    ...eventRules.map((rule) => rule.handler),
    ...Object.values(workflowTasks),
    ...Object.values(scheduledTasks),
    ...Object.values(operatorTasks),
  ]);
  return [...handlers].sort();
}

/** The packages the deployment installs beside a handler's bundle (its `nodeModules`, see infra/stacks). */
export function handlerNodeModules(handler: string): string[] {
  return [...(withPaymentSdks(handler, routeHandlerSettings[handler]).nodeModules ?? [])];
}

/**
 * The esbuild options CDK uses for a handler (infra/lambda-bundling.ts `bundlingOptions()`): minify,
 * format, target, main fields, banner, the externals and aliases, plus the handler's `nodeModules`
 * as externals (installed beside the bundle, not in it).
 */
export function deployedBuildOptions(nodeModules: readonly string[] = []): BuildOptions {
  const options = bundlingOptions();
  const aliasArgs = options.esbuildArgs?.['--alias'];
  const aliases = (Array.isArray(aliasArgs) ? aliasArgs : typeof aliasArgs === 'string' ? [aliasArgs] : [])
    .map((arg) => arg.split('='))
    .map(([module, replacement]) => [module!, replacement!] as const);
  return {
    bundle: true,
    platform: 'node',
    minify: options.minify ?? false,
    target: options.target ?? 'node22',
    format: options.format === 'esm' ? 'esm' : 'cjs',
    ...(options.mainFields ? { mainFields: options.mainFields } : {}),
    ...(options.banner ? { banner: { js: options.banner } } : {}),
    external: [...(options.externalModules ?? []), ...nodeModules],
    alias: Object.fromEntries(aliases),
    absWorkingDir: repoRoot,
    logLevel: 'silent',
  };
}

/**
 * Size of each Lambda bundle as CDK's esbuild makes it (deployedBuildOptions: minified, SDK bundled,
 * the credential alias, `nodeModules` beside it), and its load time. The bundles are loaded from a
 * directory under node_modules/.cache, so the packages installed beside them in AWS resolve here too.
 */
export async function lambdaBundles(): Promise<
  Array<{ handler: string; bytes: number; loadMs: number; nodeModules: string[] }>
> {
  const cacheDir = join(repoRoot, 'node_modules', '.cache');
  mkdirSync(cacheDir, { recursive: true });
  const outDir = mkdtempSync(join(cacheDir, 'velo-bench-'));
  const results = [];
  try {
    for (const handler of lambdaHandlers()) {
      const nodeModules = handlerNodeModules(handler);
      const output = await build({
        ...deployedBuildOptions(nodeModules),
        entryPoints: [join(repoRoot, 'functions', `${handler}.ts`)],
        write: false,
      });
      const code = output.outputFiles[0]!.contents;
      const file = join(outDir, `${handler.replaceAll('/', '-')}.mjs`);
      writeFileSync(file, code);
      const started = performance.now();
      await import(pathToFileURL(file).href);
      results.push({ handler, bytes: code.length, loadMs: performance.now() - started, nodeModules });
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  return results;
}

/** Gzipped bytes of the JavaScript the landing page loads before any interaction. */
export function landingJavaScript(webRoot = 'dist/web'): { files: string[]; gzipBytes: number } {
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const gzipBytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(webRoot, file))).length, 0);
  return { files, gzipBytes };
}
