import type { Listing } from '../../../../shared/api/types';

/** A published listing for the checkout's tests: pickup and shipping, stock 3. */
export function fixtureListing(
  overrides: Partial<Listing> = {},
  publicData: Partial<Listing['publicData']> = {},
): Listing {
  return {
    id: 'listing-1',
    slug: 'steel-gravel-bike',
    title: 'Steel gravel bike',
    description: 'A bike',
    price: { amount: 50000, currency: 'USD' },
    state: 'published',
    publicData: { pickupEnabled: true, shippingEnabled: true, ...publicData } as Listing['publicData'],
    geolocation: { lat: 0, lng: 0 },
    currentStock: 3,
    createdAt: '2025-01-01T00:00:00.000Z',
    author: { id: 'seller-1', displayName: 'Sam S', abbreviatedName: 'SS' },
    images: [],
    ...overrides,
  };
}
