import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SortKey } from '../../../shared/config/sort';
import { type Bounds, distanceMeters, widenedBounds } from '../../../shared/maps';
import type { LatLng } from '../../../shared/validation/core';
import { boundsContain } from '../../../shared/validation/filters';
import { type ListingRecord, listingRecord } from '../listing-record';
import { passes } from './facets.reference';
import { tokenize } from './keywords';
import { SearchIndex, type SearchQuery } from './search-index';

/**
 * The index answers from typed arrays (postings, category lists, a counting sort by score); this
 * checks it against the plain definition of a search on random catalogues and queries: the same
 * listings in the same order, the same counts, and `searchJson` the same bytes as `search`.
 */
const words = ['trek', 'trail', 'tr', 'garmin', 'gar', 'garage', 'road', 'bike', 'shimano', 'crank', 'x1'];
const categories = ['roadBikes', 'gravelBikes', 'helmets', 'roadWheels'];

function reference(records: ListingRecord[], query: SearchQuery) {
  const published = records
    .filter((record) => record.state === 'published')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  const weightsOf = (record: ListingRecord) => {
    const weights = new Map<string, number>();
    const add = (text: string, weight: number) => {
      for (const token of tokenize(text)) weights.set(token, Math.max(weights.get(token) ?? 0, weight));
    };
    const data = record.publicData;
    add(record.title, 3);
    add([data.brand, data.model, data.groupset].filter(Boolean).join(' '), 2);
    add([record.description, data.colour, data.wheelset, data.location.city].filter(Boolean).join(' '), 1);
    return weights;
  };
  const tokens = tokenize(query.keywords ?? '');
  const sort = query.sort ?? (query.origin ? 'distance' : tokens.length ? 'relevance' : 'createdAt');
  const entries = published.flatMap((record, position) => {
    if (!passes(record, query.filters)) return [];
    const point = record.publicGeolocation;
    const box = query.bounds && widenedBounds(query.bounds);
    if (box && !(point && boundsContain(box, point))) return [];
    const weights = weightsOf(record);
    let score = 0;
    for (const [i, token] of tokens.entries()) {
      const weight =
        i === tokens.length - 1
          ? Math.max(0, ...[...weights].filter(([word]) => word.startsWith(token)).map(([, w]) => w))
          : (weights.get(token) ?? 0);
      if (!weight) return [];
      score += weight;
    }
    const distance = query.origin
      ? point
        ? distanceMeters(query.origin, point)
        : Number.POSITIVE_INFINITY
      : 0;
    return [{ record, position, score, distance }];
  });
  type Entry = (typeof entries)[number];
  const orders: Record<string, (a: Entry, b: Entry) => number> = {
    createdAt: (a, b) => a.position - b.position,
    '-createdAt': (a, b) => b.position - a.position,
    '-price': (a, b) => a.record.price.amount - b.record.price.amount || a.position - b.position,
    price: (a, b) => b.record.price.amount - a.record.price.amount || a.position - b.position,
    relevance: (a, b) =>
      tokens.length ? b.score - a.score || a.position - b.position : a.position - b.position,
    distance: (a, b) => a.distance - b.distance || a.position - b.position,
  };
  entries.sort(orders[sort]);
  const start = (query.page - 1) * query.perPage;
  return {
    ids: entries.slice(start, start + query.perPage).map((entry) => entry.record.id),
    totalItems: entries.length,
  };
}

const text = fc.array(fc.constantFrom(...words), { maxLength: 4 }).map((list) => list.join(' '));
const point = fc.record({
  lat: fc.double({ min: -60, max: 60, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
});
const listing = fc.record({
  title: text,
  description: text,
  brand: fc.option(fc.constantFrom('Trek', 'Garmin', 'Shimano Tiagra'), { nil: undefined }),
  city: fc.constantFrom('Toronto', 'Trento', 'Garda'),
  category: fc.constantFrom(...categories),
  price: fc.constantFrom(1_000, 2_000, 3_000),
  day: fc.integer({ min: 1, max: 4 }),
  draft: fc.boolean(),
  at: point,
});
const catalogue = fc.array(listing, { maxLength: 60 }).map((list) =>
  list.map((entry, i) =>
    listingRecord({
      id: `listing-${String(i).padStart(3, '0')}`,
      authorId: 'author',
      title: entry.title || 'untitled',
      description: entry.description,
      price: { amount: entry.price, currency: 'USD' },
      state: entry.draft ? 'draft' : 'published',
      publicData: {
        category: entry.category,
        condition: 'usedGoodCondition',
        ...(entry.brand ? { brand: entry.brand } : {}),
        pickupEnabled: true,
        shippingEnabled: false,
        location: { address: 'x', city: entry.city, region: 'ON', country: 'CA' },
      },
      geolocation: entry.at,
      publicGeolocation: entry.at,
      currentStock: 1,
      images: [],
      createdAt: `2026-01-0${entry.day}T00:00:00.000Z`,
      updatedAt: `2026-01-0${entry.day}T00:00:00.000Z`,
    }),
  ),
);
const bounds: fc.Arbitrary<Bounds> = fc
  .tuple(point, fc.double({ min: 1, max: 60, noNaN: true }), fc.double({ min: 1, max: 300, noNaN: true }))
  .map(([sw, height, width]) => ({
    sw,
    ne: { lat: sw.lat + height, lng: ((sw.lng + width + 540) % 360) - 180 },
  }));
const searchQuery: fc.Arbitrary<SearchQuery> = fc
  .record({
    keywords: fc.option(fc.oneof(text, fc.constantFrom('g', 't', 'trek tr', 'trek trek', '!!')), {
      nil: undefined,
    }),
    filters: fc.option(
      fc
        .array(fc.constantFrom(...categories, 'unknownCategory'), { minLength: 1, maxLength: 3 })
        .map((keys) => ({ category: { type: 'options' as const, keys } })),
      { nil: undefined },
    ),
    bounds: fc.option(bounds, { nil: undefined }),
    origin: fc.option(point as fc.Arbitrary<LatLng>, { nil: undefined }),
    sort: fc.option(fc.constantFrom<SortKey>('createdAt', '-createdAt', 'price', '-price', 'relevance'), {
      nil: undefined,
    }),
    page: fc.integer({ min: 1, max: 4 }),
    perPage: fc.integer({ min: 1, max: 12 }),
  })
  .map(
    (query) =>
      Object.fromEntries(
        Object.entries(query).filter(([, value]) => value !== undefined),
      ) as unknown as SearchQuery,
  );

describe('SearchIndex against the plain definition of a search', () => {
  it('finds, orders, pages and counts the same listings; searchJson is JSON.stringify(search)', () => {
    fc.assert(
      fc.property(catalogue, fc.array(searchQuery, { minLength: 1, maxLength: 8 }), (records, queries) => {
        const index = new SearchIndex(records);
        for (const query of queries) {
          const page = index.search(query);
          const expected = reference(records, query);
          expect(page.data.map((summary) => summary.id)).toEqual(expected.ids);
          expect(page.meta).toEqual({
            page: query.page,
            perPage: query.perPage,
            totalItems: expected.totalItems,
            totalPages: Math.ceil(expected.totalItems / query.perPage),
          });
          expect(index.searchJson(query)).toBe(JSON.stringify(page));
        }
      }),
      { numRuns: 300 },
    );
  });
});
