import { atom, useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import { getNotifications } from '../api/transactions';
import { notificationsVersionAtom } from './notifications';

/**
 * The seller's notification count (spec §2 "inbox with notification dot", "inbox with count badge";
 * §4 "after each transition the inbox notification count is refreshed"): `GET /api/me/notifications`
 * fetched when the first reader mounts, again whenever `notificationsVersionAtom` changes (every
 * transition the app makes bumps it), when the window gets focus and every 60 s while the page is
 * visible. One poller per jotai store however many components read the count (the top bar's link,
 * the mobile menu, the inbox's sales tab). Only signed-in components use this module, and it is
 * loaded lazily, so anonymous visitors neither load it nor call the API.
 */
export const notificationsPollMs = 60_000;

/** Sales that need the seller's action; null until the first answer (or for nobody signed in). */
export const saleNotificationCountAtom = atom<number | null>(null);

type Store = ReturnType<typeof useStore>;

type FocusTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

export interface PollerOptions {
  /** Fetches the count; by default `getNotifications()`. */
  fetchCount?: (signal: AbortSignal) => Promise<number>;
  /** What sends `focus`; by default the window (none outside a browser). */
  focusTarget?: FocusTarget | undefined;
  /** Whether the page is hidden (a hidden tab skips the 60 s poll; focus fetches anyway). */
  isHidden?: () => boolean;
  intervalMs?: number;
}

const defaultFetchCount = async (signal: AbortSignal) =>
  (await getNotifications({ signal })).saleNotificationCount;

/**
 * Starts fetching the count into `saleNotificationCountAtom` of `store`: now, on every change of
 * `notificationsVersionAtom`, on focus and every `intervalMs`. Only the newest request's answer is
 * kept (an older one still running is aborted); a failed request keeps the last count. Returns stop.
 */
export function startNotificationsPoller(store: Store, options: PollerOptions = {}): () => void {
  const fetchCount = options.fetchCount ?? defaultFetchCount;
  const focusTarget = 'focusTarget' in options ? options.focusTarget : globalThis.window;
  const isHidden =
    options.isHidden ?? (() => typeof document !== 'undefined' && document.visibilityState === 'hidden');
  let stopped = false;
  let running: AbortController | undefined;

  const refresh = () => {
    if (stopped) return;
    running?.abort();
    const controller = new AbortController();
    running = controller;
    fetchCount(controller.signal).then(
      (count) => {
        if (stopped || running !== controller) return;
        running = undefined;
        store.set(saleNotificationCountAtom, Math.max(0, Math.floor(count)));
      },
      () => {
        if (running === controller) running = undefined;
      },
    );
  };

  refresh();
  const unsubscribe = store.sub(notificationsVersionAtom, refresh);
  focusTarget?.addEventListener('focus', refresh);
  const timer = setInterval(() => {
    if (!isHidden()) refresh();
  }, options.intervalMs ?? notificationsPollMs);

  return () => {
    stopped = true;
    running?.abort();
    unsubscribe();
    focusTarget?.removeEventListener('focus', refresh);
    clearInterval(timer);
  };
}

interface PollerEntry {
  userId: string;
  readers: number;
  stop: () => void;
}

const pollers = new WeakMap<Store, PollerEntry>();

/**
 * One more reader of the count of `userId` in `store`: the first one starts the poller (a different
 * user replaces it, with the count cleared). The returned release stops it after the last reader,
 * clearing the count so that nobody sees someone else's number after logging out.
 */
export function acquireNotificationsPoller(
  store: Store,
  userId: string,
  options?: PollerOptions,
): () => void {
  let entry = pollers.get(store);
  if (entry && entry.userId !== userId) {
    entry.stop();
    pollers.delete(store);
    store.set(saleNotificationCountAtom, null);
    entry = undefined;
  }
  if (!entry) {
    entry = { userId, readers: 0, stop: startNotificationsPoller(store, options) };
    pollers.set(store, entry);
  }
  const acquired = entry;
  acquired.readers++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    acquired.readers--;
    if (acquired.readers > 0 || pollers.get(store) !== acquired) return;
    acquired.stop();
    pollers.delete(store);
    store.set(saleNotificationCountAtom, null);
  };
}

/**
 * The signed-in user's count of sales needing action, kept fresh (see above); null while unknown
 * and always null without a user (nothing is fetched then).
 */
export function useSaleNotificationCount(userId: string | null | undefined): number | null {
  const store = useStore();
  useEffect(() => {
    if (!userId) return;
    return acquireNotificationsPoller(store, userId);
  }, [store, userId]);
  const count = useAtomValue(saleNotificationCountAtom, { store });
  return userId ? count : null;
}

/** "1 sale needs your action", "2 sales need your action" (the dot's and the badge's words). */
export function salesNeedActionText(count: number): string {
  return count === 1 ? '1 sale needs your action' : `${count} sales need your action`;
}

/** The badge's number: up to 99, then "99+" (the server counts up to 100). */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}
