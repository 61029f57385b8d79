import * as Sentry from '@sentry/browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig } from '../auth/runtime-config';

vi.mock('@sentry/browser', () => ({ init: vi.fn(), captureException: vi.fn(), setUser: vi.fn() }));
vi.mock('../auth/runtime-config', () => ({ loadRuntimeConfig: vi.fn() }));

const config = (sentryDsn?: string) =>
  ({
    apiBaseUrl: '/api',
    currency: 'USD',
    cognito: { userPoolId: 'p', clientId: 'c' },
    sentryDsn,
  }) as Awaited<ReturnType<typeof loadRuntimeConfig>>;

beforeEach(() => {
  vi.resetModules();
  vi.clearAllMocks();
});

describe('startSentry', () => {
  it('initialises Sentry once with the DSN of /config.json', async () => {
    vi.mocked(loadRuntimeConfig).mockResolvedValue(config('https://key@o1.ingest.sentry.io/2'));
    const { startSentry } = await import('./sentry');
    const first = await startSentry();
    expect(await startSentry()).toBe(first);
    expect(Sentry.init).toHaveBeenCalledTimes(1);
    expect(Sentry.init).toHaveBeenCalledWith({ dsn: 'https://key@o1.ingest.sentry.io/2' });
    first?.captureException(new Error('x'), { tags: { tag: 'signup-failed' } });
    expect(Sentry.captureException).toHaveBeenCalledTimes(1);
  });

  it('does nothing without a DSN', async () => {
    vi.mocked(loadRuntimeConfig).mockResolvedValue(config());
    const { startSentry } = await import('./sentry');
    expect(await startSentry()).toBeUndefined();
    expect(Sentry.init).not.toHaveBeenCalled();
  });
});
