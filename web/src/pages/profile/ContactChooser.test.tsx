import { createMemoryHistory, RouterContextProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../../shared/api/account';
import type { ListingSummary, Page, PublicUser } from '../../../../shared/api/types';
import { authStore } from '../../auth/store';
import { createAppRouter } from '../../router';
import { ContactChooser, type ContactChooserDeps } from './ContactChooser';
import { ProfileContact } from './ProfileContact';

vi.mock('../../observability/errors', () => ({ reportError: vi.fn() }));

const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });
const render = (node: ReactNode) =>
  renderToString(<RouterContextProvider router={router}>{node}</RouterContextProvider>);

const maya: PublicUser = { id: 'maya', displayName: 'Maya T', abbreviatedName: 'MT' };

const listing = (
  id: string,
  title: string,
  amount: number,
  extra: Partial<ListingSummary> = {},
): ListingSummary => ({
  id,
  slug: id,
  title,
  price: { amount, currency: 'USD' },
  state: 'published',
  category: 'road',
  condition: 'usedGoodCondition',
  city: 'Vancouver',
  region: 'BC',
  createdAt: '2026-01-01T00:00:00.000Z',
  authorId: 'maya',
  ...extra,
});

const twoListings: Page<ListingSummary> = {
  data: [
    listing('l1', 'Santa Cruz Hightower', 3_200_00, {
      image: {
        id: 'i1',
        variants: { 'listing-card': { width: 400, height: 400, url: '/images/l1/listing-card.jpg' } },
      },
    }),
    listing('l2', 'Shimano XT pedals', 90_00, { soldOut: true }),
  ],
  meta: { page: 1, perPage: 24, totalItems: 2, totalPages: 1 },
};

function fakeDeps(): ContactChooserDeps & { pagesAsked: number[] } {
  const pagesAsked: number[] = [];
  return {
    pagesAsked,
    loadPage: async (_id, number) => {
      pagesAsked.push(number);
      return twoListings;
    },
    enquiry: { enquire: async () => ({ id: 'tx' }), sendMessage: async () => undefined },
  };
}

afterEach(() => authStore.reset());

describe('ContactChooser (issue 25: the profile contact chooser)', () => {
  it("is a dialog named for the user listing each open listing's photo, title and price as a button", () => {
    const html = render(
      <ContactChooser profile={maya} firstPage={twoListings} deps={fakeDeps()} onClose={() => undefined} />,
    );
    expect(html).toContain('role="dialog"');
    expect(html).toMatch(/<h2[^>]*>Contact Maya T<\/h2>/);
    const buttons =
      html.match(/<button type="button" class="contact-chooser-option"[\s\S]*?<\/button>/g) ?? [];
    expect(buttons).toHaveLength(2);
    expect(buttons[0]).toContain('data-autofocus="true"');
    expect(buttons[0]).toContain('src="/images/l1/listing-card.jpg"');
    expect(buttons[0]).toContain('alt=""');
    expect(buttons[0]).toContain('Santa Cruz Hightower');
    expect(buttons[0]).toContain('$3,200');
    expect(buttons[1]).not.toContain('data-autofocus');
    expect(buttons[1]).toContain('No photo');
    expect(buttons[1]).toContain('$90');
    expect(buttons[1]).toContain('Sold');
    expect(html).not.toContain('Show more listings');
  });

  it('offers the next page when there is one', () => {
    const firstOfTwo = { ...twoListings, meta: { ...twoListings.meta, totalItems: 30, totalPages: 2 } };
    const html = render(
      <ContactChooser profile={maya} firstPage={firstOfTwo} deps={fakeDeps()} onClose={() => undefined} />,
    );
    expect(html).toContain('Show more listings');
  });

  it('shows progress while it loads page 1 itself (opened from a later page of the profile)', () => {
    const html = render(
      <ContactChooser profile={maya} firstPage={undefined} deps={fakeDeps()} onClose={() => undefined} />,
    );
    expect(html).toContain('role="status"');
    expect(html).toContain('Loading listings…');
    expect(html).not.toContain('contact-chooser-option');
  });
});

describe('ProfileContact', () => {
  const signedIn = (id: string) =>
    authStore.set({ status: 'authenticated', currentUser: { id } as CurrentUser });

  it('shows "Contact Maya T" to others, signed in or not, when she has open listings', () => {
    signedIn('buyer');
    expect(render(<ProfileContact user={maya} listings={twoListings} page={1} />)).toMatch(
      /<button type="button" class="[^"]*profile-contact-button"[^>]*>Contact <!-- -->Maya T<\/button>/,
    );
    authStore.set({ status: 'anonymous', currentUser: null });
    expect(render(<ProfileContact user={maya} listings={twoListings} page={1} />)).toContain('Contact');
  });

  it('is hidden on her own profile, without open listings and before they have loaded', () => {
    signedIn('maya');
    expect(render(<ProfileContact user={maya} listings={twoListings} page={1} />)).toBe('');
    signedIn('buyer');
    const none = { data: [], meta: { page: 1, perPage: 24, totalItems: 0, totalPages: 0 } };
    expect(render(<ProfileContact user={maya} listings={none} page={1} />)).toBe('');
    expect(render(<ProfileContact user={maya} listings={undefined} page={1} />)).toBe('');
  });
});
