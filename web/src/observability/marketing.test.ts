import { describe, expect, it, vi } from 'vitest';
import { createMarketing } from './marketing';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeFetch(status = 204) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(status === 204 ? null : JSON.stringify({ errors: [{ status, title: 'x' }] }), {
      status,
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function marketing(
  options: {
    klaviyo?: boolean;
    user?: { limited?: boolean; emailVerified?: boolean } | null;
    status?: number;
  } = {},
) {
  const { fetch, calls } = fakeFetch(options.status);
  const log = vi.fn();
  const api = createMarketing({
    loadConfig: async () => ({ klaviyo: options.klaviyo ?? true }),
    currentUser: () => (options.user === undefined ? { limited: false } : options.user),
    request: { fetch, token: 'access-token' },
    log,
  });
  return { ...api, calls, log };
}

describe('marketing (browser)', () => {
  it('posts a page view of a signed-in user with the access token', async () => {
    const { trackPageView, calls } = marketing();
    await trackPageView('/s');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/klaviyo/track-event');
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ pathname: '/s' });
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe('Bearer access-token');
  });

  it('updates the marketing profile with an empty POST', async () => {
    const { updateMarketingProfile, calls } = marketing();
    await updateMarketingProfile();
    expect(calls.map((call) => [call.url, call.init.method, call.init.body])).toEqual([
      ['/api/klaviyo/update-profile', 'POST', undefined],
    ]);
  });

  it('sends nothing for anonymous visitors, limited sessions, unverified addresses, with tracking off, or for odd paths', async () => {
    for (const setup of [
      { user: null },
      { user: { limited: true } },
      { user: { emailVerified: false } },
      { klaviyo: false },
    ]) {
      const { trackPageView, updateMarketingProfile, calls } = marketing(setup);
      await trackPageView('/s');
      await updateMarketingProfile();
      expect(calls, JSON.stringify(setup)).toEqual([]);
    }
    const { trackPageView, calls } = marketing();
    for (const pathname of ['', 'relative', '/with space', `/${'a'.repeat(200)}`])
      await trackPageView(pathname);
    expect(calls).toEqual([]);
  });

  it('only logs a failure: fire and forget', async () => {
    const { trackPageView, log } = marketing({ status: 500 });
    await expect(trackPageView('/s')).resolves.toBeUndefined();
    await tick();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![0]).toBe('[marketing] POST /api/klaviyo/track-event failed');
  });
});
