import { describe, expect, it, vi } from 'vitest';
import { createErrorReporter, type SentryApi } from './observability';

function fakeSentry() {
  return {
    init: vi.fn(),
    captureException: vi.fn(),
    flush: vi.fn(async () => true),
  } satisfies SentryApi;
}

describe('reportError (Lambda)', () => {
  it('without SENTRY_DSN logs one JSON line and never loads Sentry', async () => {
    const lines: string[] = [];
    const loadSentry = vi.fn();
    const { reportError } = createErrorReporter({ env: {}, loadSentry, log: (line) => lines.push(line) });
    await reportError(new TypeError('boom'), { handler: 'users-me', route: 'GET /api/me' });
    expect(loadSentry).not.toHaveBeenCalled();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'error',
      name: 'TypeError',
      message: 'boom',
      stack: expect.stringContaining('boom'),
      tags: { handler: 'users-me', route: 'GET /api/me' },
    });
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
    const lines: string[] = [];
    const missing = createErrorReporter({
      env: { SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2' },
      loadSentry: async () => {
        throw Object.assign(new Error('Cannot find package'), { code: 'ERR_MODULE_NOT_FOUND' });
      },
      log: (line) => lines.push(line),
    });
    await expect(missing.reportError(new Error('x'), { handler: 'a' })).resolves.toBeUndefined();
    await missing.reportError(new Error('y'), { handler: 'a' });
    // Two reports, one note that Sentry is missing.
    expect(lines.map((line) => JSON.parse(line).message)).toEqual(['x', 'Sentry could not be loaded', 'y']);

    const sentry = fakeSentry();
    sentry.flush.mockRejectedValueOnce(new Error('network down'));
    const failing = createErrorReporter({
      env: { SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2' },
      loadSentry: async () => sentry,
      log: (line) => lines.push(line),
    });
    await expect(failing.reportError(new Error('z'), {})).resolves.toBeUndefined();
    expect(JSON.parse(lines.at(-1)!).message).toBe('Sentry report failed');
  });
});
