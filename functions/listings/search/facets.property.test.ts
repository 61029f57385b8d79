import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conditions, frameMaterials, sizes, wheelSizeKeys } from '../../../shared/config/listing-fields';
import type { SortKey } from '../../../shared/config/sort';
import { type Bounds, widenedBounds } from '../../../shared/maps';
import { boundsContain } from '../../../shared/validation/filters';
import type { SearchFilterValues } from '../../../shared/validation/search-filters';
import { type ListingRecord, listingRecord } from '../listing-record';
import { SearchCatalogue } from './catalogue';
import type { SearchDelta } from './delta-cursor';
import { passes, referenceFacets } from './facets.reference';
import { SearchIndex, type SearchQuery } from './search-index';

/**
 * Issue 21's check: 2,000 random listings × 500 random filter combinations, and the index's
 * results, order, totalItems and every facet count equal the plain definition (facets.reference.ts):
 * filter every listing, sort (sold out last, then the sort, then newest), page, and count each
 * facet over the listings passing every other filter.
 */
const categories = ['roadBikes', 'gravelBikes', 'mtbBikes', 'roadWheels', 'helmets'];
const brands = [
  'Trek',
  'trek ',
  'TREK',
  'Canyon',
  'Cervélo',
  'Cervelo',
  'SRAM',
  'Sram',
  'Orbea',
  'Velo Nuovo',
  'velo  nuovo',
];
const groupsets = [
  'Shimano 105',
  'shimano  105',
  '105 Di2',
  'SRAM Rival',
  'sram rival axs',
  'Campagnolo Chorus',
  'My own mix',
];
const sizeKeys = Object.keys(sizes);
const conditionKeys = Object.keys(conditions);
const materialKeys = Object.keys(frameMaterials);
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 3 });

const listing = fc.record({
  category: fc.constantFrom(...categories),
  condition: fc.constantFrom(...conditionKeys),
  brand: optional(fc.constantFrom(...brands)),
  groupset: optional(fc.constantFrom(...groupsets)),
  frameSize: optional(fc.constantFrom(...sizeKeys)),
  frameSizeCm: optional(fc.integer({ min: 60, max: 140 }).map((tenths) => tenths / 2)),
  size: fc.constantFrom(...sizeKeys),
  wheelSize: optional(fc.constantFrom(...wheelSizeKeys)),
  frameMaterial: optional(fc.constantFrom(...materialKeys)),
  year: optional(fc.integer({ min: 2010, max: 2026 })),
  shipping: fc.boolean(),
  pickup: fc.boolean(),
  price: fc.integer({ min: 0, max: 40 }).map((n) => n * 5_000),
  stock: fc.constantFrom(0, 1, 1, 1, 3),
  draft: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
  day: fc.integer({ min: 1, max: 28 }),
  at: fc.record({
    lat: fc.double({ min: 40, max: 60, noNaN: true }),
    lng: fc.double({ min: -10, max: 30, noNaN: true }),
  }),
});

function catalogue(seed: number, length: number): ListingRecord[] {
  return fc.sample(listing, { numRuns: length, seed }).map((entry, i) =>
    listingRecord({
      id: `listing-${String(i).padStart(4, '0')}`,
      authorId: 'author',
      title: `Listing ${i}`,
      description: '',
      price: { amount: entry.price, currency: 'USD' },
      state: entry.draft ? 'draft' : 'published',
      publicData: {
        category: entry.category,
        condition: entry.condition,
        size: entry.size,
        ...(entry.brand ? { brand: entry.brand } : {}),
        ...(entry.groupset ? { groupset: entry.groupset } : {}),
        ...(entry.frameSize ? { frameSize: entry.frameSize } : {}),
        ...(entry.frameSizeCm ? { frameSizeCm: entry.frameSizeCm } : {}),
        ...(entry.wheelSize ? { wheelSize: entry.wheelSize } : {}),
        ...(entry.frameMaterial ? { frameMaterial: entry.frameMaterial } : {}),
        ...(entry.year ? { year: entry.year } : {}),
        pickupEnabled: entry.pickup,
        shippingEnabled: entry.shipping,
        location: { address: 'x', city: 'Berlin', region: 'Berlin', country: 'DE' },
      },
      geolocation: entry.at,
      publicGeolocation: entry.at,
      currentStock: entry.stock,
      images: [],
      createdAt: `2026-01-${String(entry.day).padStart(2, '0')}T00:00:00.000Z`,
      updatedAt: `2026-01-${String(entry.day).padStart(2, '0')}T00:00:00.000Z`,
    }),
  );
}

