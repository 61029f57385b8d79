import { createMemoryHistory, RouterContextProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ListingState, OwnListing } from '../../../../shared/api/types';
import { createAppRouter } from '../../router';
import { ManageListingCard } from './ManageListingsPage';

const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/listings'] }) });
const render = (node: ReactNode) =>
  renderToString(<RouterContextProvider router={router}>{node}</RouterContextProvider>);

const id = '5b0f8a9c-0d43-4a6e-9a53-2c1e2f0e7d11';

function own(state: ListingState, title = 'Steel road bike'): OwnListing {
  return {
    id,
    slug: title ? 'steel-road-bike' : '',
    authorId: 'maya',
    title,
    description: '',
    price: { amount: 900_00, currency: 'USD' },
    state,
    publicData: {} as OwnListing['publicData'],
    currentStock: 1,
    images: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** The href of the card's Edit link. */
function editHref(listing: OwnListing): string | undefined {
  const html = render(<ManageListingCard initial={listing} priority={false} />);
  return html.match(/<a href="([^"]+)">Edit</)?.[1];
}

/** The href of the card's title link, or undefined when the title is not a link. */
function titleHref(listing: OwnListing): string | undefined {
  const html = render(<ManageListingCard initial={listing} priority={false} />);
  const heading = html.match(/<h2[^>]*>([\s\S]*?)<\/h2>/)?.[1] ?? '';
  return heading.match(/<a href="([^"]+)"/)?.[1];
}

describe('ManageListingCard links (§4 listing states, issue 25)', () => {
  it('links a draft to its draft page and a pending listing to its pending-approval page', () => {
    expect(titleHref(own('draft'))).toBe(`/l/steel-road-bike/${id}/draft`);
    expect(titleHref(own('pendingApproval'))).toBe(`/l/steel-road-bike/${id}/pending-approval`);
  });

  it('links published and closed listings to the listing page', () => {
    expect(titleHref(own('published'))).toBe(`/l/steel-road-bike/${id}`);
    expect(titleHref(own('closed'))).toBe(`/l/steel-road-bike/${id}`);
  });

  it('links an untitled draft too, under the slug "draft"', () => {
    expect(titleHref(own('draft', ''))).toBe(`/l/draft/${id}/draft`);
    expect(render(<ManageListingCard initial={own('draft', '')} priority={false} />)).toContain(
      'Untitled draft',
    );
  });

  it("edits a draft in the draft wizard (as its page's Continue editing does), others in the edit one", () => {
    expect(editHref(own('draft'))).toBe(`/l/steel-road-bike/${id}/draft/details`);
    expect(editHref(own('pendingApproval'))).toBe(`/l/steel-road-bike/${id}/edit/details`);
    expect(editHref(own('published'))).toBe(`/l/steel-road-bike/${id}/edit/details`);
  });
});
