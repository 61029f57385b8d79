import { createMemoryHistory, RouterContextProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ListingSummary } from '../../../shared/api/types';
import { unsupportedPrice, unsupportedPriceTitle } from '../../../shared/errors/catalogue';
import { createAppRouter } from '../router';
import { cardFacts, ListingCard, PriceText } from './ListingCard';

const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });
const render = (node: ReactNode) =>
  renderToString(<RouterContextProvider router={router}>{node}</RouterContextProvider>);

const listing: ListingSummary = {
  id: 'b6a1c0de-0000-4000-8000-000000000001',
  slug: 'trek-domane-sl-6',
  title: 'Trek Domane SL 6',
  price: { amount: 145_000, currency: 'USD' },
  state: 'published',
  category: 'roadBikes',
  condition: 'usedGoodCondition',
  brand: 'Trek',
  city: 'Toronto',
  region: 'ON',
  createdAt: '2025-05-01T10:00:00.000Z',
  authorId: 'u1',
  image: {
    id: 'img1',
    variants: { 'listing-card': { width: 400, height: 400, url: '/images/img1/listing-card.jpg' } },
  },
};

describe('PriceText', () => {
  it('formats marketplace prices in USD without decimals', () => {
    expect(render(<PriceText price={{ amount: 145_050, currency: 'USD' }} />)).toContain('$1,451');
  });

  it("shows the spec's unsupported-price text with its title for another currency", () => {
    const html = render(<PriceText price={{ amount: 100_000, currency: 'EUR' }} />);
    expect(html).toContain(`>${unsupportedPrice('EUR')}<`);
    expect(html).toContain(`title="${unsupportedPriceTitle('EUR')}"`);
    expect(html).not.toContain('€');
  });
});

describe('ListingCard', () => {
  it('links to the listing page and shows price, title and a lazy 1:1 image', () => {
    const html = render(<ListingCard listing={listing} />);
    expect(html).toContain(`href="/l/trek-domane-sl-6/${listing.id}"`);
    expect(html).toContain('$1,450');
    expect(html).toContain('Trek Domane SL 6');
    expect(html).toMatch(/<img[^>]*src="\/images\/img1\/listing-card.jpg"/);
    expect(html).toMatch(/<img[^>]*width="400"[^>]*height="400"/);
    expect(html).toMatch(/<img[^>]*loading="lazy"/);
    expect(html).toMatch(/<img[^>]*alt="Trek Domane SL 6"/);
  });

  it('shows the unsupported-price text on a card in another currency', () => {
    const html = render(<ListingCard listing={{ ...listing, price: { amount: 5000, currency: 'CAD' } }} />);
    expect(html).toContain(unsupportedPrice('CAD'));
    expect(html).toContain(`title="${unsupportedPriceTitle('CAD')}"`);
  });

  it('works without an image or slug', () => {
    const { image: _image, ...withoutImage } = listing;
    const html = render(<ListingCard listing={{ ...withoutImage, slug: '' }} />);
    expect(html).toContain('No photo');
    expect(html).toContain(`href="/l/trek-domane-sl-6/${listing.id}"`);
  });
});

describe('ListingCard facts', () => {
  it('shows frame size, condition and city on their own line', () => {
    expect(cardFacts({ ...listing, frameSize: 'm' })).toEqual([
      'Frame M',
      'Used - good condition',
      'Toronto',
    ]);
    expect(cardFacts(listing)).toEqual(['Used - good condition', 'Toronto']);
    expect(cardFacts({ ...listing, frameSize: 'm', frameSizeCm: 55 })[0]).toBe('Frame M (55 cm)');
    expect(cardFacts({ ...listing, frameSizeCm: 54.5 })[0]).toBe('Frame 54.5 cm');
    expect(render(<ListingCard listing={{ ...listing, frameSize: 'm' }} />)).toContain(
      'Frame M · Used - good condition · Toronto',
    );
  });

  it('says how far the listing is from the search origin, in whole kilometres', () => {
    const toronto = { ...listing, geolocation: { lat: 43.6532, lng: -79.3832 } };
    const ottawa = { lat: 45.4215, lng: -75.6972 };
    expect(cardFacts(toronto, ottawa)).toEqual(['Used - good condition', 'Toronto', '352 km away']);
    expect(cardFacts(toronto, { lat: 43.6535, lng: -79.384 })).toContain('Under 1 km away');
    expect(cardFacts(toronto, { lat: 43.6532, lng: -79.2 })).toContain('15 km away');
    // No origin, or no point: no distance.
    expect(cardFacts(toronto)).toEqual(['Used - good condition', 'Toronto']);
    expect(cardFacts(listing, ottawa)).toEqual(['Used - good condition', 'Toronto']);
    expect(render(<ListingCard listing={toronto} origin={ottawa} />)).toContain('Toronto · 352 km away');
  });

  it('marks a sold-out listing "Sold"', () => {
    expect(render(<ListingCard listing={{ ...listing, soldOut: true }} />)).toContain('>Sold<');
    expect(render(<ListingCard listing={listing} />)).not.toContain('>Sold<');
  });
});
