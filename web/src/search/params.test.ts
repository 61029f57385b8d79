import { describe, expect, it } from 'vitest';
import { categoriesInGroup } from '../../../shared/config/categories';
import { categorySelectionLabel, resultCountText } from './labels';
import {
  availableSortOptions,
  categoryGroupParam,
  defaultSort,
  locationSearchParams,
  parseSearch,
  stringifySearch,
  validateSearchParams,
} from './params';

describe('validateSearchParams', () => {
  it('keeps valid values', () => {
    expect(
      validateSearchParams({ keywords: 'trek', pub_category: 'roadBikes', sort: '-price', page: '3' }),
    ).toEqual({ keywords: 'trek', pub_category: 'roadBikes', sort: '-price', page: 3 });
  });

  it('trims keywords and drops empty ones', () => {
    expect(validateSearchParams({ keywords: '  trek   domane ' })).toEqual({ keywords: 'trek domane' });
    expect(validateSearchParams({ keywords: '   ' })).toEqual({});
    expect(validateSearchParams({ keywords: null })).toEqual({});
  });

  it('keeps known categories of a comma list, without duplicates', () => {
    expect(validateSearchParams({ pub_category: 'roadBikes,nope, gravelBikes,roadBikes' })).toEqual({
      pub_category: 'roadBikes,gravelBikes',
    });
    expect(validateSearchParams({ pub_category: 'nope' })).toEqual({});
  });

  it('drops unknown sorts, and relevance without keywords', () => {
    expect(validateSearchParams({ sort: 'cheapest' })).toEqual({});
    expect(validateSearchParams({ sort: 'relevance' })).toEqual({});
    expect(validateSearchParams({ sort: 'relevance', keywords: 'trek' })).toEqual({
      keywords: 'trek',
      sort: 'relevance',
    });
  });

  it('keeps the map view, and only it', () => {
    expect(validateSearchParams({ view: 'map' })).toEqual({ view: 'map' });
    expect(validateSearchParams({ view: 'list' })).toEqual({});
    expect(validateSearchParams({ view: ['map', 'x'] })).toEqual({ view: 'map' });
  });

  it('keeps whole pages from 2 on (page 1 is the default)', () => {
    expect(validateSearchParams({ page: '2' })).toEqual({ page: 2 });
    expect(validateSearchParams({ page: 5 })).toEqual({ page: 5 });
    for (const page of ['1', '0', '-2', '2.5', 'abc', '', '99999999']) {
      expect(validateSearchParams({ page })).toEqual({});
    }
  });

  it('takes the first of repeated values', () => {
    expect(validateSearchParams({ keywords: ['a', 'b'] })).toEqual({ keywords: 'a' });
  });
});

