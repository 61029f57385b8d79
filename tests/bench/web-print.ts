import type { ModuleShare } from './web-bundle';
import { medianRun } from './web-lighthouse';
import type { BundleFigures } from './web-measure';
import { budgets, kib, runs } from './web-options';
import type { PageResult } from './web-pages';

/** What `npm run bench:web` prints: the tables on stdout, progress on stderr. */

export const fmtKib = (bytes: number) => `${(bytes / kib).toFixed(1)} kB`;
export const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
const pad = (text: string, width: number) => text.padEnd(width);
const padStart = (text: string, width: number) => text.padStart(width);
export const progress = (line: string) => process.stderr.write(`· ${line}\n`);

export function printModules(modules: ModuleShare[], top = 15) {
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

export function printBundles(bundles: BundleFigures) {
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

export function printPages(pages: PageResult[]) {
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
  for (const page of pages) printCosts(page);
}

/** "What costs points", from the run with the median score. */
function printCosts(page: PageResult) {
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
