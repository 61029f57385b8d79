import { describe, expect, it } from 'vitest';
import { listingRecord } from '../listing-record';
import { indexColumns } from './index-columns';
import { decodeSnapshot, encodeSnapshot } from './snapshot';

const listings = ['Trek Émonda SL', 'Canyon Grail 🚲', 'Brompton M6L'].map((title, i) =>
  listingRecord({
    id: `listing-${i}`,
    authorId: 'author',
    title,
    description: 'Shimano 105, barely used; wheels included.',
    price: { amount: 100_000 + i, currency: 'GBP' },
    state: 'published',
    publicData: {
      category: i === 2 ? 'foldingBikes' : 'roadBikes',
      condition: 'usedLikeNew',
      brand: title.split(' ')[0]!,
      frameSize: 'm',
      pickupEnabled: true,
      shippingEnabled: i > 0,
      location: { address: '1 Hidden Lane', city: 'London', region: 'England', country: 'GB' },
    },
    geolocation: { lat: 51.5, lng: -0.12 },
    ...(i === 1 ? {} : { publicGeolocation: { lat: 51.51, lng: -0.13 } }),
    currentStock: i === 2 ? 0 : 1,
    images: [],
    createdAt: `2026-02-0${i + 1}T00:00:00.000Z`,
    updatedAt: `2026-02-0${i + 1}T00:00:00.000Z`,
  }),
);

describe('the search snapshot', () => {
  const columns = indexColumns(listings);
  const bytes = encodeSnapshot(columns, 42);

  it('gives back every column as it was, and the position it includes', () => {
    const decoded = decodeSnapshot(bytes);
    expect(decoded.position).toBe(42);
    expect(decoded.columns).toEqual(columns);
    // Accents and emoji in the summaries survive the UTF-8 column.
    expect(Buffer.from(decoded.columns.summaries.bytes).toString('utf8')).toContain('Canyon Grail 🚲');
  });

  it('reads bytes that do not start on an 8-byte boundary (a pooled Buffer)', () => {
    const padded = new Uint8Array(bytes.length + 3);
    padded.set(bytes, 3);
    expect(decodeSnapshot(padded.subarray(3)).columns).toEqual(columns);
  });

  it('refuses what is not a snapshot', () => {
    expect(() => decodeSnapshot(new TextEncoder().encode('{"position":1}'))).toThrow('Not a search snapshot');
  });

  it('holds an empty index', () => {
    const empty = indexColumns([]);
    expect(decodeSnapshot(encodeSnapshot(empty, 0)).columns).toEqual(empty);
  });
});
