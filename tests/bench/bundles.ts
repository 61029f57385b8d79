import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { eventRules } from '../../functions/events/rules';
import { routes } from '../../functions/routes';
import { streamConsumers } from '../../functions/stream-consumers';
import { workflowTasks } from '../../functions/workflow/tasks';

/** Size of each Lambda bundle as CDK's esbuild would make it (minified, SDK bundled), and its load time. */
export async function lambdaBundles(): Promise<Array<{ handler: string; bytes: number; loadMs: number }>> {
  const handlers = new Set<string>([
    ...routes.map((route) => route.handler),
    ...streamConsumers.map((consumer) => consumer.handler),
    ...eventRules.map((rule) => rule.handler),
    ...Object.values(workflowTasks),
  ]);
  const outDir = mkdtempSync(join(tmpdir(), 'velo-bench-'));
  const results = [];
  for (const handler of [...handlers].sort()) {
    const output = await build({
      entryPoints: [`functions/${handler}.ts`],
      bundle: true,
      minify: true,
      platform: 'node',
      target: 'node22',
      format: 'esm',
      // ESM builds of the AWS SDK tree-shake far better (DynamoDB client: ~550 kB → ~350 kB).
      mainFields: ['module', 'main'],
      write: false,
      banner: { js: "import{createRequire}from'module';const require=createRequire(import.meta.url);" },
    });
    const code = output.outputFiles[0]!.contents;
    const file = join(outDir, `${handler.replaceAll('/', '-')}.mjs`);
    writeFileSync(file, code);
    const started = performance.now();
    await import(pathToFileURL(file).href);
    results.push({ handler, bytes: code.length, loadMs: performance.now() - started });
  }
  rmSync(outDir, { recursive: true, force: true });
  return results;
}

/** Gzipped bytes of the JavaScript the landing page loads before any interaction. */
export function landingJavaScript(webRoot = 'dist/web'): { files: string[]; gzipBytes: number } {
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const gzipBytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(webRoot, file))).length, 0);
  return { files, gzipBytes };
}
