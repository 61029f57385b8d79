import { describe, expect, it } from 'vitest';
import { keys } from '../lib/table-design';
import { listingRecord, listingStateWrite, toListing } from './listing-record';

const record = listingRecord({
  id: '5b1e8d4e-3a3c-4c36-9a52-1d3c7a0e9f10',
  authorId: 'author-1',
  title: 'Surly Long Haul Trucker',
  description: 'Touring bike.',
  price: { amount: 90_000, currency: 'USD' },
  state: 'published',
  publicData: {
    category: 'roadBikes',
    condition: 'usedGoodCondition',
    pickupEnabled: true,
    shippingEnabled: false,
    location: { address: '12 Elm St', building: 'Unit 4B', city: 'Denver', region: 'CO', country: 'US' },
    features: ['discBrakes'],
    rules: 'Cash on pickup.',
    disclaimer: 'Sold as seen.',
  },
  geolocation: { lat: 39.7392, lng: -104.9903 },
  currentStock: 1,
  images: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('listing record', () => {
  it('shows the public neither the address, the building nor the exact point; features and policies are public', () => {
    const listing = toListing(record, { id: 'author-1', displayName: 'A', abbreviatedName: 'A' });
    expect(listing.publicData.location).toEqual({ city: 'Denver', region: 'CO', country: 'US' });
    expect(JSON.stringify(listing)).not.toMatch(/address|building|12 Elm|Unit 4B/);
    expect(listing.geolocation).not.toEqual(record.geolocation);
    expect(listing.publicData).toMatchObject({
      features: ['discBrakes'],
      rules: 'Cash on pickup.',
      disclaimer: 'Sold as seen.',
    });
  });

  it('writes the search (GSI2) keys exactly when the new state is published', () => {
    expect(listingStateWrite(record, 'published')).toEqual({
      set: { state: 'published', ...keys.publishedListing(record.id, record.createdAt) },
    });
    for (const state of ['draft', 'pendingApproval', 'closed'] as const) {
      expect(listingStateWrite(record, state)).toEqual({ set: { state }, remove: ['GSI2PK', 'GSI2SK'] });
    }
  });
});