const some = <T>(values: readonly T[]) =>
  fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: 3 });
const filterArbitraries = {
  category: some([...categories, 'trackBikes']).map((keys) => ({ type: 'options' as const, keys })),
  condition: some(conditionKeys).map((keys) => ({ type: 'options' as const, keys })),
  frameSize: some(sizeKeys).map((keys) => ({ type: 'options' as const, keys })),
  size: some(sizeKeys).map((keys) => ({ type: 'options' as const, keys })),
  wheelSize: some(wheelSizeKeys).map((keys) => ({ type: 'options' as const, keys })),
  frameMaterial: some(materialKeys).map((keys) => ({ type: 'options' as const, keys })),
  delivery: some(['shipping', 'pickup']).map((keys) => ({ type: 'options' as const, keys })),
  brand: some([...brands, 'cervelo', 'Unknown']).map((values) => ({ type: 'text' as const, values })),
  groupset: some([...groupsets, 'SRAM-Rival']).map((values) => ({ type: 'text' as const, values })),
  // Bounds on listing prices (multiples of 5,000) or just past them, to test both ends exactly.
  price: fc
    .tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 20 }), fc.constantFrom(0, 1, 2_500))
    .map(([min, span, offset]) => ({
      type: 'range' as const,
      min: min * 5_000 + (offset === 2_500 ? offset : 0),
      max: (min + span) * 5_000 + offset,
    })),
  year: fc
    .tuple(fc.integer({ min: 2008, max: 2026 }), fc.integer({ min: 0, max: 6 }))
    .map(([min, span]) => ({ type: 'range' as const, min, max: min + span })),
};
const everyFilter = fc.record(filterArbitraries);
const filterIds = Object.keys(filterArbitraries) as (keyof typeof filterArbitraries)[];
/** Up to four filters at once: more would leave most answers empty. */
const filterValues: fc.Arbitrary<SearchFilterValues> = fc
  .tuple(everyFilter, fc.uniqueArray(fc.constantFrom(...filterIds), { maxLength: 4 }))
  .map(
    ([values, chosen]) =>
      Object.fromEntries(chosen.map((id) => [id, values[id as keyof typeof values]])) as SearchFilterValues,
  );

const bounds: fc.Arbitrary<Bounds> = fc
  .tuple(fc.double({ min: 40, max: 58, noNaN: true }), fc.double({ min: -10, max: 25, noNaN: true }))
  .map(([lat, lng]) => ({ sw: { lat, lng }, ne: { lat: lat + 4, lng: lng + 8 } }));

const query: fc.Arbitrary<SearchQuery> = fc
  .record({
    filters: filterValues,
    bounds: optional(bounds),
    sort: optional(fc.constantFrom<SortKey>('createdAt', '-createdAt', 'price', '-price')),
    page: fc.integer({ min: 1, max: 5 }),
    perPage: fc.constantFrom(5, 24, 100),
  })
  .map(({ filters, bounds, sort, page, perPage }) => ({
    ...(Object.keys(filters).length ? { filters } : {}),
    ...(bounds ? { bounds } : {}),
    ...(sort ? { sort } : {}),
    page,
    perPage,
  }));

