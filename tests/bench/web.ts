import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freeLocalPorts, type LocalCloud, startLocalCloud } from '../../infra/local/cloud';
import { seedDemoData } from '../../infra/local/seed/seed';
import { createSlug } from '../../shared/text/slug';
import {
  firstLoad,
  gzipSize,
  type ModuleShare,
  moduleShares,
  parseRouter,
  readManifest,
  routeModules,
} from './web-bundle';
import {
  type Chrome,
  defaultChromeFlags,
  type LighthouseRun,
  launchChrome,
  type MetricKey,
  median,
  medianRun,
  metricIds,
  runLighthouse,
} from './web-lighthouse';

/**
 * `npm run bench:web`: builds the web app, then prints
 *  - the first-load JavaScript (gzip -9, per file) of the main routes, from Vite's build manifest,
 *    with the landing page against DESIGN.md's 90 kB budget, and their CSS separately;
 *  - what the landing page's JavaScript is made of, package by package and its largest modules;
 *  - Lighthouse 12 mobile performance (median of 3 runs) of landing, search and a listing page,
 *    against the whole local cloud (in memory, demo data, free ports).
 * Budgets are reported, not asserted: the exit code is non-zero only when something fails to run.
 * Figures go to test-results/bench-web.json. See docs/benchmarks.md.
 *
 * Options: --skip-build (measure dist/web as it is), --no-modules, --no-lighthouse, --runs N (default 3),
 * --pages landing,search,listing (which pages Lighthouse runs on).
 * CHROME_PATH overrides /usr/bin/chromium.
 */
const outDir = 'dist/web';
const resultFile = 'test-results/bench-web.json';
/** Full Lighthouse reports, one per run (open in https://googlechrome.github.io/lighthouse/viewer/). */
const reportDir = 'test-results/bench-web';
const kib = 1024;
const budgets = { landingJsGzipBytes: 90 * kib, lighthouseScore: 95 };

/** The main routes: an example URL each; the page module comes from web/src/router.tsx. */
const bundleRoutes = [
  { name: 'landing', url: '/' },
  { name: 'search', url: '/s' },
  { name: 'listing', url: '/l/example-slug/example-id', pattern: '/l/:slug/:id' },
  { name: 'profile', url: '/u/example-id', pattern: '/u/:id' },
  { name: 'login', url: '/login' },
  { name: 'about', url: '/about' },
] as const;

const { values: options } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-modules': { type: 'boolean', default: false },
    pages: { type: 'string', default: 'landing,search,listing' },
    runs: { type: 'string', default: '3' },
  },
  strict: true,
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number ≥ 1, got ${options.runs}`);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const lighthousePages = options.pages.split(',').map((name) => name.trim());
for (const name of lighthousePages) {
  if (!['landing', 'search', 'listing'].includes(name)) throw new Error(`--pages: unknown page ${name}`);
}

const fmtKib = (bytes: number) => `${(bytes / kib).toFixed(1)} kB`;
const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
const pad = (text: string, width: number) => text.padEnd(width);
const padStart = (text: string, width: number) => text.padStart(width);
const progress = (line: string) => process.stderr.write(`· ${line}\n`);

function build(extraArgs: string[] = []): number {
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
function landingModules(): ModuleShare[] {
  const dir = mkdtempSync(join(tmpdir(), 'velo-bench-web-'));
  try {
    build(['--outDir', dir, '--sourcemap']);
    const load = firstLoad(readManifest(dir), dir, []);
    return load.jsFiles.flatMap((file) => moduleShares(join(dir, file.file), process.cwd()));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function printModules(modules: ModuleShare[], top = 15) {
  const total = modules.reduce((sum, module) => sum + module.gzipBytes, 0);
  const packages = new Map<string, number>();
  for (const module of modules)
    packages.set(module.package, (packages.get(module.package) ?? 0) + module.gzipBytes);
  console.log(
    `\nLanding page JavaScript by package (share of ${fmtKib(total)} gzip -9, estimated from the source map)`,
  );
  for (const [name, bytes] of [...packages].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${padStart(fmtKib(bytes), 9)}  ${name}`);
  }
  console.log('  largest modules:');
  for (const module of modules.slice(0, top)) {
    console.log(`  ${padStart(fmtKib(module.gzipBytes), 9)}  ${module.module}`);
  }
}

