import { describe, expect, it } from 'vitest';
import { testListing } from '../listing-fixture';
import { searchDocumentOf } from './search-document';

/** A record with every field a listing can have, private ones included. */
const fullRecord = {
  ...testListing('l1', {
    title: 'Trek Domane',
    publicData: {
      brand: 'Trek',
      shippingEnabled: true,
      location: { address: '1 Main St', building: 'Flat 2', city: 'Calgary', region: 'AB', country: 'CA' },
      rules: 'Cash on pickup',
    },
    shippingFee: {
      oneItem: { amount: 1_000, currency: 'USD' },
      additionalItems: { amount: 500, currency: 'USD' },
    },
    updatedAt: '2026-01-02T00:00:00.000Z',
    deleted: true,
  }),
  // A field the record type does not know (a later addition) stays out too.
  internalNote: 'never in search',
};

describe('searchDocumentOf', () => {
  it('keeps only the search document fields: no address, building, exact point, keys or other field', () => {
    const document = searchDocumentOf(fullRecord);
    expect(Object.keys(document).sort()).toEqual(
      [
        'authorId',
        'createdAt',
        'currentStock',
        'description',
        'id',
        'images',
        'price',
        'publicData',
        'publicGeolocation',
        'state',
        'title',
      ].sort(),
    );
    expect(Object.keys(document.publicData.location).sort()).toEqual(['city', 'country', 'region']);
    expect(document.publicGeolocation).toEqual({ lat: 51.05, lng: -114.06 });
    expect(JSON.stringify(document)).not.toMatch(/1 Main St|Flat 2|51\.04|LISTING#|AUTHOR#|internalNote/);
  });

  it('leaves the public point out when the listing has none', () => {
    const { publicGeolocation: _point, ...unplaced } = fullRecord;
    expect(Object.keys(searchDocumentOf(unplaced))).not.toContain('publicGeolocation');
  });
});
