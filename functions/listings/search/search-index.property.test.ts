import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categoryLabel } from '../../../shared/config/categories';
import { countryName, isCountryCode } from '../../../shared/config/countries';
import type { SortKey } from '../../../shared/config/sort';
import { type Bounds, distanceMeters, widenedBounds } from '../../../shared/maps';
import type { LatLng } from '../../../shared/validation/core';
import { boundsContain } from '../../../shared/validation/filters';
import { countryNames as otherCountryNames } from '../../places/alternative-names';
import { type ListingRecord, listingRecord } from '../listing-record';
import { SearchCatalogue } from './catalogue';
import type { SearchDelta } from './delta-cursor';
import { passes } from './facets.reference';
import { tokenize } from './keywords';
import { SearchIndex, type SearchQuery } from './search-index';
import { stem } from './word-forms';

/**
 * The index answers from typed arrays (postings, category lists, a counting sort by score, a typo
 * neighbourhood); this checks it against the plain definition of a search on random catalogues and
 * queries: the same listings in the same order, the same counts, and `searchJson` the same bytes as
 * `search`.
 */
// biome-ignore format: a word list reads better in rows
const words = [
  'trek', 'trail', 'trial', 'tr', 'garmin', 'gar', 'garage', 'road', 'bike', 'bikes', 'shimano',
  'shimnao', 'crank', 'cranks', 'x1', 'wheel', 'wheels', 'wheelset', 'glass', 'glasses', 'series',
  'specialized', 'specialised', 'r8000', 'r8001', 'fork', 'form',
];
const queryWords = [
  ...words,
  'seri',
  'specialis',
  'bavaria',
  'bavria',
  'germany',
  'de',
  'kingdom',
  'ca',
  'on',
];
const categories = ['roadBikes', 'gravelBikes', 'helmets', 'roadWheels'];
const places = [
  { city: 'Toronto', region: 'ON', country: 'CA' },
  { city: 'Munich', region: 'Bavaria', country: 'DE' },
  { city: 'London', region: 'England', country: 'GB' },
  { city: 'Trento', region: 'Trentino', country: 'not a code' },
];

/** The number of edits (change, add, remove a letter, swap two neighbours) from `a` to `b`. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const change = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + change);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * A query word's weight in a listing: its heaviest word with the same stem (or, for the last query
 * word, starting with it); else, for a stem of five letters or more, its heaviest word one edit
 * away, one less; words with digits take no typo.
 */
function weightIn(weights: Map<string, number>, token: string, last: boolean): number {
  let best = 0;
  const base = stem(token);
  for (const [word, weight] of weights) {
    if (stem(word) === base || (last && word.startsWith(token))) best = Math.max(best, weight);
    else if (base.length >= 5 && /^[a-z]+$/.test(base + stem(word)) && editDistance(base, stem(word)) === 1) {
      best = Math.max(best, weight - 1);
    }
  }
  return best;
}

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
    const { city, region, country } = data.location;
    // The place by its names: a region given as a code and the country's code are not words.
    const countryInEnglish = isCountryCode(country)
      ? [countryName(country, 'en'), ...(otherCountryNames[country] ?? [])].join(' ')
      : '';
    const regionName = /^[A-Z0-9]{1,3}$/.test(region) ? '' : region;
    add(record.title, 6);
    add([data.brand, data.model, data.groupset].filter(Boolean).join(' '), 4);
    add(
      // The category by its name ("Gravel Bikes"), as a body word.
      [
        record.description,
        categoryLabel(data.category),
        data.colour,
        data.wheelset,
        city,
        regionName,
        countryInEnglish,
      ]
        .filter(Boolean)
        .join(' '),
      2,
    );
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
      const weight = weightIn(weights, token, i === tokens.length - 1);
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
const queryText = fc.array(fc.constantFrom(...queryWords), { maxLength: 3 }).map((list) => list.join(' '));
const point = fc.record({
  lat: fc.double({ min: -60, max: 60, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
});
const listing = fc.record({
  title: text,
  description: text,
  brand: fc.option(fc.constantFrom('Trek', 'Garmin', 'Shimano Tiagra'), { nil: undefined }),
  place: fc.constantFrom(...places),
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
        location: { address: 'x', ...entry.place },
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
    keywords: fc.option(
      fc.oneof(
        queryText,
        fc.constantFrom('g', 't', 'trek tr', 'trek trek', '!!', 'trail', 'shimnao', 'forks', 'wheels'),
      ),
      {
        nil: undefined,
      },
    ),
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
        const index = SearchIndex.of(records);
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

/**
 * Issue 23: a container's catalogue, a snapshot's index with changes applied over it (changed,
 * added and removed listings, in two batches), answers as an index of the catalogue after the
 * changes would: the same plain definition, over the listings as they now are.
 */
const changeKinds = fc.array(fc.constantFrom('keep', 'change', 'change', 'remove'), { maxLength: 60 });

function changed(before: ListingRecord[], after: ListingRecord[], kinds: string[]) {
  const now: ListingRecord[] = [];
  const deltas: SearchDelta[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const kind = kinds[i] ?? 'keep';
    const old = before[i];
    const next = kind === 'remove' ? undefined : kind === 'change' || !old ? (after[i] ?? old) : old;
    if (next) now.push(next);
    if (next === old) continue;
    const id = (old ?? next)!.id;
    deltas.push({ sequence: deltas.length + 1, id, version: '1', ...(next ? { document: next } : {}) });
  }
  return { now, deltas };
}

describe('SearchCatalogue (a snapshot and the changes since) against the plain definition', () => {
  it('answers as the index of the listings as they now are', () => {
    fc.assert(
      fc.property(
        catalogue,
        catalogue,
        changeKinds,
        fc.array(searchQuery, { minLength: 1, maxLength: 8 }),
        (before, after, kinds, queries) => {
          const { now, deltas } = changed(before, after, kinds);
          const held = SearchCatalogue.fromSnapshot(SearchCatalogue.encode(before, 7));
          const half = Math.floor(deltas.length / 2);
          held.apply(deltas.slice(0, half));
          held.apply(deltas.slice(half));
          for (const query of queries) {
            const page = held.search(query);
            const expected = reference(now, query);
            expect(page.data.map((summary) => summary.id)).toEqual(expected.ids);
            expect(page.meta.totalItems).toBe(expected.totalItems);
            expect(held.searchJson(query)).toBe(JSON.stringify(page));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
