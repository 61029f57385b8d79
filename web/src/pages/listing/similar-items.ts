import type { Listing, ListingSummary } from '../../../../shared/api/types';

/** How many similar items the listing page shows. */
export const SIMILAR_COUNT = 4;

/** The largest price bound the search API reads (12 digits of minor units). */
const NO_UPPER_BOUND = 999_999_999_999;

/**
 * The two searches that find the items nearest in price in the listing's category (issue 24):
 * the cheapest at or above its price, and the dearest at or below it, from `GET /api/listings`
 * (no index of its own). One more than needed each, as the listing itself may be among them.
 * The API's price range is in minor units with the upper bound exclusive.
 */
export function similarItemsQueries(listing: Pick<Listing, 'price' | 'publicData'>): string[] {
  const price = listing.price.amount;
  const common = { pub_category: listing.publicData.category, perPage: String(SIMILAR_COUNT + 1) };
  return [
    new URLSearchParams({ ...common, price: `${price},${NO_UPPER_BOUND}`, sort: '-price' }),
    new URLSearchParams({ ...common, price: `0,${price + 1}`, sort: 'price' }),
  ].map((query) => `?${query.toString()}`);
}

/**
 * The items nearest in price to `listing` among what the searches found: not the listing itself,
 * not sold out, each once, nearest first (the cheaper first on a tie), at most SIMILAR_COUNT.
 */
export function nearestInPrice(
  listing: Pick<Listing, 'id' | 'price'>,
  found: readonly ListingSummary[],
): ListingSummary[] {
  const seen = new Set<string>([listing.id]);
  const unique = found.filter((item) => {
    if (seen.has(item.id) || item.soldOut) return false;
    seen.add(item.id);
    return true;
  });
  const distance = (item: ListingSummary) => Math.abs(item.price.amount - listing.price.amount);
  return unique
    .sort((a, b) => distance(a) - distance(b) || a.price.amount - b.price.amount)
    .slice(0, SIMILAR_COUNT);
}
