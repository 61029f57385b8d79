import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freeLocalPorts, type LocalCloud, startLocalCloud } from '../../infra/local/cloud';
import { seedDemoData } from '../../infra/local/seed/seed';
import { createSlug } from '../../shared/text/slug';
import { gzipSize } from './web-bundle';
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
import { chromePath, lighthousePages, outDir, reportDir, runs } from './web-options';
import { fmtMs, progress } from './web-print';

/**
 * Lighthouse on the built site: the whole local cloud (in memory, demo data, free ports), each page
 * warmed once, then the runs round-robin, summed up as each metric's median.
 */
export interface PageResult {
  name: string;
  path: string;
  runs: LighthouseRun[];
  median: { score: number } & Record<MetricKey, number>;
  /** Scripts the median run fetched, gzip -9 of their built files (what the browser really loaded). */
  scriptsGzipBytes: number;
}

interface Page {
  name: string;
  path: string;
}

export async function startCloud(): Promise<LocalCloud> {
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

export async function stopChrome(): Promise<void> {
  await chrome?.kill();
}

/** The pages --pages asks for (the listing: the newest of the demo data), warmed up. */
async function pagesToMeasure(baseUrl: string): Promise<Page[]> {
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
  return pages;
}

/** Every run of every page, by page name; each full report in the report folder. */
async function runRounds(baseUrl: string, pages: Page[]): Promise<Map<string, LighthouseRun[]>> {
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
  return results;
}

function pageResult(page: Page, pageRuns: LighthouseRun[]): PageResult {
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
}

export async function measurePages(baseUrl: string): Promise<PageResult[]> {
  const pages = await pagesToMeasure(baseUrl);
  const results = await runRounds(baseUrl, pages);
  return pages.map((page) => pageResult(page, results.get(page.name)!));
}
