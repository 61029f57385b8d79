import type { ListingPublicData } from '../../shared/api/types';
import { type ListingRecord, listingRecord } from './listing-record';

/**
 * A published listing for unit tests: a road bike in Calgary with its exact and public points, one
 * in stock, created on 1 January 2026. `overrides` replace top-level fields; `publicData` is merged
 * over the default one.
 */
export function testListing(
  id: string,
  overrides: Partial<Omit<ListingRecord, 'publicData'>> & { publicData?: Partial<ListingPublicData> } = {},
): ListingRecord {
  const { publicData, ...rest } = overrides;
  return listingRecord({
    id,
    authorId: 'author',
    title: `Trek ${id}`,
    description: 'Fast.',
    price: { amount: 10_000, currency: 'USD' },
    state: 'published',
    publicData: {
      category: 'roadBikes',
      condition: 'usedGoodCondition',
      pickupEnabled: true,
      shippingEnabled: false,
      location: { address: '1 Main St', city: 'Calgary', region: 'AB', country: 'CA' },
      ...publicData,
    },
    geolocation: { lat: 51.04, lng: -114.07 },
    publicGeolocation: { lat: 51.05, lng: -114.06 },
    currentStock: 1,
    images: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...rest,
  });
}
