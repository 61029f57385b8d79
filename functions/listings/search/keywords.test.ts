import { describe, expect, it } from 'vitest';
import { type ListingRecord, listingRecord } from '../listing-record';
import { KeywordIndex, tokenize } from './keywords';

describe('tokenize', () => {
  it('lowercases, strips accents and splits on anything but letters and digits', () => {
    expect(tokenize('Vélo de Route — 700c/28mm')).toEqual(['velo', 'de', 'route', '700c', '28mm']);
    expect(tokenize('  ')).toEqual([]);
  });
});

type Text = {
  title: string;
  brand?: string;
  description?: string;
  location?: ListingRecord['publicData']['location'];
};

/** Listings with only the given text, in index order; `matching` names each hit with its score. */
function keywordIndex(texts: Record<string, Text>) {
  const records = Object.entries(texts).map(([id, text]) =>
    listingRecord({
      id,
      authorId: 'author',
      title: text.title,
      description: text.description ?? '',
      price: { amount: 100, currency: 'USD' },
      state: 'published',
      publicData: {
        category: 'roadBikes',
        condition: 'new',
        ...(text.brand ? { brand: text.brand } : {}),
        pickupEnabled: true,
        shippingEnabled: false,
        location: text.location ?? { address: 'x', city: 'Nowhere', region: 'Nowhere', country: '' },
      },
      currentStock: 1,
      images: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    }),
  );
  const index = KeywordIndex.of(records);
  const scratch = new Uint8Array(records.length);
  return (keywords: string) => {
    const matches = index.match(tokenize(keywords), scratch);
    expect(scratch.every((byte) => byte === 0)).toBe(true);
    return Object.fromEntries(
      Array.from(matches.positions.subarray(0, matches.count), (position, i) => [
        records[position]!.id,
        matches.scores[i],
      ]),
    );
  };
}

describe('KeywordIndex', () => {
  it('finds singulars and plurals both ways, as any word of the query', () => {
    const matching = keywordIndex({
      one: { title: 'Carbon wheel' },
      many: { title: 'Carbon wheels' },
      glasses: { title: 'Cycling glasses' },
      wheelset: { title: 'Carbon wheelset' },
    });
    expect(Object.keys(matching('wheels carbon'))).toEqual(['one', 'many']);
    expect(Object.keys(matching('wheel carbon'))).toEqual(['one', 'many']);
    expect(Object.keys(matching('glass cycling'))).toEqual(['glasses']);
    // The last word is still a prefix of words as written, its plural or singular included.
    expect(Object.keys(matching('carbon wheel'))).toEqual(['one', 'many', 'wheelset']);
    expect(Object.keys(matching('carbon wheels'))).toEqual(['one', 'many', 'wheelset']);
    expect(Object.keys(matching('carbon whe'))).toEqual(['one', 'many', 'wheelset']);
  });

  it('tolerates one typo in words of five letters or more, scoring it below an exact match', () => {
    const matching = keywordIndex({
      exact: { title: 'Shimano crankset' },
      british: { title: 'Specialised saddle', brand: 'Specialized' },
      body: { title: 'Saddle', description: 'Fits a shimano post' },
      prefix: { title: 'Cannondale SuperSix' },
    });
    expect(matching('shimnao')).toEqual({ exact: 5, body: 1 });
    expect(matching('shimano')).toEqual({ exact: 6, body: 2 });
    expect(matching('shimano crankset')).toEqual({ exact: 12 });
    expect(matching('crankste shimano')).toEqual({ exact: 11 });
    expect(matching('specialised')).toEqual({ british: 6 });
    // The typo in the title (6 − 1) beats the exact brand (4).
    expect(matching('specialized')).toEqual({ british: 5 });
    // The last word as a prefix is no typo.
    expect(matching('cannondal')).toEqual({ prefix: 6 });
  });

  it('takes no typo in short words or words with digits', () => {
    const matching = keywordIndex({ fork: { title: 'Carbon fork' }, groupset: { title: 'Ultegra R8000' } });
    expect(matching('form')).toEqual({});
    expect(matching('forks')).toEqual({ fork: 6 });
    expect(matching('r8001 ultegra')).toEqual({});
    expect(matching('ultegar')).toEqual({ groupset: 5 });
  });

  it("finds a listing by its region's name and its country's names, not by their codes", () => {
    const matching = keywordIndex({
      munich: {
        title: 'Gravel bike',
        location: { address: 'x', city: 'Munich', region: 'Bavaria', country: 'DE' },
      },
      london: {
        title: 'Road bike',
        location: { address: 'x', city: 'London', region: 'England', country: 'GB' },
      },
      toronto: {
        title: 'Clip-on lights',
        location: { address: 'x', city: 'Toronto', region: 'ON', country: 'CA' },
      },
    });
    // A region's code is not a word: "on" finds the title's "on", not every listing in Ontario.
    expect(matching('on')).toEqual({ toronto: 6 });
    expect(matching('bavaria')).toEqual({ munich: 2 });
    expect(matching('germany')).toEqual({ munich: 2 });
    expect(matching('deutschland')).toEqual({ munich: 2 });
    expect(matching('de bike')).toEqual({});
    expect(matching('london')).toEqual({ london: 2 });
    expect(matching('united kingdom')).toEqual({ london: 4 });
    expect(matching('uk')).toEqual({ london: 2 });
    expect(matching('gravel germany')).toEqual({ munich: 8 });
  });
});
