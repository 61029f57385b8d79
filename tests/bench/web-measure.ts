import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstLoad, type ModuleShare, moduleShares, readManifest } from './web-bundle';
import { outDir } from './web-options';
import { progress } from './web-print';
import { parseRouter, routeModules } from './web-routes';

/** The build of the web app and what `npm run bench:web` measures in it (no browser). */

/** The main routes: an example URL each; the page module comes from the route modules (web/src/routes/). */
const bundleRoutes = [
  { name: 'landing', url: '/' },
  { name: 'search', url: '/s' },
  { name: 'listing', url: '/l/example-slug/example-id', pattern: '/l/:slug/:id' },
  { name: 'profile', url: '/u/example-id', pattern: '/u/:id' },
  { name: 'login', url: '/login' },
  { name: 'about', url: '/about' },
] as const;

/** Runs `npm run build:web` (with extra Vite arguments); the time it took, in ms. */
export function build(extraArgs: string[] = []): number {
  const started = performance.now();
  const args = ['run', 'build:web', ...(extraArgs.length ? ['--', ...extraArgs] : [])];
  progress(`npm ${args.join(' ')}`);
  const result = spawnSync('npm', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}\n${result.stderr}\n`);
    throw new Error(`npm ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
  return performance.now() - started;
}

/**
 * What the landing page's JavaScript is made of: the same build with source maps, in a temporary
 * folder (dist/web never gets source maps), split by module.
 */
export function landingModules(): ModuleShare[] {
  const dir = mkdtempSync(join(tmpdir(), 'velo-bench-web-'));
  try {
    build(['--outDir', dir, '--sourcemap']);
    const load = firstLoad(readManifest(dir), dir, []);
    return load.jsFiles.flatMap((file) => moduleShares(join(dir, file.file), process.cwd()));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** First-load JavaScript and CSS of each main route, from the build manifest in dist/web. */
export function measureBundles() {
  const manifest = readManifest(outDir);
  const routeFiles = readdirSync('web/src/routes')
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join('web/src/routes', file));
  const routes = parseRouter(routeFiles, 'web');
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
  return bundleRoutes.map((route) => {
    const matched = routeModules(routes, route.url);
    // A lazily imported module that is also imported statically by the entry is in the entry chunk.
    const inManifest = matched.lazyModules.filter((key) => manifest[key]);
    const inEntry = matched.lazyModules.filter((key) => !manifest[key]);
    const load = firstLoad(manifest, outDir, inManifest);
    return {
      name: route.name,
      route: 'pattern' in route ? route.pattern : route.url,
      routePath: matched.routePath ?? null,
      pageModules: inManifest,
      pageModulesInEntry: inEntry,
      entryFile: entry.file,
      jsGzipBytes: load.jsGzipBytes,
      cssGzipBytes: load.cssGzipBytes,
      jsFiles: load.jsFiles,
      cssFiles: load.cssFiles,
    };
  });
}
export type BundleFigures = ReturnType<typeof measureBundles>;
