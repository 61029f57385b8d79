import { describe, expect, it } from 'vitest';
import { locationFix } from './location-migration';

const placed = { address: 'Berlin, Germany', city: 'Berlin', region: 'Berlin', country: 'DE' };
const unplaced = { address: '', city: '', region: '', country: '' };
const listing = (
  state: 'draft' | 'published' | 'closed',
  location: typeof placed,
  geolocation?: { lat: number; lng: number },
  publicGeolocation?: { lat: number; lng: number },
) => ({
  state,
  publicData: {
    category: 'roadBikes',
    condition: 'new',
    pickupEnabled: false,
    shippingEnabled: true,
    location,
  },
  ...(geolocation ? { geolocation } : {}),
  ...(publicGeolocation ? { publicGeolocation } : {}),
});

describe('the location migration', () => {
  const berlin = { lat: 52.52, lng: 13.405 };
  it('draws a public point for a placed listing without one, and leaves a migrated one alone', () => {
    expect(locationFix(listing('published', placed, berlin))).toBe('drawPoint');
    expect(locationFix(listing('draft', placed, berlin))).toBe('drawPoint');
    expect(locationFix(listing('published', placed, berlin, { lat: 52.53, lng: 13.41 }))).toBeUndefined();
  });
  it('removes a 0,0 point; closes a published listing without a place', () => {
    expect(locationFix(listing('draft', unplaced, { lat: 0, lng: 0 }))).toBe('removePoint');
    expect(locationFix(listing('published', unplaced, { lat: 0, lng: 0 }))).toBe('removePointAndClose');
    expect(locationFix(listing('published', placed, { lat: 0, lng: 0 }))).toBe('removePointAndClose');
    expect(locationFix(listing('published', unplaced))).toBe('close');
    expect(locationFix(listing('draft', unplaced))).toBeUndefined();
    expect(locationFix({ ...listing('published', unplaced), deleted: true })).toBeUndefined();
  });
});