/** `labelled`: the listings whose first spelling of a free-text value is its label (by default `published`). */
function reference(published: ListingRecord[], query: SearchQuery, labelled = published) {
  const box = query.bounds && widenedBounds(query.bounds);
  const base = published.filter(
    (record) =>
      !box || (record.publicGeolocation !== undefined && boundsContain(box, record.publicGeolocation)),
  );
  const position = new Map(published.map((record, i) => [record.id, i]));
  const newer = (a: ListingRecord, b: ListingRecord) => position.get(a.id)! - position.get(b.id)!;
  const compare: Record<string, (a: ListingRecord, b: ListingRecord) => number> = {
    createdAt: newer,
    '-createdAt': (a, b) => newer(b, a),
    '-price': (a, b) => a.price.amount - b.price.amount || newer(a, b),
    price: (a, b) => b.price.amount - a.price.amount || newer(a, b),
  };
  const soldOut = (record: ListingRecord) => (record.currentStock > 0 ? 0 : 1);
  const results = base
    .filter((record) => passes(record, query.filters))
    .sort((a, b) => soldOut(a) - soldOut(b) || compare[query.sort ?? 'createdAt']!(a, b));
  const start = (query.page - 1) * query.perPage;
  return {
    ids: results.slice(start, start + query.perPage).map((record) => record.id),
    totalItems: results.length,
    facets: referenceFacets(labelled, base, query.filters),
  };
}

const newestFirst = (records: ListingRecord[]) =>
  records
    .filter((record) => record.state === 'published')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));

/** Asks 500 random queries of `index` and compares each answer with the plain definition's. */
function compareWithReference(
  index: Pick<SearchIndex, 'search' | 'searchJson'>,
  published: ListingRecord[],
  labelled = published,
) {
  const queries = fc.sample(query, { numRuns: 500, seed: 2026 });
  let nonEmpty = 0;
  for (const q of queries) {
    const page = index.search(q);
    const expected = reference(published, q, labelled);
    const label = JSON.stringify(q);
    expect(
      page.data.map((summary) => summary.id),
      label,
    ).toEqual(expected.ids);
    expect(page.meta.totalItems, label).toBe(expected.totalItems);
    expect(page.facets, label).toEqual(expected.facets);
    expect(index.searchJson(q), label).toBe(JSON.stringify(page));
    if (expected.totalItems > 0) nonEmpty++;
  }
  // The combinations are not all empty answers: the comparison means something.
  expect(nonEmpty).toBeGreaterThan(100);
}

describe('search filters and facet counts against their plain definition', () => {
  it('2,000 listings × 500 filter combinations: results, order, totalItems and every facet count', () => {
    const records = catalogue(21, 2_000);
    compareWithReference(SearchIndex.of(records), newestFirst(records));
  }, 60_000);

  it('the same from a snapshot of 2,000 listings and 600 changes since (changed, added, removed)', () => {
    const before = catalogue(21, 2_000);
    const replacements = catalogue(22, 2_300);
    const kinds = fc.sample(fc.constantFrom('keep', 'keep', 'keep', 'change', 'remove'), {
      numRuns: 2_300,
      seed: 23,
    });
    const now: ListingRecord[] = [];
    const deltas: SearchDelta[] = [];
    replacements.forEach((replacement, i) => {
      const old = before[i];
      const kind = old ? kinds[i] : 'change';
      const next = kind === 'remove' ? undefined : kind === 'change' ? replacement : old;
      if (next) now.push(next);
      if (next !== old) {
        deltas.push({
          sequence: deltas.length + 1,
          id: replacement.id,
          version: '1',
          ...(next ? { document: next } : {}),
        });
      }
    });
    const held = SearchCatalogue.fromSnapshot(SearchCatalogue.encode(before, 0));
    for (let i = 0; i < deltas.length; i += 100) held.apply(deltas.slice(i, i + 100));
    expect(held.changes).toBeGreaterThan(500);
    // A free-text value is named as the snapshot first spelled it, else as the changes first do.
    const changedNow = newestFirst(
      deltas.flatMap((delta) => (delta.document ? [delta.document as ListingRecord] : [])),
    );
    compareWithReference(held, newestFirst(now), [...newestFirst(before), ...changedNow]);
  }, 60_000);
});
