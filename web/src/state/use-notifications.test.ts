import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshNotificationsAtom } from './notifications';
import {
  acquireNotificationsPoller,
  badgeCount,
  saleNotificationCountAtom,
  salesNeedActionText,
  startNotificationsPoller,
} from './use-notifications';

/** Lets pending promise callbacks run. */
const flush = async () => {
  for (let index = 0; index < 5; index++) await Promise.resolve();
};

/** A count source answering the queued counts in order, recording each call's signal. */
function counts(...answers: number[]) {
  const signals: AbortSignal[] = [];
  const fetchCount = vi.fn(async (signal: AbortSignal) => {
    signals.push(signal);
    return answers[Math.min(signals.length - 1, answers.length - 1)] ?? 0;
  });
  return { fetchCount, signals };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the notification poller', () => {
  it('fetches at once, after each refreshNotificationsAtom, on focus and every 60 s', async () => {
    const store = createStore();
    const focusTarget = new EventTarget();
    const source = counts(2, 3, 0, 4);
    const stop = startNotificationsPoller(store, {
      fetchCount: source.fetchCount,
      focusTarget,
      isHidden: () => false,
    });
    await flush();
    expect(source.fetchCount).toHaveBeenCalledTimes(1);
    expect(store.get(saleNotificationCountAtom)).toBe(2);

    store.set(refreshNotificationsAtom);
    await flush();
    expect(source.fetchCount).toHaveBeenCalledTimes(2);
    expect(store.get(saleNotificationCountAtom)).toBe(3);

    focusTarget.dispatchEvent(new Event('focus'));
    await flush();
    expect(source.fetchCount).toHaveBeenCalledTimes(3);
    expect(store.get(saleNotificationCountAtom)).toBe(0);

    await vi.advanceTimersByTimeAsync(59_999);
    expect(source.fetchCount).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(source.fetchCount).toHaveBeenCalledTimes(4);
    expect(store.get(saleNotificationCountAtom)).toBe(4);

    stop();
    store.set(refreshNotificationsAtom);
    focusTarget.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(source.fetchCount).toHaveBeenCalledTimes(4);
  });

  it('skips the timed poll while the page is hidden', async () => {
    const store = createStore();
    const source = counts(1);
    const stop = startNotificationsPoller(store, {
      fetchCount: source.fetchCount,
      focusTarget: undefined,
      isHidden: () => true,
    });
    await vi.advanceTimersByTimeAsync(180_000);
    expect(source.fetchCount).toHaveBeenCalledTimes(1);
    stop();
  });

  it('keeps only the newest answer and the last count when a request fails', async () => {
    const store = createStore();
    const resolvers: ((count: number) => void)[] = [];
    const rejecters: ((error: Error) => void)[] = [];
    const signals: AbortSignal[] = [];
    const fetchCount = (signal: AbortSignal) =>
      new Promise<number>((resolve, reject) => {
        signals.push(signal);
        resolvers.push(resolve);
        rejecters.push(reject);
      });
    const stop = startNotificationsPoller(store, {
      fetchCount,
      focusTarget: undefined,
      isHidden: () => false,
    });
    store.set(refreshNotificationsAtom);
    expect(signals[0]?.aborted).toBe(true);
    resolvers[1]?.(5);
    resolvers[0]?.(9);
    await flush();
    expect(store.get(saleNotificationCountAtom)).toBe(5);

    store.set(refreshNotificationsAtom);
    rejecters[2]?.(new Error('network'));
    await flush();
    expect(store.get(saleNotificationCountAtom)).toBe(5);
    stop();
  });

  it('runs one poller per store for all readers and clears the count after the last one', async () => {
    const store = createStore();
    const source = counts(2);
    const options = { fetchCount: source.fetchCount, focusTarget: undefined, isHidden: () => false };
    const releaseTopBar = acquireNotificationsPoller(store, 'u1', options);
    const releaseMenu = acquireNotificationsPoller(store, 'u1', options);
    await flush();
    expect(source.fetchCount).toHaveBeenCalledTimes(1);
    expect(store.get(saleNotificationCountAtom)).toBe(2);

    store.set(refreshNotificationsAtom);
    await flush();
    expect(source.fetchCount).toHaveBeenCalledTimes(2);

    releaseMenu();
    releaseMenu();
    expect(store.get(saleNotificationCountAtom)).toBe(2);
    releaseTopBar();
    expect(store.get(saleNotificationCountAtom)).toBeNull();
    store.set(refreshNotificationsAtom);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(source.fetchCount).toHaveBeenCalledTimes(2);
  });

  it("starts over for another user, never showing the previous user's count", async () => {
    const store = createStore();
    const first = counts(7);
    const second = counts(1);
    const release = acquireNotificationsPoller(store, 'u1', {
      fetchCount: first.fetchCount,
      focusTarget: undefined,
    });
    await flush();
    expect(store.get(saleNotificationCountAtom)).toBe(7);
    const releaseOther = acquireNotificationsPoller(store, 'u2', {
      fetchCount: second.fetchCount,
      focusTarget: undefined,
    });
    expect(first.signals[0]).toBeDefined();
    expect(store.get(saleNotificationCountAtom)).toBeNull();
    await flush();
    expect(store.get(saleNotificationCountAtom)).toBe(1);
    release(); // the old user's reader leaving does not stop the new poller
    store.set(refreshNotificationsAtom);
    await flush();
    expect(second.fetchCount).toHaveBeenCalledTimes(2);
    expect(first.fetchCount).toHaveBeenCalledTimes(1);
    releaseOther();
  });
});

describe('the words of the dot and the badge', () => {
  it('says how many sales need action', () => {
    expect(salesNeedActionText(1)).toBe('1 sale needs your action');
    expect(salesNeedActionText(2)).toBe('2 sales need your action');
    expect(badgeCount(7)).toBe('7');
    expect(badgeCount(100)).toBe('99+');
  });
});
