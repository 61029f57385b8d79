import { describe, expect, it } from 'vitest';
import type { ListingPublicData } from '../../../shared/api/types';
import type { SearchFilterValues } from '../../../shared/validation/search-filters';
import { testListing } from '../listing-fixture';
import { SearchIndex } from './search-index';

/** Examples of what the facets mean (the property test checks them at scale). */
function bike(id: string, publicData: Partial<ListingPublicData>, currentStock = 1) {
  return testListing(id, {
    title: `Bike ${id}`,
    description: '',
    price: { amount: 100_000, currency: 'USD' },
    publicData: {
      location: { address: 'x', city: 'Berlin', region: 'Berlin', country: 'DE' },
      ...publicData,
    },
    currentStock,
    createdAt: `2026-01-0${id.length}T00:00:00.000Z`,
  });
}

const index = SearchIndex.of([
  bike('road55', { frameSizeCm: 55, brand: 'sram ' }),
  bike('roadL55', { frameSize: 'l', frameSizeCm: 55, brand: 'SRAM' }),
  bike('mtb55', { category: 'mtbBikes', frameSizeCm: 55, brand: 'Specialised' }),
  bike('soldM', { frameSize: 'm', brand: 'specialized' }, 0),
]);
const search = (filters: SearchFilterValues) => index.search({ filters, page: 1, perPage: 24 });

describe('facets', () => {
  it('files a bike under its seller’s letter and the letter its cm gives in its category’s table', () => {
    const m = search({ frameSize: { type: 'options', keys: ['m'] } });
    expect(m.data.map((listing) => listing.id)).toEqual(['roadL55', 'road55', 'soldM']);
    expect(m.facets.frameSize).toEqual({ m: 3, l: 1, xl: 1 });
  });

  it('takes size words in the keywords as the frame size: a letter, or a figure in cm', () => {
    const ids = (keywords: string) =>
      index.search({ keywords, page: 1, perPage: 24 }).data.map((listing) => listing.id);
    expect(ids('size M')).toEqual(['roadL55', 'road55', 'soldM']);
    // 55 cm: the bikes measured 55 (road and mtb frames), and the road M given no figure (54–56).
    expect(ids('55 cm')).toEqual(['roadL55', 'road55', 'mtb55', 'soldM']);
    // 58 cm: no bike measures within 1 cm, and a road 58 is an L, which only roadL55 has by letter,
    // but its own figure (55) wins over its letter.
    expect(ids('bike 58cm')).toEqual([]);
    expect(ids('bike size XL')).toEqual(['mtb55']);
  });

  it('counts brands by the vocabulary: every spelling is one brand, shown by its name', () => {
    const all = search({});
    expect(all.facets.brand).toEqual({ SRAM: 2, Specialized: 2 });
    const sram = search({ brand: { type: 'text', values: ['Sram'] } });
    expect(sram.meta.totalItems).toBe(2);
  });

  it('keeps sold-out listings, after available ones, marked soldOut', () => {
    const page = search({});
    expect(page.data.at(-1)).toMatchObject({ id: 'soldM', soldOut: true });
    expect(page.data[0]).not.toHaveProperty('soldOut');
  });
});
