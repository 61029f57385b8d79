import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../shared/api/account';
import { authStore } from '../auth/store';
import { refreshNotificationsAtom } from '../state/notifications';
import { acquireNotificationsPoller, saleNotificationCountAtom } from '../state/use-notifications';
import { InboxLink, InboxMenuLink } from './InboxLink';
import { renderAt } from './test-router';

const getNotifications = vi.hoisted(() => vi.fn());
vi.mock('../api/transactions', () => ({ getNotifications }));

const seller = { id: 'u1', firstName: 'Maya', displayName: 'Maya T' } as CurrentUser;

/** Server-renders `node` on /inbox-less page `/` with a jotai store of its own. */
function render(node: ReactNode, store = createStore()) {
  return renderAt('/', <Provider store={store}>{node}</Provider>);
}

beforeEach(() => {
  authStore.set({ status: 'authenticated', currentUser: seller });
});

afterEach(() => {
  authStore.reset();
  getNotifications.mockReset();
});

describe('the top bar inbox link', () => {
  it('shows a dot and says how many sales need action when the count is above 0', async () => {
    const store = createStore();
    store.set(saleNotificationCountAtom, 2);
    const html = await render(<InboxLink />, store);
    expect(html).toMatch(/<a[^>]*href="\/inbox"[^>]*>Inbox/);
    expect(html).toContain('<span class="inbox-dot" aria-hidden="true"></span>');
    expect(html).toContain('aria-label="Inbox, 2 sales need your action"');
  });

  it('shows no dot for 0 or an unknown count', async () => {
    const store = createStore();
    expect(await render(<InboxLink />, store)).not.toContain('inbox-dot');
    store.set(saleNotificationCountAtom, 0);
    const html = await render(<InboxLink />, store);
    expect(html).not.toContain('inbox-dot');
    expect(html).not.toContain('need your action');
  });

  it('shows nothing for someone signed out even with a count left in the store', async () => {
    authStore.reset();
    const store = createStore();
    store.set(saleNotificationCountAtom, 3);
    expect(await render(<InboxLink />, store)).not.toContain('inbox-dot');
  });

  it('fetches the count again after refreshNotificationsAtom and shows the new number', async () => {
    const store = createStore();
    getNotifications.mockResolvedValueOnce({ saleNotificationCount: 0 });
    getNotifications.mockResolvedValueOnce({ saleNotificationCount: 1 });
    const release = acquireNotificationsPoller(store, seller.id, { focusTarget: undefined });
    await vi.waitFor(() => expect(store.get(saleNotificationCountAtom)).toBe(0));
    expect(await render(<InboxLink />, store)).not.toContain('inbox-dot');

    store.set(refreshNotificationsAtom);
    await vi.waitFor(() => expect(store.get(saleNotificationCountAtom)).toBe(1));
    expect(getNotifications).toHaveBeenCalledTimes(2);
    const html = await render(<InboxLink />, store);
    expect(html).toContain('inbox-dot');
    expect(html).toContain('1 sale needs your action');
    release();
  });
});

describe('the mobile menu inbox entry', () => {
  it('shows the count badge for a count above 0', async () => {
    const store = createStore();
    store.set(saleNotificationCountAtom, 3);
    const html = await render(<InboxMenuLink onLeave={() => {}} />, store);
    expect(html).toMatch(/<a[^>]*href="\/inbox"[^>]*>Inbox/);
    expect(html).toContain('<span class="inbox-count-badge" aria-hidden="true">3</span>');
    expect(html).toContain('3 sales need your action');
  });

  it('shows no badge without sales needing action', async () => {
    const store = createStore();
    store.set(saleNotificationCountAtom, 0);
    expect(await render(<InboxMenuLink onLeave={() => {}} />, store)).not.toContain('inbox-count-badge');
  });
});
