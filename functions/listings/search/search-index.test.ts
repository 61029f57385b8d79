import { describe, expect, it } from 'vitest';
import { testListing } from '../listing-fixture';
import type { ListingRecord } from '../listing-record';
import { SearchIndex } from './search-index';

function record(id: string, overrides: Partial<ListingRecord> & { brand?: string; category?: string } = {}) {
  const { brand, category, ...rest } = overrides;
  return testListing(id, {
    title: `Listing ${id}`,
    description: 'A good part.',
    publicData: { ...(category ? { category } : {}), ...(brand ? { brand } : {}) },
    geolocation: { lat: 51, lng: -114 },
    publicGeolocation: { lat: 51.01, lng: -114.01 },
    ...rest,
  });
}

const query = { page: 1, perPage: 24 };

describe('SearchIndex', () => {
  const index = SearchIndex.of([
    record('a', {
      title: 'Trek Domane SL6',
      createdAt: '2026-03-01T00:00:00.000Z',
      price: { amount: 250_000, currency: 'USD' },
    }),
    record('b', {
      title: 'Road wheelset',
      brand: 'Trek',
      category: 'roadWheels',
      createdAt: '2026-02-01T00:00:00.000Z',
    }),
    record('c', { title: 'Gravel tyres', description: 'Fits a Trek Checkpoint', category: 'gravelTires' }),
    record('d', { title: 'Trek draft', state: 'draft' }),
    record('e', { title: 'Specialized Tarmac', price: { amount: 5_000, currency: 'USD' } }),
  ]);

  it('indexes only published listings', () => {
    expect(index.size).toBe(4);
  });

  it('ranks title matches over brand over description matches', () => {
    const result = index.search({ ...query, keywords: 'trek' });
    expect(result.data.map((listing) => listing.id)).toEqual(['a', 'b', 'c']);
    expect(result.meta.totalItems).toBe(3);
  });

  it('needs every keyword, the last one as a prefix', () => {
    expect(index.search({ ...query, keywords: 'trek doma' }).data.map((l) => l.id)).toEqual(['a']);
    expect(index.search({ ...query, keywords: 'tre domane' }).data).toHaveLength(0);
    expect(index.search({ ...query, keywords: 'trek unicycle' }).data).toHaveLength(0);
  });

  it('filters by categories', () => {
    const result = index.search({
      ...query,
      filters: { category: { type: 'options', keys: ['roadWheels', 'gravelTires'] } },
    });
    expect(result.data.map((l) => l.id).sort()).toEqual(['b', 'c']);
  });

  it("sorts with the spec's sign convention", () => {
    expect(index.search({ ...query, sort: 'createdAt' }).data[0]!.id).toBe('a');
    expect(index.search({ ...query, sort: '-createdAt' }).data.at(-1)!.id).toBe('a');
    expect(index.search({ ...query, sort: '-price' }).data[0]!.id).toBe('e');
    expect(index.search({ ...query, sort: 'price' }).data[0]!.id).toBe('a');
  });

  it('pages and counts', () => {
    const page = index.search({ page: 2, perPage: 3 });
    expect(page.meta).toEqual({ page: 2, perPage: 3, totalItems: 4, totalPages: 2 });
    expect(page.data).toHaveLength(1);
    expect(index.search({ page: 5, perPage: 3 }).data).toEqual([]);
  });

  it('returns card summaries with slug and first image only', () => {
    const [first] = index.search({ ...query, keywords: 'domane' }).data;
    expect(first).toMatchObject({ id: 'a', slug: 'trek-domane-sl6', city: 'Calgary', authorId: 'author' });
    expect(first).not.toHaveProperty('description');
  });
});

