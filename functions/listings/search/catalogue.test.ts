import { describe, expect, it } from 'vitest';
import type { SortKey } from '../../../shared/config/sort';
import { testListing } from '../listing-fixture';
import type { ListingRecord } from '../listing-record';
import { SearchCatalogue } from './catalogue';
import type { SearchDelta } from './delta-cursor';
import { SearchIndex, type SearchQuery } from './search-index';

/** A road bike in Berlin created on day `day` of January 2026. */
function record(id: string, day: number, overrides: Partial<ListingRecord> & { brand?: string } = {}) {
  const { brand, ...rest } = overrides;
  const at = `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`;
  return testListing(id, {
    title: 'Trek road bike',
    price: { amount: 10_000, currency: 'EUR' },
    publicData: {
      ...(brand ? { brand } : {}),
      location: { address: 'Hidden 1', city: 'Berlin', region: 'Berlin', country: 'DE' },
    },
    geolocation: { lat: 52.5, lng: 13.4 },
    publicGeolocation: { lat: 52.51, lng: 13.41 },
    createdAt: at,
    updatedAt: at,
    ...rest,
  });
}

const change = (sequence: number, listing: ListingRecord | { id: string }): SearchDelta => ({
  sequence,
  id: listing.id,
  version: String(sequence),
  ...('state' in listing ? { document: listing } : {}),
});

const ids = (held: SearchCatalogue | SearchIndex, query: Partial<SearchQuery>) =>
  held.search({ page: 1, perPage: 24, ...query }).data.map((summary) => summary.id);

describe('SearchCatalogue', () => {
  // Four listings alike but for their age: every order decides between them by the tie-break alone.
  const snapshot = [record('b', 2), record('d', 4)];
  const changes = [record('a', 1), record('c', 3)];
  const held = SearchCatalogue.fromSnapshot(SearchCatalogue.encode(snapshot, 5));
  held.apply(changes.map((listing, i) => change(6 + i, listing)));
  const fresh = SearchIndex.of([...snapshot, ...changes]);

  it('breaks ties between the snapshot and the changes as one index would: newer first', () => {
    const queries: Partial<SearchQuery>[] = [
      {},
      { keywords: 'trek' },
      { origin: { lat: 48, lng: 11 } },
      ...(['createdAt', '-createdAt', 'price', '-price', 'relevance'] as SortKey[]).map((sort) => ({ sort })),
      { keywords: 'road', sort: '-createdAt' },
      { filters: { category: { type: 'options', keys: ['roadBikes'] } } },
    ];
    for (const query of queries) expect(ids(held, query), JSON.stringify(query)).toEqual(ids(fresh, query));
    expect(ids(held, {})).toEqual(['d', 'c', 'b', 'a']);
    expect(ids(held, { perPage: 1, page: 3 })).toEqual(['b']);
  });

  it('answers a changed listing as it now is, once, and forgets a removed one', () => {
    const later = SearchCatalogue.fromSnapshot(SearchCatalogue.encode(snapshot, 5));
    later.apply([
      change(6, record('b', 2, { title: 'Canyon gravel bike', currentStock: 0 })),
      change(7, { id: 'd' }),
    ]);
    expect(later.size).toBe(1);
    const page = later.search({ keywords: 'canyon', page: 1, perPage: 24 });
    expect(page.data).toMatchObject([{ id: 'b', title: 'Canyon gravel bike', soldOut: true }]);
    expect(ids(later, { keywords: 'trek' })).toEqual([]);
    expect(later.search({ page: 1, perPage: 24 }).meta.totalItems).toBe(1);
  });

  it('adds up facet counts, a free-text value under the snapshot’s name for it', () => {
    const before = SearchCatalogue.fromSnapshot(
      SearchCatalogue.encode([record('b', 2, { brand: 'Velo Nuovo' }), record('d', 4, { brand: 'Trek' })], 5),
    );
    before.apply([
      change(6, record('e', 5, { brand: 'velo  nuovo' })),
      change(7, record('f', 6, { brand: 'Canyon' })),
    ]);
    expect(before.search({ page: 1, perPage: 24 }).facets.brand).toEqual({
      'Velo Nuovo': 2,
      Trek: 1,
      Canyon: 1,
    });
    const filtered = before.search({
      page: 1,
      perPage: 24,
      filters: { brand: { type: 'text', values: ['VELO NUOVO'] } },
    });
    expect(filtered.data.map((summary) => summary.id)).toEqual(['e', 'b']);
    expect(filtered.facets.brand).toEqual({ 'Velo Nuovo': 2, Trek: 1, Canyon: 1 });
    expect(filtered.facets.category).toEqual({ roadBikes: 2 });
  });

  it('starts empty before the first snapshot, at position 0', () => {
    const empty = SearchCatalogue.empty();
    expect(empty.position).toBe(0);
    expect(empty.search({ page: 1, perPage: 24 }).meta.totalItems).toBe(0);
    empty.apply([change(1, record('a', 1))]);
    expect(ids(empty, { keywords: 'trek' })).toEqual(['a']);
  });
});
