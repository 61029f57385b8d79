import { describe, expect, it } from 'vitest';
import { pageSizes } from '../../../shared/config/marketplace';
import type { HttpEvent } from '../../lib/http';
import { searchQueryOf } from './search-query';

const query = (params: Record<string, string>) =>
  searchQueryOf({ queryStringParameters: params } as unknown as HttpEvent);

const refusal = (params: Record<string, string>) => {
  try {
    query(params);
  } catch (error) {
    return error as { code: string; meta?: { param?: string } };
  }
  throw new Error(`accepted ${JSON.stringify(params)}`);
};

describe('the search query from a query string', () => {
  it('keeps only what was given, with the default page', () => {
    expect(query({})).toEqual({ page: 1, perPage: pageSizes.search });
    expect(
      query({ keywords: '  trek  ', pub_category: 'roadBikes,,mtbBikes', sort: '-price', page: '2' }),
    ).toEqual({
      keywords: 'trek',
      filters: { category: { type: 'options', keys: ['roadBikes', 'mtbBikes'] } },
      sort: '-price',
      page: 2,
      perPage: pageSizes.search,
    });
  });

  it('reads the pinned filter parameters: price in minor units (upper bound exclusive), lists, ranges', () => {
    expect(
      query({
        price: '50000,150001',
        pub_condition: 'new,usedLikeNew',
        pub_frameSize: 'm,l',
        pub_brand: 'Trek, Canyon',
        pub_year: '2018,2023',
        pub_delivery: 'shipping',
      }).filters,
    ).toEqual({
      price: { type: 'range', min: 50000, max: 150001 },
      condition: { type: 'options', keys: ['new', 'usedLikeNew'] },
      frameSize: { type: 'options', keys: ['m', 'l'] },
      brand: { type: 'text', values: ['Trek', 'Canyon'] },
      year: { type: 'range', min: 2018, max: 2023 },
      delivery: { type: 'options', keys: ['shipping'] },
    });
  });

  it('ignores unknown parameters and the reserved dates filter', () => {
    expect(query({ colour: 'red', dates: '2026-12-01,2026-12-03' })).toEqual({
      page: 1,
      perPage: pageSizes.search,
    });
  });

  it('reads bounds and origin as numbers and ignores empty ones', () => {
    const parsed = query({ bounds: '52.6,13.8,52.3,13.1', origin: '52.52,13.40', address: 'Berlin' });
    expect(parsed.bounds).toBeDefined();
    expect(parsed.origin).toEqual({ lat: 52.52, lng: 13.4 });
    expect(query({ bounds: ' ', origin: '' })).toEqual({ page: 1, perPage: pageSizes.search });
  });

  it('refuses each malformed parameter with 400 validation-invalid-params naming it', () => {
    for (const [params, param] of [
      [{ keywords: 'x'.repeat(201) }, 'keywords'],
      [{ pub_category: 'unicycles' }, 'pub_category'],
      [{ price: 'abc' }, 'price'],
      [{ price: '150000,50000' }, 'price'],
      [{ pub_condition: 'bogus' }, 'pub_condition'],
      [{ pub_frameSize: 'm,huge' }, 'pub_frameSize'],
      [{ pub_year: '2018' }, 'pub_year'],
      [{ pub_delivery: 'drone' }, 'pub_delivery'],
      [{ pub_brand: 'x'.repeat(61) }, 'pub_brand'],
      [{ sort: 'distance' }, 'sort'],
      [{ sort: 'relevance' }, 'sort'],
      [{ bounds: 'north' }, 'bounds'],
      [{ origin: '95,0' }, 'origin'],
      [{ address: 'x'.repeat(2000) }, 'address'],
      [{ page: '0' }, 'page'],
      [{ perPage: '101' }, 'perPage'],
    ] as const) {
      const error = refusal(params);
      expect(error.code, param).toBe('validation-invalid-params');
      expect(error.meta?.param, param).toBe(param);
    }
  });
});
