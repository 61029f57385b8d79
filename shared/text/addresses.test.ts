import { describe, expect, it } from 'vitest';
import { listingPlaceText, pickupLocationLines } from './addresses';

describe('where a listing is', () => {
  it('names the city, the region unless it repeats the city, and the country in full', () => {
    expect(listingPlaceText({ city: 'München', region: 'Bavaria', country: 'DE' })).toBe(
      'München, Bavaria, Germany',
    );
    expect(listingPlaceText({ city: 'Berlin', region: 'Berlin', country: 'DE' })).toBe('Berlin, Germany');
    expect(listingPlaceText({ city: 'London', region: 'London, City of', country: 'GB' })).toBe(
      'London, United Kingdom',
    );
    expect(listingPlaceText({ city: 'Toronto', region: 'ON' })).toBe('Toronto, ON');
    expect(listingPlaceText({})).toBe('');
  });
  it('puts a pickup street before the place', () => {
    expect(
      pickupLocationLines({
        address: 'Berlin, Germany',
        building: 'Torstraße 12',
        geolocation: { lat: 52.52, lng: 13.4 },
      }),
    ).toEqual(['Torstraße 12', 'Berlin, Germany']);
  });
});
