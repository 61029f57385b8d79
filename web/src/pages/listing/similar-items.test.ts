import { describe, expect, it } from 'vitest';
import type { ListingSummary } from '../../../../shared/api/types';
import { nearestInPrice, similarItemsQueries } from './similar-items';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const summary = (id: string, amount: number, soldOut = false): ListingSummary => ({
  id,
  slug: id,
  title: id,
  price: usd(amount),
  state: 'published',
  category: 'roadBikes',
  condition: 'usedGoodCondition',
  city: 'Toronto',
  region: 'ON',
  createdAt: '2026-01-01T00:00:00.000Z',
  authorId: 'seller',
  ...(soldOut ? { soldOut: true as const } : {}),
});

describe('similar items (issue 24)', () => {
  it('asks the search for the same category: the cheapest at or above the price, the dearest at or below', () => {
    const [above, below] = similarItemsQueries({
      price: usd(120_000),
      publicData: { category: 'roadBikes' } as never,
    }).map((query) => Object.fromEntries(new URLSearchParams(query)));
    expect(above).toEqual({
      pub_category: 'roadBikes',
      perPage: '5',
      price: '120000,999999999999',
      sort: '-price',
    });
    expect(below).toEqual({ pub_category: 'roadBikes', perPage: '5', price: '0,120001', sort: 'price' });
  });

  it('keeps the nearest in price, never the listing itself, a sold item or one twice', () => {
    const listing = { id: 'self', price: usd(100_000) };
    const found = [
      summary('self', 100_000),
      summary('a', 101_000),
      summary('b', 140_000),
      summary('c', 99_000),
      summary('d', 60_000),
      summary('sold', 100_500, true),
      summary('a', 101_000),
      summary('e', 200_000),
    ];
    expect(nearestInPrice(listing, found).map((item) => item.id)).toEqual(['c', 'a', 'd', 'b']);
  });
});
