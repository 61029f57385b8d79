import type { Matches } from './ranking';

/** The listings one word occurs in (positions ascending) and its weight in each. */
export interface Posting {
  positions: Int32Array;
  weights: Uint8Array;
}

/** A posting whose weights count as `weightOf(weight)` (a typo's lower weight), or as they are. */
export interface WeightedPosting {
  posting: Posting;
  weightOf?: (weight: number) => number;
}

/**
 * The union of several postings, each entry at its best weight. `scratch` has one zero byte per
 * entry and is left all zero; every weight must be at least 1 (0 marks an entry not seen yet).
 */
export function unionOf(parts: readonly WeightedPosting[], scratch: Uint8Array): Posting {
  const best = scratch;
  const touched: number[] = [];
  for (const { posting, weightOf } of parts) {
    for (let i = 0; i < posting.positions.length; i++) {
      const position = posting.positions[i]!;
      const weight = weightOf ? weightOf(posting.weights[i]!) : posting.weights[i]!;
      const seen = best[position]!;
      if (seen === 0) touched.push(position);
      if (weight > seen) best[position] = weight;
    }
  }
  const positions = Int32Array.from(touched).sort();
  const weights = new Uint8Array(positions.length);
  for (let i = 0; i < positions.length; i++) {
    weights[i] = best[positions[i]!]!;
    best[positions[i]!] = 0;
  }
  return { positions, weights };
}

/** Keeps the matches also in `posting`, adding its weight (in place); both lists ascend. The count kept. */
export function intersect(matches: Matches, posting: Posting): number {
  const { positions, scores } = matches;
  const other = posting.positions;
  let j = 0;
  let kept = 0;
  for (let i = 0; i < matches.count; i++) {
    const position = positions[i]!;
    while (j < other.length && other[j]! < position) j++;
    if (j === other.length) break;
    if (other[j] !== position) continue;
    positions[kept] = position;
    scores[kept] = scores[i]! + posting.weights[j]!;
    kept++;
  }
  matches.count = kept;
  return kept;
}
