import { type RouteTarget, route } from '../../../shared/api/routes';
import { isTrackablePathname } from '../../../shared/validation/marketing';
import { callApi, type RequestOptions } from '../api/client';
import { loadRuntimeConfig } from '../auth/runtime-config';
import { authStore } from '../auth/store';

/**
 * The marketing-email integration (§7: Klaviyo, through our own API). Both calls are fire and
 * forget: they never throw and never hold anything up; a failure is only logged. Nothing is sent
 * unless `/config.json` says `klaviyo: true`, nor for anonymous visitors, an operator's limited
 * session or an unverified address. In the landing page's first load (the shell calls trackPageView on every route change),
 * so it stays tiny.
 */
export interface MarketingDeps {
  loadConfig?: () => Promise<{ klaviyo?: boolean }>;
  /** The signed-in user, if any (default: the auth store's). */
  currentUser?: () => { limited?: boolean; emailVerified?: boolean } | null;
  request?: RequestOptions;
  log?: (...values: unknown[]) => void;
}

export function createMarketing(deps: MarketingDeps = {}) {
  const loadConfig = deps.loadConfig ?? (() => loadRuntimeConfig());
  const currentUser = deps.currentUser ?? (() => authStore.get().currentUser);
  const log = deps.log ?? ((...values: unknown[]) => console.warn(...values));

  /** Runs `call` for a signed-in, unlimited user when marketing is on; a failure is only logged. */
  async function send(target: RouteTarget, call: () => Promise<unknown>): Promise<void> {
    const user = currentUser();
    // Only verified addresses reach the marketing service (issue 25; the API checks it too).
    if (!user || user.limited || user.emailVerified === false) return;
    try {
      if ((await loadConfig()).klaviyo !== true) return;
      await call();
    } catch (error) {
      log(`[marketing] ${target.method} ${target.path} failed`, error);
    }
  }

  return {
    /** After sign-up and login: creates or updates the user's marketing profile. */
    updateMarketingProfile(): Promise<void> {
      const target = route('klaviyoUpdateProfile');
      return send(target, () => callApi(target, deps.request));
    },
    /** A page view of a signed-in user (`viewPage_{pathname}`); other visitors are not tracked. */
    trackPageView(pathname: string): Promise<void> {
      if (!isTrackablePathname(pathname)) return Promise.resolve();
      const target = route('klaviyoTrackEvent');
      return send(target, () => callApi(target, { ...deps.request, body: { pathname } }));
    },
  };
}

const marketing = createMarketing();

export const updateMarketingProfile = marketing.updateMarketingProfile;
export const trackPageView = marketing.trackPageView;
