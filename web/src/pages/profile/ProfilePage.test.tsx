import { createMemoryHistory, RouterContextProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, PublicProfile } from '../../../../shared/api/account';
import type { ListingSummary, Page } from '../../../../shared/api/types';
import { authStore } from '../../auth/store';
import { forgetUserReviews, loadUserReviews } from '../../components/ReviewList';
import { createAppRouter } from '../../router';
import { ProfileReviews, UserCard } from './ProfilePage';

const getUserReviews = vi.hoisted(() => vi.fn());
vi.mock('../../api/reviews', () => ({ getUserReviews }));

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

const oneListing: Page<ListingSummary> = {
  data: [
    {
      id: 'l1',
      slug: 'gravel-bike',
      title: 'Gravel bike',
      price: { amount: 900_00, currency: 'USD' },
      state: 'published',
      category: 'gravel',
      condition: 'usedGoodCondition',
      city: 'Vancouver',
      region: 'BC',
      createdAt: '2026-01-01T00:00:00.000Z',
      authorId: 'u1',
    },
  ],
  meta: { page: 1, perPage: 24, totalItems: 1, totalPages: 1 },
};
const noItems = { page: 1, perPage: 24, totalItems: 0, totalPages: 0 };

afterEach(() => authStore.reset());

describe('UserCard', () => {
  it("links to the profile, cuts the bio at 170 characters and offers contact on someone else's profile", () => {
    const html = render(<UserCard user={user} headingLevel={1} listings={oneListing} />);
    expect(html).toMatch(/<h1[^>]*><a[^>]*href="\/u\/u1"/);
    expect(html).toContain('src="/images/u1/square-small.jpg"');
    expect(html).not.toContain('The end.');
    expect(html).toContain('Show more');
    expect(html).toMatch(/<button[^>]*>Contact <!-- -->Maya T<\/button>/);
    expect(html).not.toContain('Edit your profile');
    // Without an open listing there is nothing to enquire about (issue 25).
    expect(
      render(<UserCard user={user} listings={{ ...oneListing, data: [], meta: noItems }} />),
    ).not.toContain('Contact');
  });

  it('links to profile settings on your own profile', () => {
    authStore.set({ status: 'authenticated', currentUser: { id: 'u1' } as CurrentUser });
    const html = render(<UserCard user={user} listings={oneListing} />);
    expect(html).toContain('href="/profile-settings"');
    expect(html).not.toContain('Contact');
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

describe('the profile reviews', () => {
  afterEach(() => {
    forgetUserReviews();
    getUserReviews.mockReset();
  });

  it('shows the reviews as a seller and as a buyer, each with its average and count', async () => {
    const review = (id: string, type: 'ofProvider' | 'ofCustomer', rating: number, authorName: string) => ({
      id,
      type,
      rating,
      content: `Text of ${id}`,
      createdAt: '2026-03-01T10:00:00.000Z',
      authorId: `a-${id}`,
      subjectId: 'u1',
      state: 'public',
      author: { id: `a-${id}`, displayName: authorName, abbreviatedName: 'XX' },
    });
    getUserReviews.mockImplementation(async (_id: string, type: string) =>
      type === 'ofProvider'
        ? {
            data: [review('s1', 'ofProvider', 5, 'Sam B'), review('s2', 'ofProvider', 4, 'Alex C')],
            meta: { totalItems: 2, averageRating: 4.5 },
          }
        : { data: [review('b1', 'ofCustomer', 3, 'Kim D')], meta: { totalItems: 1, averageRating: 3 } },
    );
    await Promise.all([loadUserReviews('u1', 'ofProvider'), loadUserReviews('u1', 'ofCustomer')]);
    const html = render(<ProfileReviews user={user} />);
    expect(getUserReviews).toHaveBeenCalledWith('u1', 'ofProvider');
    expect(getUserReviews).toHaveBeenCalledWith('u1', 'ofCustomer');
    const seller = html.slice(html.indexOf('As a seller'), html.indexOf('As a buyer'));
    const buyer = html.slice(html.indexOf('As a buyer'));
    expect(seller).toContain('4.5 out of 5 · 2 reviews');
    expect(seller).toContain('Sam B');
    expect(seller).toContain('Text of s2');
    expect(seller).not.toContain('Kim D');
    expect(buyer).toContain('3 out of 5 · 1 review');
    expect(buyer).toContain('aria-label="Rated 3 out of 5 stars"');
    expect(buyer).toContain('Text of b1');
    expect(buyer).not.toContain('Sam B');
  });

  it('says when a group is empty', async () => {
    getUserReviews.mockResolvedValue({ data: [], meta: { totalItems: 0 } });
    await Promise.all([loadUserReviews('u1', 'ofProvider'), loadUserReviews('u1', 'ofCustomer')]);
    const html = render(<ProfileReviews user={user} />);
    expect(html).toContain('Maya T has no reviews as a seller yet.');
    expect(html).toContain('Maya T has no reviews as a buyer yet.');
  });
});
