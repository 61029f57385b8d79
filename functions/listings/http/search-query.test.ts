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
      categories: ['roadBikes', 'mtbBikes'],
      sort: '-price',
      page: 2,
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