function measureBundles() {
  const manifest = readManifest(outDir);
  const routes = parseRouter('web/src/router.tsx', 'web');
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
type BundleFigures = ReturnType<typeof measureBundles>;

function printBundles(bundles: BundleFigures) {
  console.log('\nFirst-load JavaScript per route (gzip -9 per file, entry + page chunk + static imports)');
  console.log(
    `  ${pad('page', 9)} ${pad('route', 14)} ${pad('page module', 34)} ${padStart('files', 5)} ${padStart('JS gz', 9)} ${padStart('CSS gz', 8)}`,
  );
  for (const bundle of bundles) {
    const module = bundle.routePath
      ? bundle.pageModules.map((key) => key.replace(/^src\//, '')).join(', ') ||
        (bundle.pageModulesInEntry.length ? '(entry chunk)' : '(entry, static)')
      : `no route: ${bundle.pageModules.map((key) => key.replace(/^src\/pages\//, '')).join(', ')}`;
    let verdict = '';
    if (bundle.name === 'landing') {
      const over = bundle.jsGzipBytes - budgets.landingJsGzipBytes;
      verdict =
        over > 0
          ? `  budget 90 kB: OVER by ${fmtKib(over)}`
          : `  budget 90 kB: ok (${fmtKib(-over)} to spare)`;
    }
    if (bundle.name === 'landing' && bundle.jsFiles.length > 1)
      verdict += ` (${bundle.jsFiles.length} JS files; docs/decisions.md wants one)`;
    console.log(
      `  ${pad(bundle.name, 9)} ${pad(bundle.route, 14)} ${pad(module, 34)} ${padStart(String(bundle.jsFiles.length), 5)} ${padStart(fmtKib(bundle.jsGzipBytes), 9)} ${padStart(fmtKib(bundle.cssGzipBytes), 8)}${verdict}`,
    );
  }
  console.log('  (kB = 1024 bytes)');
}

interface PageResult {
  name: string;
  path: string;
  runs: LighthouseRun[];
  median: { score: number } & Record<MetricKey, number>;
  /** Scripts the median run fetched, gzip -9 of their built files (what the browser really loaded). */
  scriptsGzipBytes: number;
}

async function startCloud(): Promise<LocalCloud> {
  const started = performance.now();
  progress('starting the local cloud (in memory, demo data, free ports)');
  const cloud = await startLocalCloud({
    ports: await freeLocalPorts(),
    timerScale: 1,
    webRoot: outDir,
    beforeGateway: async ({ cognito, streams }) => {
      await seedDemoData({ cognitoEndpoint: cognito.endpoint, userPoolId: cognito.userPoolId });
      await streams.drain();
    },
  });
  progress(`local cloud at ${cloud.url} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return cloud;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Loads each page's HTML, assets and API answers once, so no run pays for a cold handler. */
async function warmUp(baseUrl: string, paths: string[], listingId: string) {
  const urls = [
    ...paths,
    '/config.json',
    '/api/listings',
    '/api/listings?perPage=8',
    `/api/listings/${encodeURIComponent(listingId)}`,
  ];
  for (const path of urls) await (await fetch(baseUrl + path)).arrayBuffer();
}

/** The Chrome of the current Lighthouse runs, so a signal can stop it too. */
let chrome: Chrome | undefined;

async function measurePages(baseUrl: string): Promise<PageResult[]> {
  const search = await getJson<{ data: Array<{ id: string; slug?: string; title: string }> }>(
    `${baseUrl}/api/listings?perPage=1`,
  );
  const listing = search.data[0];
  if (!listing) throw new Error('GET /api/listings returned no listing: the demo data is missing');
  const pages = [
    { name: 'landing', path: '/' },
    { name: 'search', path: '/s' },
    { name: 'listing', path: `/l/${listing.slug || createSlug(listing.title)}/${listing.id}` },
  ].filter((page) => lighthousePages.includes(page.name));
  await warmUp(
    baseUrl,
    pages.map((page) => page.path),
    listing.id,
  );

  mkdirSync(reportDir, { recursive: true });
  const results = new Map(pages.map((page) => [page.name, [] as LighthouseRun[]]));
  try {
    progress(`launching ${chromePath} ${defaultChromeFlags.join(' ')}`);
    const browser = await launchChrome(chromePath);
    chrome = browser;
    // Round-robin, so a burst of load from elsewhere on the machine does not hit one page only.
    for (let round = 1; round <= runs; round++) {
      for (const page of pages) {
        const started = performance.now();
        const run = await runLighthouse(baseUrl + page.path, browser, (json) =>
          writeFileSync(join(reportDir, `${page.name}-${round}.json`), json),
        );
        results.get(page.name)!.push(run);
        progress(
          `Lighthouse ${page.name} run ${round}/${runs}: ${run.score} (LCP ${fmtMs(run.metrics.lcp)}, TBT ${fmtMs(run.metrics.tbt)}) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
      }
    }
  } finally {
    await chrome?.kill();
    chrome = undefined;
  }
  return pages.map((page) => {
    const pageRuns = results.get(page.name)!;
    const representative = medianRun(pageRuns);
    const scriptsGzipBytes = representative.scripts.reduce((sum, script) => {
      const file = join(outDir, new URL(script.path, 'http://x').pathname);
      return sum + (existsSync(file) ? gzipSize(file) : script.transferBytes);
    }, 0);
    return {
      name: page.name,
      path: page.path,
      runs: pageRuns,
      median: {
        score: median(pageRuns.map((run) => run.score)),
        ...(Object.fromEntries(
          Object.keys(metricIds).map((key) => [
            key,
            median(pageRuns.map((run) => run.metrics[key as MetricKey])),
          ]),
        ) as Record<MetricKey, number>),
      },
      scriptsGzipBytes,
    };
  });
}

function printPages(pages: PageResult[]) {
  console.log(
    `\nLighthouse ${runs > 1 ? `median of ${runs} runs` : '1 run'} (mobile, simulated throttling, performance only; budget ≥ ${budgets.lighthouseScore}); local gateway, compressing as CloudFront does`,
  );
  console.log(
    `  ${pad('page', 9)} ${padStart('score', 5)} ${padStart('FCP', 8)} ${padStart('LCP', 8)} ${padStart('TBT', 8)} ${padStart('CLS', 6)} ${padStart('SI', 8)}  ${pad('runs', 12)} ${padStart('JS loaded', 9)}  verdict`,
  );
  for (const page of pages) {
    const m = page.median;
    console.log(
      `  ${pad(page.name, 9)} ${padStart(String(m.score), 5)} ${padStart(fmtMs(m.fcp), 8)} ${padStart(fmtMs(m.lcp), 8)} ${padStart(fmtMs(m.tbt), 8)} ${padStart(m.cls.toFixed(3), 6)} ${padStart(fmtMs(m.si), 8)}  ${pad(page.runs.map((run) => run.score).join('/'), 12)} ${padStart(fmtKib(page.scriptsGzipBytes), 9)}  ${m.score >= budgets.lighthouseScore ? 'ok' : 'BELOW 95'}`,
    );
  }
  console.log(`  pages: ${pages.map((page) => `${page.name} ${page.path}`).join(', ')}`);
  for (const page of pages) {
    const run = medianRun(page.runs);
    console.log(`\n  ${page.name} (run scoring ${run.score}): what costs points`);
    if (run.lcpElement) {
      const phases = run.lcpPhases
        ? ` — ${Object.entries(run.lcpPhases)
            .map(([phase, ms]) => `${phase} ${fmtMs(ms)}`)
            .join(', ')}`
        : '';
      console.log(`    LCP element: ${run.lcpElement}${phases}`);
    }
    for (const finding of run.findings) {
      if (finding.id === 'largest-contentful-paint-element') continue;
      const savings = finding.metricSavings
        ? Object.entries(finding.metricSavings)
            .filter(([, value]) => value > 0)
            .map(([metric, value]) => `${metric} −${metric === 'CLS' ? value.toFixed(3) : fmtMs(value)}`)
            .join(', ')
        : '';
      console.log(
        `    ${finding.title}${finding.displayValue ? ` (${finding.displayValue})` : ''}${savings ? ` [${savings}]` : ''}`,
      );
      for (const item of finding.items) console.log(`      ${item}`);
    }
    for (const warning of run.warnings) console.log(`    warning: ${warning}`);
  }
}

async function main() {
  const started = new Date();
  const buildMs = options['skip-build'] ? undefined : build();
  if (!existsSync(join(outDir, 'index.html')))
    throw new Error(`${outDir}/index.html is missing: build first`);
  const bundles = measureBundles();
  const landing = bundles.find((bundle) => bundle.name === 'landing')!;
  const report: Record<string, unknown> = {
    startedAt: started.toISOString(),
    buildMs,
    budgets,
    landingJs: {
      gzipBytes: landing.jsGzipBytes,
      budgetBytes: budgets.landingJsGzipBytes,
      withinBudget: landing.jsGzipBytes <= budgets.landingJsGzipBytes,
    },
    bundles,
  };
  const write = () => {
    mkdirSync('test-results', { recursive: true });
    writeFileSync(resultFile, `${JSON.stringify(report, null, 2)}\n`);
  };
  printBundles(bundles);
  if (!options['no-modules']) {
    const modules = landingModules();
    report.landingModules = modules;
    printModules(modules);
  }
  write();

  if (options['no-lighthouse']) {
    console.log(`\nFigures written to ${resultFile}`);
    return;
  }
  let cloud: LocalCloud | undefined;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await chrome?.kill();
    await cloud?.stop();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      progress(`${signal}: stopping Chrome and the local cloud`);
      void stop().finally(() => process.exit(130));
    });
  }
  try {
    cloud = await startCloud();
    const pages = await measurePages(cloud.url);
    report.lighthouse = {
      served: 'local gateway (gzip as CloudFront)',
      lighthouseVersion: pages[0]?.runs[0]?.lighthouseVersion,
      chromePath,
      chromeFlags: defaultChromeFlags,
      runsPerPage: runs,
      pages,
    };
    printPages(pages);
  } catch (error) {
    report.error = String(error instanceof Error ? (error.stack ?? error.message) : error);
    throw error;
  } finally {
    write();
    await stop();
  }
  console.log(`\nFigures written to ${resultFile}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
