import { describe, expect, it, vi } from 'vitest';
import { createErrorReporter, type SentryBrowser } from './errors';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeSentry() {
  return { captureException: vi.fn(), setUser: vi.fn() } satisfies SentryBrowser;
}

describe('reportError (browser)', () => {
  it('without sentryDsn logs [tag] and the error, and never loads Sentry', async () => {
    const log = vi.fn();
    const loadSentry = vi.fn();
    const reporter = createErrorReporter({ loadConfig: async () => ({}), loadSentry, log });
    const error = new Error('offline');
    reporter.reportError(error, 'fetch-current-user-failed');
    reporter.setErrorReportingUser({ id: 'u1' });
    expect(log).not.toHaveBeenCalled(); // queued until the configuration is known
    await tick();
    reporter.reportError(error, 'page-asset-fetch-failed', { path: 'content/pages/about.json' });
    expect(log.mock.calls).toEqual([
      ['[fetch-current-user-failed]', error],
      ['[page-asset-fetch-failed]', error, { path: 'content/pages/about.json' }],
    ]);
    expect(loadSentry).not.toHaveBeenCalled();
  });

  it('with sentryDsn loads Sentry once and replays the queued calls in order', async () => {
    const sentry = fakeSentry();
    const loadSentry = vi.fn(async () => sentry);
    const loadConfig = vi.fn(async () => ({ sentryDsn: 'https://key@o1.ingest.sentry.io/2' }));
    const log = vi.fn();
    const reporter = createErrorReporter({ loadConfig, loadSentry, log });
    const first = new Error('first');
    reporter.setErrorReportingUser({ id: 'u1', email: 'ada@example.com' });
    reporter.reportError(first, 'signup-failed', { step: 'sign-in' });
    reporter.reportError('second', 'auth-info-failed');
    await tick();
    reporter.setErrorReportingUser({ id: 'u1' }); // same user: nothing new
    reporter.setErrorReportingUser(null);
    reporter.reportError('third', 'create-user-with-idp-failed');

    expect(loadConfig).toHaveBeenCalledTimes(1);
    expect(loadSentry).toHaveBeenCalledTimes(1);
    expect(sentry.setUser.mock.calls).toEqual([[{ id: 'u1', email: 'ada@example.com' }], [null]]);
    expect(sentry.captureException.mock.calls).toEqual([
      [first, { tags: { tag: 'signup-failed' }, extra: { step: 'sign-in' } }],
      ['second', { tags: { tag: 'auth-info-failed' } }],
      ['third', { tags: { tag: 'create-user-with-idp-failed' } }],
    ]);
    expect(sentry.setUser.mock.invocationCallOrder[0]).toBeLessThan(
      sentry.captureException.mock.invocationCallOrder[0]!,
    );
    expect(log).not.toHaveBeenCalled();
  });

  it('falls back to the console when Sentry cannot load, and retries a failed configuration later', async () => {
    const log = vi.fn();
    const noSentry = createErrorReporter({
      loadConfig: async () => ({ sentryDsn: 'https://key@o1.ingest.sentry.io/2' }),
      loadSentry: async () => {
        throw new Error('chunk failed');
      },
      log,
    });
    noSentry.reportError('x', 'app-asset-fetch-failed');
    await tick();
    expect(log.mock.calls.map((call) => call[0])).toEqual([
      '[app-asset-fetch-failed]',
      '[error-reporting-unavailable]',
    ]);

    const loadConfig = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({});
    const later = createErrorReporter({ loadConfig, loadSentry: vi.fn(), log });
    later.reportError('y', 'fetch-current-user-failed');
    await tick();
    later.reportError('z', 'fetch-current-user-failed');
    await tick();
    expect(loadConfig).toHaveBeenCalledTimes(2);
    expect(log.mock.calls.slice(2).map((call) => call[1])).toEqual(['y', 'z']);
  });
});
