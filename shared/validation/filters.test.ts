import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundsContain,
  constrainHandles,
  datesFilterToSearchParams,
  formatBoundsParam,
  formatDatesFilter,
  formatOriginParam,
  formatPriceFilter,
  maxAddressLength,
  normaliseAddress,
  normalisePlaceQuery,
  parseBoundsParam,
  parseDatesFilter,
  parseOriginParam,
  parsePriceFilter,
  placeQueryLength,
  priceFilterBounds,
  priceFilterToSearchParam,
  searchParamToPriceFilter,
  snapToStep,
} from './filters';

describe('price filter (§5, §9)', () => {
  it('parses min,max within 0..50000', () => {
    expect(priceFilterBounds).toEqual({ min: 0, max: 50_000, step: 5 });
    expect(parsePriceFilter('0,1000')).toEqual({ min: 0, max: 1000 });
    expect(parsePriceFilter(' 5 , 50000 ')).toEqual({ min: 5, max: 50_000 });
    expect(parsePriceFilter('100,100')).toEqual({ min: 100, max: 100 });
    for (const bad of ['', '100', '200,100', '0,50001', '-5,10', '1.5,10', 'a,b', '1,2,3', undefined, null]) {
      expect(parsePriceFilter(bad)).toBeUndefined();
    }
    expect(formatPriceFilter({ min: 0, max: 1000 })).toBe('0,1000');
  });
  it('sends the upper bound as max + 1 in minor units', () => {
    expect(priceFilterToSearchParam({ min: 0, max: 1000 })).toBe('0,100001');
    expect(priceFilterToSearchParam({ min: 5, max: 10 }, 'JPY')).toBe('5,11');
    expect(searchParamToPriceFilter('0,100001')).toEqual({ min: 0, max: 1000 });
    expect(searchParamToPriceFilter('0,100000')).toBeUndefined();
    expect(searchParamToPriceFilter('x')).toBeUndefined();
  });
  it('round-trips (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 0, max: 50_000 }), (a, b) => {
        const range = { min: Math.min(a, b), max: Math.max(a, b) };
        expect(parsePriceFilter(formatPriceFilter(range))).toEqual(range);
        expect(searchParamToPriceFilter(priceFilterToSearchParam(range))).toEqual(range);
      }),
    );
  });
  it('snaps to the step and keeps slider handles ascending within bounds', () => {
    expect(snapToStep(12)).toBe(10);
    expect(snapToStep(13)).toBe(15);
    expect(snapToStep(-7)).toBe(0);
    expect(snapToStep(60_000)).toBe(50_000);
    expect(constrainHandles([50, 20])).toEqual([50, 50]);
    expect(constrainHandles([-5, 20_000_000])).toEqual([0, 10_000_000]);
    expect(constrainHandles([10, 20], { min: 0, max: 15, step: 1 })).toEqual([10, 15]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -100, max: 20_000_000 }), { maxLength: 5 }), (values) => {
        const out = constrainHandles(values);
        for (let i = 0; i < out.length; i++) {
          expect(out[i]).toBeGreaterThanOrEqual(0);
          expect(out[i]).toBeLessThanOrEqual(10_000_000);
          if (i > 0) expect(out[i]).toBeGreaterThanOrEqual(out[i - 1] ?? 0);
        }
      }),
    );
  });
});

describe('dates filter (§5)', () => {
  it('parses start,end', () => {
    expect(parseDatesFilter('2026-03-10,2026-03-12')).toEqual({ start: '2026-03-10', end: '2026-03-12' });
    expect(parseDatesFilter('2026-03-10,2026-03-10')).toEqual({ start: '2026-03-10', end: '2026-03-10' });
    for (const bad of ['2026-03-12,2026-03-10', '2026-02-30,2026-03-01', '2026-03-10', '', null, 'a,b']) {
      expect(parseDatesFilter(bad)).toBeUndefined();
    }
    expect(formatDatesFilter({ start: '2026-03-10', end: '2026-03-12' })).toBe('2026-03-10,2026-03-12');
  });
  it('gives the search instants', () => {
    expect(datesFilterToSearchParams({ start: '2026-03-10', end: '2026-03-12' })).toEqual({
      start: '2026-03-10T00:00:00.000Z',
      end: '2026-03-13T00:00:00.000Z',
    });
    expect(datesFilterToSearchParams({ start: '2026-03-10', end: '2026-03-12' }, 'night')).toEqual({
      start: '2026-03-10T00:00:00.000Z',
      end: '2026-03-12T00:00:00.000Z',
    });
    expect(() => datesFilterToSearchParams({ start: 'x', end: '2026-03-12' })).toThrow(RangeError);
  });
});

