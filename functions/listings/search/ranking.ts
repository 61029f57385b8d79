import type { SortKey } from '../../../shared/config/sort';
import { distanceMeters } from '../../../shared/maps';
import type { LatLng } from '../../../shared/validation/core';

/**
 * The orders of the search index: precomputed when it is built, and applied to a query's matches
 * to give the requested page. Every order puts sold-out listings after available ones and is total
 * (ties go to the newer entry, the lower position), so the answer does not depend on how matches
 * are collected.
 */

export type OrderedSort = Exclude<SortKey, 'relevance'>;

/**
 * Matching entries, each with its relevance score (first `count` entries): positions ascending when
 * they come from keywords (postings intersect and rank in that order); in any order otherwise.
 */
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

/**
 * Entry positions in each sort order, from the entries' prices and sold-out flags (entries are
 * stored newest first).
 */
export function sortOrders(prices: readonly number[], soldOut: Uint8Array): Record<OrderedSort, Int32Array> {
  const positions = prices.map((_, position) => position);
  const order = (compare: (a: number, b: number) => number) =>
    Int32Array.from([...positions].sort((a, b) => soldOut[a]! - soldOut[b]! || compare(a, b)));
  return {
    createdAt: order((a, b) => a - b),
    '-createdAt': order((a, b) => b - a),
    '-price': order((a, b) => prices[a]! - prices[b]! || a - b),
    price: order((a, b) => prices[b]! - prices[a]! || a - b),
  };
}

/**
 * Available before sold out, then highest score first, then newest (lower position): a counting
 * sort by bucket, stable.
 */
export function byRelevance(matches: Matches, soldOut: Uint8Array, start: number, end: number): Hits {
  const { positions, scores, count } = matches;
  let top = 0;
  for (let i = 0; i < count; i++) if (scores[i]! > top) top = scores[i]!;
  // An entry's bucket: available ones first, each side by score descending.
  const bucketOf = (i: number) => soldOut[positions[i]!]! * (top + 1) + top - scores[i]!;
  const buckets = 2 * (top + 1);
  // `from[b]`: where the entries of bucket b start in the result.
  const from = new Int32Array(buckets + 1);
  for (let i = 0; i < count; i++) from[bucketOf(i) + 1]!++;
  for (let b = 1; b <= buckets; b++) from[b]! += from[b - 1]!;
  const pageEnd = Math.min(end, count);
  const page = new Array<number>(Math.max(0, pageEnd - start));
  if (page.length === 0) return { positions: page, totalItems: count };
  for (let i = 0; i < count; i++) {
    const slot = from[bucketOf(i)]!++;
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

/**
 * Available before sold out, then nearest to the origin first, then newest; `points` has every
 * entry's public point as lat, lng (NaN: none).
 */
export function byDistance(
  matches: Matches,
  points: Float64Array,
  soldOut: Uint8Array,
  origin: LatLng,
  start: number,
  end: number,
): Hits {
  const { positions, count } = matches;
  const distances = new Float64Array(soldOut.length);
  const sorted = Array.from(positions.subarray(0, count));
  for (const position of sorted) distances[position] = distanceTo(points, position, origin);
  // Compared, not subtracted: two listings without a point are both at infinity.
  sorted.sort((a, b) => soldOut[a]! - soldOut[b]! || compareNumbers(distances[a]!, distances[b]!) || a - b);
  return { positions: sorted.slice(start, end), totalItems: count };
}

export const compareNumbers = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);

/** The distance from `origin` to an entry's public point; infinity for none. */
export function distanceTo(points: Float64Array, position: number, origin: LatLng): number {
  const lat = points[2 * position]!;
  if (Number.isNaN(lat)) return Number.POSITIVE_INFINITY;
  return distanceMeters(origin, { lat, lng: points[2 * position + 1]! });
}
