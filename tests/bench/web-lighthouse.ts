import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';

/**
 * Lighthouse 12, default config: mobile emulation, simulated throttling (Slow 4G, 4× CPU), only the
 * performance category, in the system Chromium started by chrome-launcher.
 */

export const metricIds = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;
export type MetricKey = keyof typeof metricIds;

export interface LighthouseRun {
  lighthouseVersion: string;
  /** 0–100. */
  score: number;
  /** ms, except cls (unitless). */
  metrics: Record<MetricKey, number>;
  benchmarkIndex: number | undefined;
  /** What costs points: metrics below a full score and failing opportunities/diagnostics. */
  findings: Finding[];
  lcpElement: string | undefined;
  /** LCP phases (ms) as Lighthouse splits them, when it could. */
  lcpPhases: Record<string, number> | undefined;
  /** Scripts the page fetched: URL path and bytes on the wire. */
  scripts: Array<{ path: string; transferBytes: number }>;
  warnings: string[];
}

export interface Finding {
  id: string;
  title: string;
  score: number | null;
  displayValue: string | undefined;
  /** Estimated savings Lighthouse gives (ms for FCP/LCP, etc.). */
  metricSavings: Record<string, number> | undefined;
  /** Up to three offending items (URLs, nodes), shortened. */
  items: string[];
}

export interface Chrome {
  port: number;
  kill(): Promise<void>;
}

export const defaultChromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu'];

export async function launchChrome(chromePath: string): Promise<Chrome> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: defaultChromeFlags,
    logLevel: 'silent',
    // The bench stops Chrome itself on Ctrl-C, after the local cloud (chrome-launcher's own
    // handler would exit the process before the cloud's child processes are stopped).
    handleSIGINT: false,
  });
  return { port: chrome.port, kill: async () => chrome.kill() };
}

type Audit = Result['audits'][string];

function shorten(text: string, max = 110): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

/** A table/opportunity item as one short line: its URL (path only), node snippet or label. */
function describeItem(item: Record<string, unknown>, origin: string): string | undefined {
  const node = item.node as { snippet?: string; nodeLabel?: string } | undefined;
  if (node?.snippet) return shorten(node.snippet);
  for (const key of ['url', 'source', 'label', 'groupLabel', 'description']) {
    const value = item[key];
    if (typeof value === 'string' && value) return shorten(value.replace(origin, ''));
    if (value && typeof value === 'object' && 'url' in value && typeof value.url === 'string')
      return shorten(value.url.replace(origin, ''));
  }
  return undefined;
}

function itemsOf(audit: Audit | undefined): Array<Record<string, unknown>> {
  const details = audit?.details as { type?: string; items?: unknown } | undefined;
  if (!Array.isArray(details?.items)) return [];
  // A list (e.g. the LCP element audit) holds tables; take the first table's rows.
  if (details.type === 'list') {
    const first = details.items[0] as { items?: unknown } | undefined;
    return Array.isArray(first?.items) ? (first.items as Array<Record<string, unknown>>) : [];
  }
  return details.items as Array<Record<string, unknown>>;
}

function lcpPhasesOf(audits: Result['audits']): Record<string, number> | undefined {
  // Lighthouse 12: the second table of largest-contentful-paint-element holds the phases.
  const details = audits['largest-contentful-paint-element']?.details as
    | { type?: string; items?: Array<{ items?: Array<Record<string, unknown>> }> }
    | undefined;
  const phases = details?.type === 'list' ? details.items?.[1]?.items : undefined;
  if (!phases?.length) return undefined;
  const result: Record<string, number> = {};
  for (const phase of phases) {
    if (typeof phase.phase === 'string' && typeof phase.timing === 'number')
      result[phase.phase] = Math.round(phase.timing);
  }
  return result;
}

export function summarise(lhr: Result): LighthouseRun {
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const audits = lhr.audits;
  const metrics = Object.fromEntries(
    Object.entries(metricIds).map(([key, id]) => [key, audits[id]?.numericValue ?? Number.NaN]),
  ) as Record<MetricKey, number>;
  const performance = lhr.categories.performance;
  const findings: Finding[] = [];
  const metricAuditIds = new Set<string>(Object.values(metricIds));
  const seen = new Set<string>();
  const consider = (audit: Audit | undefined) => {
    if (!audit || seen.has(audit.id)) return;
    seen.add(audit.id);
    const failing = metricAuditIds.has(audit.id)
      ? (audit.score ?? 1) < 1
      : (audit.scoreDisplayMode === 'metricSavings' ||
          audit.scoreDisplayMode === 'binary' ||
          audit.scoreDisplayMode === 'numeric') &&
        audit.score !== null &&
        audit.score < 0.9;
    const informative =
      audit.scoreDisplayMode === 'informative' &&
      [
        'largest-contentful-paint-element',
        'long-tasks',
        'layout-shifts',
        'lcp-phases-insight',
        'render-blocking-insight',
      ].includes(audit.id) &&
      itemsOf(audit).length > 0;
    if (!failing && !informative) return;
    findings.push({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      displayValue: audit.displayValue,
      metricSavings: audit.metricSavings as Record<string, number> | undefined,
      items: itemsOf(audit)
        .map((item) => describeItem(item, origin))
        .filter((text): text is string => Boolean(text))
        .slice(0, 3),
    });
  };
  for (const ref of performance?.auditRefs ?? []) consider(audits[ref.id]);
  const lcpItems = itemsOf(audits['largest-contentful-paint-element']);
  const requests = itemsOf(audits['network-requests']);
  return {
    lighthouseVersion: lhr.lighthouseVersion,
    score: Math.round((performance?.score ?? 0) * 100),
    metrics,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    findings,
    lcpElement: lcpItems[0] ? describeItem(lcpItems[0], origin) : undefined,
    lcpPhases: lcpPhasesOf(audits),
    scripts: requests
      .filter((request) => request.resourceType === 'Script' && typeof request.url === 'string')
      .map((request) => ({
        path: (request.url as string).replace(origin, ''),
        transferBytes: Number(request.transferSize ?? 0),
      })),
    warnings: lhr.runWarnings ?? [],
  };
}

/** Runs Lighthouse once; `saveReport` gets the full JSON report (for a closer look). */
export async function runLighthouse(
  url: string,
  chrome: Chrome,
  saveReport?: (json: string) => void,
): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  if (result.lhr.runtimeError) {
    throw new Error(
      `Lighthouse failed on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
    );
  }
  if (saveReport && typeof result.report === 'string') saveReport(result.report);
  return summarise(result.lhr);
}

export function median(values: number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The run whose score is the median (ties: the one with the median LCP), for its findings. */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.score - b.score || a.metrics.lcp - b.metrics.lcp);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
