import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * E2E tests in the system Chromium (Playwright cannot download browsers here) against the whole
 * local cloud, started in memory on port 3100 (or VELO_E2E_PORT) with demo data. `npm run test:e2e` builds the web app
 * first. Set VELO_E2E_BASE_URL to run against a stack that is already running instead.
 */
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
// VELO_E2E_PORT lets two runs (e.g. one spec while another suite runs) use separate stacks.
const port = Number(process.env.VELO_E2E_PORT ?? 3100);
const externalBaseUrl = process.env.VELO_E2E_BASE_URL;
const baseURL = externalBaseUrl ?? `http://localhost:${port}`;
/** The reminder timers of the e2e stack, in milliseconds (shared/process/deadlines.ts). */
const e2eReminderOverrides = { 'ship-reminder': 4000, 'report-problem-reminder': 4000 };
const executablePath = ['/usr/bin/chromium', '/usr/lib/chromium/chromium'].find((path) => existsSync(path));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Specs that change shared demo data (closing a listing changes every search) run after the rest.
  projects: [
    { name: 'chromium', testIgnore: '**/*.after.spec.ts' },
    { name: 'after', testMatch: '**/*.after.spec.ts', dependencies: ['chromium'] },
  ],
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: `${repoRoot}test-results/e2e`,
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    // Visitors who already accepted cookies: the consent bar (tested in shell.spec.ts) stays away.
    storageState: {
      cookies: [
        {
          name: 'euCookiesAccepted',
          value: '1',
          domain: 'localhost',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
  },
  ...(externalBaseUrl
    ? {}
    : {
        webServer: {
          command: `node --import tsx infra/local/start.ts --ephemeral --port ${port}`,
          cwd: repoRoot,
          url: `${baseURL}/`,
          timeout: 180_000,
          reuseExistingServer: false,
          // The e-mail reminders fire seconds after their state is entered (the enquiry-to-reviews
          // journey waits for both); every other timer runs in real time.
          env: { VELO_TIMER_OVERRIDES: JSON.stringify(e2eReminderOverrides) },
          stdout: 'ignore',
          stderr: 'pipe',
          // SIGTERM lets the local cloud stop its child processes (Java, cognito-local) itself.
          gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
        },
      }),
});