describe('location search parameters (§2, §7 origin and bounds)', () => {
  const toronto = { ne: { lat: 44.05603, lng: -78.93822 }, sw: { lat: 43.42737, lng: -79.80838 } };

  it('parses origin lat,lng in range', () => {
    expect(parseOriginParam('43.7417,-79.3733')).toEqual({ lat: 43.7417, lng: -79.3733 });
    expect(parseOriginParam(' -90 , 180 ')).toEqual({ lat: -90, lng: 180 });
    for (const bad of [
      '',
      '43.7',
      '91,0',
      '0,180.5',
      '1e2,3',
      'NaN,1',
      '0x1,2',
      '1,2,3',
      '1.,2',
      null,
      undefined,
    ]) {
      expect(parseOriginParam(bad)).toBeUndefined();
    }
    expect(formatOriginParam({ lat: 43.7417, lng: -79.3733 })).toBe('43.7417,-79.3733');
    expect(formatOriginParam({ lat: -0, lng: 1e-9 })).toBe('0,0');
    expect(formatOriginParam({ lat: 12.34567891, lng: 1 })).toBe('12.345679,1');
  });

  it('parses bounds ne_lat,ne_lng,sw_lat,sw_lng; north may not be south of south', () => {
    expect(parseBoundsParam('44.05603,-78.93822,43.42737,-79.80838')).toEqual(toronto);
    expect(formatBoundsParam(toronto)).toBe('44.05603,-78.93822,43.42737,-79.80838');
    // East edge west of the west edge: a box across the antimeridian.
    expect(parseBoundsParam('-15,-178,-20,177')).toEqual({
      ne: { lat: -15, lng: -178 },
      sw: { lat: -20, lng: 177 },
    });
    for (const bad of [
      '',
      '1,2,3',
      '43,-79,44,-80', // ne south of sw
      '91,0,0,0',
      '0,0,-91,0',
      '0,181,0,0',
      '0,0,0,-181',
      'a,b,c,d',
      '1,2,3,4,5',
      null,
      undefined,
    ]) {
      expect(parseBoundsParam(bad)).toBeUndefined();
    }
  });

  it('round-trips (property)', () => {
    const lat = fc.double({ min: -90, max: 90, noNaN: true });
    const lng = fc.double({ min: -180, max: 180, noNaN: true });
    fc.assert(
      fc.property(lat, lat, lng, lng, (a, b, east, west) => {
        const bounds = { ne: { lat: Math.max(a, b), lng: east }, sw: { lat: Math.min(a, b), lng: west } };
        const text = formatBoundsParam(bounds);
        const parsed = parseBoundsParam(text);
        expect(parsed).toBeDefined();
        expect(formatBoundsParam(parsed!)).toBe(text);
        expect(parsed!.ne.lat).toBeCloseTo(bounds.ne.lat, 5);
        const origin = parseOriginParam(formatOriginParam({ lat: a, lng: east }));
        expect(origin!.lng).toBeCloseTo(east, 5);
      }),
    );
  });

  it('tells whether a point lies in the bounds, edges included', () => {
    expect(boundsContain(toronto, { lat: 43.65, lng: -79.38 })).toBe(true);
    expect(boundsContain(toronto, toronto.ne)).toBe(true);
    expect(boundsContain(toronto, toronto.sw)).toBe(true);
    expect(boundsContain(toronto, { lat: 45.5, lng: -79.38 })).toBe(false); // north of it
    expect(boundsContain(toronto, { lat: 43, lng: -79.38 })).toBe(false); // south
    expect(boundsContain(toronto, { lat: 43.65, lng: -78 })).toBe(false); // east
    expect(boundsContain(toronto, { lat: 43.65, lng: -80 })).toBe(false); // west
  });

  it('handles bounds across the antimeridian', () => {
    const fiji = { ne: { lat: -15, lng: -178 }, sw: { lat: -20, lng: 177 } };
    expect(boundsContain(fiji, { lat: -17, lng: 178.4 })).toBe(true);
    expect(boundsContain(fiji, { lat: -17, lng: 180 })).toBe(true);
    expect(boundsContain(fiji, { lat: -17, lng: -180 })).toBe(true);
    expect(boundsContain(fiji, { lat: -17, lng: -179 })).toBe(true);
    expect(boundsContain(fiji, { lat: -17, lng: 0 })).toBe(false);
    expect(boundsContain(fiji, { lat: -17, lng: -177 })).toBe(false);
    expect(boundsContain(fiji, { lat: -17, lng: 176 })).toBe(false);
    expect(boundsContain(fiji, { lat: -21, lng: 179 })).toBe(false);
  });

  it('normalises the address label and the place query', () => {
    expect(normaliseAddress('  Toronto,   Ontario, Canada ')).toBe('Toronto, Ontario, Canada');
    expect(normaliseAddress('x'.repeat(maxAddressLength))).toHaveLength(maxAddressLength);
    for (const bad of ['', '   ', 'x'.repeat(maxAddressLength + 1), null, undefined]) {
      expect(normaliseAddress(bad)).toBeUndefined();
    }
    expect(normalisePlaceQuery(' tor ')).toBe('tor');
    expect(normalisePlaceQuery('x'.repeat(placeQueryLength.max))).toHaveLength(100);
    for (const bad of ['', '  ', 'x'.repeat(placeQueryLength.max + 1), null, undefined]) {
      expect(normalisePlaceQuery(bad)).toBeUndefined();
    }
  });
});
