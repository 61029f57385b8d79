import { parseArgs } from 'node:util';

/**
 * The options and fixed settings of `npm run bench:web` (web.ts): --skip-build (measure dist/web as
 * it is), --no-modules, --no-lighthouse, --runs N (default 3), --pages landing,search,listing (which
 * pages Lighthouse runs on). CHROME_PATH overrides /usr/bin/chromium.
 */
export const outDir = 'dist/web';
export const resultFile = 'test-results/bench-web.json';
/** Full Lighthouse reports, one per run (open in https://googlechrome.github.io/lighthouse/viewer/). */
export const reportDir = 'test-results/bench-web';
export const kib = 1024;
export const budgets = { landingJsGzipBytes: 90 * kib, lighthouseScore: 95 };

export const { values: options } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-modules': { type: 'boolean', default: false },
    pages: { type: 'string', default: 'landing,search,listing' },
    runs: { type: 'string', default: '3' },
  },
  strict: true,
});
export const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number ≥ 1, got ${options.runs}`);
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const lighthousePages = options.pages.split(',').map((name) => name.trim());
for (const name of lighthousePages) {
  if (!['landing', 'search', 'listing'].includes(name)) throw new Error(`--pages: unknown page ${name}`);
}
