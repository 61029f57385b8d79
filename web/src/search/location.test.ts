import { describe, expect, it } from 'vitest';
import { areaSearch, locationLabel, nearMeSearch, searchLocation, withoutLocation } from './location';

const munich = {
  keywords: 'gravel',
  address: 'München, Bavaria, Germany',
  bounds: '48.3,11.8,48,11.3',
  origin: '48.137,11.575',
  sort: 'price' as const,
  page: 3,
};

describe('location search edits', () => {
  it('"Near me" keeps keywords and filters, drops the place, box, sort and page, and rounds the point', () => {
    expect(nearMeSearch({ ...munich, pub_condition: 'used' }, { lat: 51.507412, lng: -0.127758 })).toEqual({
      keywords: 'gravel',
      pub_condition: 'used',
      origin: '51.51,-0.13',
    });
  });

  it('"Search this area" replaces the box and drops the place, its point and the page; "Near me" stays', () => {
    const box = { ne: { lat: 48.5, lng: 12 }, sw: { lat: 47.9, lng: 11 } };
    expect(areaSearch(munich, box)).toEqual({ keywords: 'gravel', bounds: '48.5,12,47.9,11', sort: 'price' });
    const nearMe = { keywords: 'gravel', origin: '48.14,11.58', page: 2 };
    expect(areaSearch(nearMe, box)).toEqual({
      keywords: 'gravel',
      origin: '48.14,11.58',
      bounds: '48.5,12,47.9,11',
    });
  });

  it('clears the location, and labels it by place, area or position', () => {
    expect(withoutLocation(munich)).toEqual({ keywords: 'gravel', sort: 'price' });
    expect(locationLabel(munich)).toBe('Near München, Bavaria, Germany');
    expect(locationLabel({ bounds: munich.bounds })).toBe('In the map area');
    expect(locationLabel({ origin: munich.origin })).toBe('Near you');
    expect(locationLabel({})).toBeUndefined();
  });

  it('reads the box and origin as points', () => {
    expect(searchLocation(munich)).toEqual({
      bounds: { ne: { lat: 48.3, lng: 11.8 }, sw: { lat: 48, lng: 11.3 } },
      origin: { lat: 48.137, lng: 11.575 },
    });
    expect(searchLocation({})).toEqual({ bounds: undefined, origin: undefined });
  });
});