describe('SearchIndex location search', () => {
  const at = (id: string, lat: number, lng: number, createdAt: string, title = `Bike ${id}`) =>
    record(id, { title, geolocation: { lat: lat + 0.05, lng }, publicGeolocation: { lat, lng }, createdAt });
  const index = SearchIndex.of([
    at('toronto', 43.65, -79.38, '2026-01-05T00:00:00.000Z', 'Trek road bike'),
    at('mississauga', 43.59, -79.64, '2026-01-04T00:00:00.000Z', 'Trek gravel bike'),
    at('hamilton', 43.26, -79.87, '2026-01-03T00:00:00.000Z'),
    at('vancouver', 49.28, -123.12, '2026-01-02T00:00:00.000Z'),
    at('fiji', -17.8, 178.4, '2026-01-01T00:00:00.000Z'),
    at('samoa', -13.8, -171.8, '2025-12-31T00:00:00.000Z'),
  ]);
  const greaterToronto = { ne: { lat: 44.06, lng: -78.94 }, sw: { lat: 43.43, lng: -79.81 } };
  const ids = (q: Partial<Parameters<SearchIndex['search']>[0]>) =>
    index.search({ ...query, ...q }).data.map((listing) => listing.id);

  it('keeps only listings inside the bounds, newest first, and counts them', () => {
    expect(ids({ bounds: greaterToronto })).toEqual(['toronto', 'mississauga']);
    expect(index.search({ ...query, bounds: greaterToronto }).meta.totalItems).toBe(2);
    expect(ids({ bounds: greaterToronto, sort: '-createdAt' })).toEqual(['mississauga', 'toronto']);
  });

  it('combines bounds with keywords and categories', () => {
    expect(ids({ bounds: greaterToronto, keywords: 'gravel' })).toEqual(['mississauga']);
    expect(
      ids({ bounds: greaterToronto, filters: { category: { type: 'options', keys: ['roadBikes'] } } }),
    ).toHaveLength(2);
    expect(
      ids({ bounds: greaterToronto, filters: { category: { type: 'options', keys: ['helmets'] } } }),
    ).toEqual([]);
  });

  it('handles bounds across the antimeridian', () => {
    const pacific = { ne: { lat: -10, lng: -170 }, sw: { lat: -20, lng: 175 } };
    expect(ids({ bounds: pacific })).toEqual(['fiji', 'samoa']);
    const notCrossing = { ne: { lat: -10, lng: 175 }, sw: { lat: -20, lng: -170 } };
    expect(ids({ bounds: notCrossing })).toEqual([]);
  });

  it('orders by distance from the origin when no sort is given; an explicit sort wins', () => {
    const oakville = { lat: 43.45, lng: -79.68 };
    expect(ids({ origin: oakville })).toEqual([
      'mississauga',
      'hamilton',
      'toronto',
      'vancouver',
      'samoa',
      'fiji',
    ]);
    expect(ids({ origin: oakville, bounds: greaterToronto })).toEqual(['mississauga', 'toronto']);
    expect(ids({ origin: oakville, keywords: 'trek' })).toEqual(['mississauga', 'toronto']);
    expect(ids({ origin: oakville, bounds: greaterToronto, sort: 'createdAt' })).toEqual([
      'toronto',
      'mississauga',
    ]);
    const page = index.search({ ...query, origin: oakville, page: 2, perPage: 2 });
    expect(page.data.map((listing) => listing.id)).toEqual(['toronto', 'vancouver']);
    expect(page.meta.totalItems).toBe(6);
  });

  it('uses only the public point: a box around the exact point alone, or a listing with none, finds nothing', () => {
    // Each listing's exact point is 0.05° (5.6 km) north of its public one; the box (widened to
    // 4 km) holds Toronto's exact point only.
    const aroundExactToronto = { ne: { lat: 43.705, lng: -79.37 }, sw: { lat: 43.695, lng: -79.39 } };
    expect(ids({ bounds: aroundExactToronto })).toEqual([]);
    const unplaced = SearchIndex.of([
      record('placed', { publicGeolocation: { lat: 51, lng: -114 } }),
      record('unplaced', { publicGeolocation: undefined }),
    ]);
    const near = { lat: 51, lng: -114 };
    expect(unplaced.search({ ...query, origin: near }).data.map((listing) => listing.id)).toEqual([
      'placed',
      'unplaced',
    ]);
    const box = { ne: { lat: 52, lng: -113 }, sw: { lat: 50, lng: -115 } };
    expect(unplaced.search({ ...query, bounds: box }).data.map((listing) => listing.id)).toEqual(['placed']);
  });
});

describe('SearchIndex documents', () => {
  it('answers the same from search documents without a private field (pickup address, exact point, keys)', () => {
    const records = ['a', 'b', 'c'].map((id, i) =>
      record(id, {
        title: `Trek ${id}`,
        publicGeolocation: { lat: 51 + i / 10, lng: -114 },
        createdAt: `2026-0${i + 1}-01T00:00:00.000Z`,
      }),
    );
    const documents = records.map(
      ({ PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, entity, geolocation, ...rest }) => {
        const { address, building, ...location } = rest.publicData.location;
        return { ...rest, publicData: { ...rest.publicData, location } };
      },
    );
    const fromRecords = SearchIndex.of(records);
    const fromDocuments = SearchIndex.of(documents);
    for (const search of [
      query,
      { ...query, keywords: 'trek' },
      { ...query, origin: { lat: 51.2, lng: -114 } },
      { ...query, bounds: { ne: { lat: 51.15, lng: -113 }, sw: { lat: 50.9, lng: -115 } } },
    ]) {
      expect(fromDocuments.searchJson(search)).toBe(fromRecords.searchJson(search));
    }
    expect(fromDocuments.searchJson(query)).not.toContain('"address"');
  });
});
