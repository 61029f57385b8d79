import { describe, expect, it, vi } from 'vitest';
import { createErrorReporter, type SentryApi } from './observability';

type Line = { message: string } & Record<string, unknown>;

function collect(lines: Line[]) {
  return (message: string, fields: Record<string, unknown>) => lines.push({ message, ...fields });
}

function fakeSentry() {
  return {
    init: vi.fn(),
    captureException: vi.fn(),
    flush: vi.fn(async () => true),
  } satisfies SentryApi;
}

describe('reportError (Lambda)', () => {
  it('without SENTRY_DSN logs one error line and never loads Sentry', async () => {
    const lines: Line[] = [];
    const loadSentry = vi.fn();
    const { reportError } = createErrorReporter({ env: {}, loadSentry, log: collect(lines) });
    const failure = new TypeError('boom');
    await reportError(failure, { handler: 'users-me', route: 'GET /api/me' });
    expect(loadSentry).not.toHaveBeenCalled();
    expect(lines).toEqual([
      { message: 'boom', error: failure, tags: { handler: 'users-me', route: 'GET /api/me' } },
    ]);
  });

  it('with SENTRY_DSN initialises Sentry once and captures with the tags, then flushes', async () => {
    const sentry = fakeSentry();
    const loadSentry = vi.fn(async () => sentry);
    const { reportError } = createErrorReporter({
      env: { SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2', SENTRY_ENVIRONMENT: 'staging' },
      loadSentry,
      log: () => undefined,
      flushTimeoutMs: 500,
    });
    const first = new Error('first');
    await Promise.all([reportError(first, { handler: 'a' }), reportError('second', { handler: 'b' })]);
    await reportError(new Error('third'), { handler: 'c' });
    expect(loadSentry).toHaveBeenCalledTimes(1);
    expect(sentry.init).toHaveBeenCalledTimes(1);
    expect(sentry.init).toHaveBeenCalledWith({
      dsn: 'https://key@o1.ingest.sentry.io/2',
      environment: 'staging',
      tracesSampleRate: 0,
    });
    expect(sentry.captureException).toHaveBeenCalledWith(first, { tags: { handler: 'a' } });
    expect(sentry.captureException).toHaveBeenCalledWith('second', { tags: { handler: 'b' } });
    expect(sentry.captureException).toHaveBeenCalledTimes(3);
    expect(sentry.flush).toHaveBeenCalledWith(500);
  });

  it('keeps answering when Sentry cannot be loaded or fails', async () => {
    const lines: Line[] = [];
    const missing = createErrorReporter({
      env: { SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2' },
      loadSentry: async () => {
        throw Object.assign(new Error('Cannot find package'), { code: 'ERR_MODULE_NOT_FOUND' });
      },
      log: collect(lines),
    });
    await expect(missing.reportError(new Error('x'), { handler: 'a' })).resolves.toBeUndefined();
    await missing.reportError(new Error('y'), { handler: 'a' });
    // Two reports, one note that Sentry is missing.
    expect(lines.map((line) => line.message)).toEqual(['x', 'Sentry could not be loaded', 'y']);

    const sentry = fakeSentry();
    sentry.flush.mockRejectedValueOnce(new Error('network down'));
    const failing = createErrorReporter({
      env: { SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2' },
      loadSentry: async () => sentry,
      log: collect(lines),
    });
    await expect(failing.reportError(new Error('z'), {})).resolves.toBeUndefined();
    expect(lines.at(-1)).toMatchObject({ message: 'Sentry report failed', error: expect.any(Error) });
  });
});
