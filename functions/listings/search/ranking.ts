import type { SortKey } from '../../../shared/config/sort';
import { distanceMeters } from '../../../shared/maps';
import type { LatLng } from '../../../shared/validation/core';

/**
 * The orders of the search index: precomputed when it is built, and applied to a query's matches
 * to give the requested page. Every order is total (ties go to the newer entry, the lower position),
 * so the answer does not depend on how matches are collected.
 */

export type OrderedSort = Exclude<SortKey, 'relevance'>;

/** Matching entries, positions ascending, each with its relevance score (first `count` entries). */
export interface Matches {
  positions: Int32Array;
  scores: Int32Array;
  count: number;
}

export const noMatches = (): Matches => ({
  positions: new Int32Array(0),
  scores: new Int32Array(0),
  count: 0,
});

/** The positions of a page of results and how many results there are in all. */
export interface Hits {
  positions: ArrayLike<number>;
  totalItems: number;
}

/** Entry positions in each sort order, from the entries' prices (entries are stored newest first). */
export function sortOrders(prices: readonly number[]): Record<OrderedSort, Int32Array> {
  const positions = prices.map((_, position) => position);
  const byPriceAscending = [...positions].sort((a, b) => prices[a]! - prices[b]! || a - b);
  const byPriceDescending = [...positions].sort((a, b) => prices[b]! - prices[a]! || a - b);
  return {
    createdAt: Int32Array.from(positions),
    '-createdAt': Int32Array.from(positions).reverse(),
    '-price': Int32Array.from(byPriceAscending),
    price: Int32Array.from(byPriceDescending),
  };
}

/** Highest score first, then newest (lower position): a counting sort by score, stable. */
export function byRelevance(matches: Matches, start: number, end: number): Hits {
  const { positions, scores, count } = matches;
  let top = 0;
  for (let i = 0; i < count; i++) if (scores[i]! > top) top = scores[i]!;
  // `from[s]`: where entries scoring s start in the result (higher scores first).
  const from = new Int32Array(top + 2);
  for (let i = 0; i < count; i++) from[top - scores[i]! + 1]!++;
  for (let s = 1; s <= top + 1; s++) from[s]! += from[s - 1]!;
  const pageEnd = Math.min(end, count);
  const page = new Array<number>(Math.max(0, pageEnd - start));
  if (page.length === 0) return { positions: page, totalItems: count };
  for (let i = 0; i < count; i++) {
    const slot = from[top - scores[i]!]!++;
    if (slot >= start && slot < pageEnd) page[slot - start] = positions[i]!;
  }
  return { positions: page, totalItems: count };
}

/**
 * Matches in a precomputed order: mark them, then walk the order until the page is full. `scratch`
 * has one zero byte per entry and is left all zero.
 */
export function inOrder(
  matches: Matches,
  order: Int32Array,
  start: number,
  end: number,
  scratch: Uint8Array,
): Hits {
  const { positions, count } = matches;
  const page: number[] = [];
  if (start < count) {
    const marked = scratch;
    for (let i = 0; i < count; i++) marked[positions[i]!] = 1;
    let seen = 0;
    for (let i = 0; i < order.length && seen < end; i++) {
      const position = order[i]!;
      if (marked[position] !== 1) continue;
      if (seen >= start) page.push(position);
      seen++;
    }
    for (let i = 0; i < count; i++) marked[positions[i]!] = 0;
  }
  return { positions: page, totalItems: count };
}

/** Nearest to the origin first, then newest; `points` has every entry's public point (or none). */
export function byDistance(
  matches: Matches,
  points: ReadonlyArray<LatLng | undefined>,
  origin: LatLng,
  start: number,
  end: number,
): Hits {
  const { positions, count } = matches;
  const distances = new Float64Array(points.length);
  const sorted = Array.from(positions.subarray(0, count));
  for (const position of sorted) {
    const point = points[position];
    distances[position] = point ? distanceMeters(origin, point) : Number.POSITIVE_INFINITY;
  }
  // Compared, not subtracted: two listings without a point are both at infinity.
  sorted.sort((a, b) => compareNumbers(distances[a]!, distances[b]!) || a - b);
  return { positions: sorted.slice(start, end), totalItems: count };
}

const compareNumbers = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);
