import { createMemoryHistory, RouterContextProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../../../shared/api/account';
import * as account from '../../../api/account';
import { ApiRequestError } from '../../../api/client';
import { authStore } from '../../../auth/store';
import { createAppRouter } from '../../../router';
import { NotificationSettingsForm, saveNotificationSettings } from './ContactDetailsPage';

vi.mock('../../../api/account', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/account')>()),
  updateProfile: vi.fn(),
}));

const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });
const render = (node: ReactNode) =>
  renderToString(<RouterContextProvider router={router}>{node}</RouterContextProvider>);

const user = {
  id: 'u1',
  email: 'ada@example.com',
  emailVerified: true,
  firstName: 'Ada',
  lastName: 'Rider',
  displayName: 'Ada R',
  abbreviatedName: 'AR',
  createdAt: '2026-11-22T10:00:00.000Z',
} as CurrentUser;

beforeEach(() => vi.clearAllMocks());
afterEach(() => authStore.reset());

/** Whether the checkbox labelled with `label` is rendered checked. */
function checked(html: string, label: string): boolean {
  const match = new RegExp(`<input([^>]*)/?><label for="[^"]*">${label}`).exec(html);
  if (!match) throw new Error(`no checkbox labelled ${label}`);
  return /checked=""/.test(match[1]!);
}

describe('E-mail notifications on the contact details page', () => {
  it('shows both boxes checked by default, with the order-mails note and a save button', () => {
    const html = render(<NotificationSettingsForm user={user} />);
    expect(html).toContain('E-mail notifications');
    expect(html).toContain('We always e-mail you about your orders and sales');
    expect(checked(html, 'New messages')).toBe(true);
    expect(checked(html, 'Reminders')).toBe(true);
    expect(html).toContain('Save notifications');
  });

  it('shows the saved choice', () => {
    const html = render(
      <NotificationSettingsForm
        user={{ ...user, notificationSettings: { messages: false, reminders: true } }}
      />,
    );
    expect(checked(html, 'New messages')).toBe(false);
    expect(checked(html, 'Reminders')).toBe(true);
  });

  it('saves both flags with PATCH /api/me and keeps the answer as the current user', async () => {
    const updated = { ...user, notificationSettings: { messages: false, reminders: false } };
    vi.mocked(account.updateProfile).mockResolvedValueOnce(updated);
    authStore.set({ status: 'authenticated', currentUser: user });
    expect(await saveNotificationSettings({ messages: false, reminders: false })).toBeUndefined();
    expect(account.updateProfile).toHaveBeenCalledWith({
      notificationSettings: { messages: false, reminders: false },
    });
    expect(authStore.get().currentUser?.notificationSettings).toEqual({ messages: false, reminders: false });
  });

  it('a failed save is the form error', async () => {
    vi.mocked(account.updateProfile).mockRejectedValueOnce(new ApiRequestError(500, null));
    const errors = await saveNotificationSettings({ messages: true, reminders: false });
    expect(Object.values(errors ?? {}).join(' ')).toMatch(/\w/);
  });
});
