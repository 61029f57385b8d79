import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalCloud } from '../../infra/local/cloud';
import { defaultChromeFlags } from './web-lighthouse';
import { build, landingModules, measureBundles } from './web-measure';
import { budgets, chromePath, options, outDir, resultFile, runs } from './web-options';
import { measurePages, startCloud, stopChrome } from './web-pages';
import { printBundles, printModules, printPages, progress } from './web-print';

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
 * Options (web-options.ts): --skip-build (measure dist/web as it is), --no-modules, --no-lighthouse,
 * --runs N (default 3), --pages landing,search,listing (which pages Lighthouse runs on).
 * CHROME_PATH overrides /usr/bin/chromium. The build's figures: web-measure.ts; Lighthouse:
 * web-pages.ts; the tables: web-print.ts.
 */
type Report = Record<string, unknown>;

function writeReport(report: Report) {
  mkdirSync('test-results', { recursive: true });
  writeFileSync(resultFile, `${JSON.stringify(report, null, 2)}\n`);
}

/** The build (unless --skip-build), its bundles and (unless --no-modules) the landing page's modules. */
function measureBuild(started: Date): Report {
  const buildMs = options['skip-build'] ? undefined : build();
  if (!existsSync(join(outDir, 'index.html')))
    throw new Error(`${outDir}/index.html is missing: build first`);
  const bundles = measureBundles();
  const landing = bundles.find((bundle) => bundle.name === 'landing')!;
  const report: Report = {
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
  printBundles(bundles);
  if (!options['no-modules']) {
    const modules = landingModules();
    report.landingModules = modules;
    printModules(modules);
  }
  return report;
}

/** Lighthouse against the local cloud; Chrome and the cloud stop at the end, on failure or a signal. */
async function measureLighthouse(report: Report) {
  let cloud: LocalCloud | undefined;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stopChrome();
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
    writeReport(report);
    await stop();
  }
}

async function main() {
  const report = measureBuild(new Date());
  writeReport(report);
  if (!options['no-lighthouse']) await measureLighthouse(report);
  console.log(`\nFigures written to ${resultFile}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
