import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  constrainHandles,
  datesFilterToSearchParams,
  formatDatesFilter,
  formatPriceFilter,
  parseDatesFilter,
  parsePriceFilter,
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
