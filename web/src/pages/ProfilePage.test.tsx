import { createMemoryHistory, RouterContextProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser, PublicProfile } from '../../../shared/api/account';
import { authStore } from '../auth/store';
import { createAppRouter } from '../router';
import { UserCard } from './ProfilePage';

const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });
const render = (node: ReactNode) =>
  renderToString(<RouterContextProvider router={router}>{node}</RouterContextProvider>);

const user: PublicProfile = {
  id: 'u1',
  displayName: 'Maya T',
  abbreviatedName: 'MT',
  bio: `${'Gravel and road. '.repeat(12)}The end.`,
  profileImage: {
    id: 'img',
    variants: { 'square-small': { width: 240, height: 240, url: '/images/u1/square-small.jpg' } },
  },
};

afterEach(() => authStore.reset());

describe('UserCard', () => {
  it("links to the profile, cuts the bio at 170 characters and offers contact on someone else's profile", () => {
    const html = render(<UserCard user={user} headingLevel={1} />);
    expect(html).toMatch(/<h1[^>]*><a[^>]*href="\/u\/u1"/);
    expect(html).toContain('src="/images/u1/square-small.jpg"');
    expect(html).not.toContain('The end.');
    expect(html).toContain('Show more');
    expect(html).toContain('href="#contact"');
    expect(html).not.toContain('Edit your profile');
  });

  it('links to profile settings on your own profile', () => {
    authStore.set({ status: 'authenticated', currentUser: { id: 'u1' } as CurrentUser });
    const html = render(<UserCard user={user} />);
    expect(html).toContain('href="/profile-settings"');
    expect(html).not.toContain('#contact');
  });

  it('shows banned and deleted users as placeholders without links', () => {
    for (const [flags, name] of [
      [{ banned: true }, 'Banned user'],
      [{ deleted: true }, 'Deleted user'],
    ] as const) {
      const html = render(<UserCard user={{ ...user, ...flags }} />);
      expect(html).toContain(name);
      expect(html).not.toContain('<a');
      expect(html).not.toContain('<img');
      expect(html).toContain('avatar-placeholder');
      expect(html).not.toContain('Gravel');
    }
  });
});