describe('location search params', () => {
  const bounds = '44.05603,-78.93822,43.42737,-79.80838';

  it('keeps valid bounds with their address label, and an origin, in canonical form', () => {
    expect(
      validateSearchParams({ address: ' Toronto,  Ontario, Canada ', bounds, origin: '43.74170,-79.3733' }),
    ).toEqual({ address: 'Toronto, Ontario, Canada', bounds, origin: '43.7417,-79.3733' });
    expect(validateSearchParams({ bounds: '44.0, -78.9, 43.4, -79.8' })).toEqual({
      bounds: '44,-78.9,43.4,-79.8',
    });
    // Across the antimeridian.
    expect(validateSearchParams({ bounds: '-15,-178,-20,177' })).toEqual({ bounds: '-15,-178,-20,177' });
  });

  it('drops invalid bounds (and then the address), invalid origins and too long addresses', () => {
    expect(validateSearchParams({ address: 'Toronto', bounds: '43,-79,44,-80' })).toEqual({});
    expect(validateSearchParams({ address: 'Toronto' })).toEqual({});
    expect(validateSearchParams({ origin: '91,0' })).toEqual({});
    expect(validateSearchParams({ address: 'x'.repeat(201), bounds })).toEqual({ bounds });
    expect(validateSearchParams({ bounds: [bounds, '0,0,0,0'] })).toEqual({ bounds });
  });

  it('builds the search a chosen place starts, with the origin only when configured', () => {
    const place = {
      id: '1124279679',
      name: 'Toronto',
      address: 'Toronto, Ontario, Canada',
      origin: { lat: 43.7417, lng: -79.3733 },
      bounds: { ne: { lat: 44.05603, lng: -78.93822 }, sw: { lat: 43.42737, lng: -79.80838 } },
    };
    expect(locationSearchParams(place, false)).toEqual({ address: 'Toronto, Ontario, Canada', bounds });
    expect(locationSearchParams(place, true)).toEqual({
      address: 'Toronto, Ontario, Canada',
      bounds,
      origin: '43.7417,-79.3733',
    });
    expect(locationSearchParams({ ...place, address: ' ' }, false)).toEqual({ bounds });
    expect(stringifySearch({ ...locationSearchParams(place, true) })).toBe(
      '?address=Toronto,+Ontario,+Canada&bounds=44.05603,-78.93822,43.42737,-79.80838&origin=43.7417,-79.3733',
    );
  });

  it('round-trips through the URL', () => {
    const params = {
      address: 'Montréal, Quebec, Canada',
      bounds: '45.8,-73.2,45.2,-73.9',
      origin: '45.5,-73.56',
    };
    expect(validateSearchParams(parseSearch(stringifySearch(params)))).toEqual(params);
    const withKeywords = { keywords: 'trek', ...params, sort: '-price' as const, page: 2 };
    expect(validateSearchParams(parseSearch(stringifySearch(withKeywords)))).toEqual(withKeywords);
  });
});

describe('parseSearch and stringifySearch', () => {
  it('reads plain strings, first value wins', () => {
    expect(parseSearch('?keywords=2019&page=2&keywords=x')).toEqual({ keywords: '2019', page: '2' });
    expect(parseSearch('')).toEqual({});
  });

  it('writes readable query strings without empty values', () => {
    expect(stringifySearch({ keywords: 'trek bike', pub_category: 'roadBikes,gravelBikes', page: 2 })).toBe(
      '?keywords=trek+bike&pub_category=roadBikes,gravelBikes&page=2',
    );
    expect(stringifySearch({ keywords: undefined, page: undefined, sort: '' })).toBe('');
  });

  it('round-trips through validation', () => {
    const params = { keywords: '2019 & "carbon"', pub_category: categoryGroupParam('apparel'), page: 4 };
    expect(validateSearchParams(parseSearch(stringifySearch(params)))).toEqual(params);
  });
});

describe('sort helpers', () => {
  it('defaults to relevance with keywords, newest otherwise', () => {
    expect(defaultSort({ keywords: 'trek' })).toBe('relevance');
    expect(defaultSort({})).toBe('createdAt');
  });

  it('offers relevance only with keywords', () => {
    expect(availableSortOptions({}).map((o) => o.key)).toEqual([
      'createdAt',
      '-createdAt',
      '-price',
      'price',
    ]);
    expect(availableSortOptions({ keywords: 'x' }).map((o) => o.key)).toContain('relevance');
  });
});

describe('labels', () => {
  it('names a category group selection', () => {
    expect(categoryGroupParam('completeBikes')).toBe(categoriesInGroup('completeBikes').join(','));
    expect(categorySelectionLabel(categoryGroupParam('completeBikes'))).toBe('Complete Bikes');
    expect(categorySelectionLabel('roadBikes')).toBe('Road bikes');
    expect(categorySelectionLabel('roadBikes,helmets')).toBeUndefined();
    expect(categorySelectionLabel(undefined)).toBeUndefined();
  });

  it('counts results', () => {
    expect(resultCountText(0)).toBe('0 results');
    expect(resultCountText(1)).toBe('1 result');
    expect(resultCountText(1234)).toBe('1,234 results');
  });
});
