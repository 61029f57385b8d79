import type { ListingRecord } from '../listing-record';
import { type Matches, noMatches } from './ranking';

/**
 * The keyword half of the search index: an inverted index from token to the listings it occurs in
 * with a weight, and the match of a query's tokens against it (every token required, the last one
 * as a prefix).
 */

/** Title words weigh most, then brand, model and groupset, then the rest of the text. */
const fieldWeights = { title: 3, strong: 2, body: 1 } as const;

export function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((token) => token.length > 0);
}

function weightedTokens(record: ListingRecord): Map<string, number> {
  const tokens = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const token of tokenize(text)) tokens.set(token, Math.max(tokens.get(token) ?? 0, weight));
  };
  const data = record.publicData;
  add(record.title, fieldWeights.title);
  add([data.brand, data.model, data.groupset].filter(Boolean).join(' '), fieldWeights.strong);
  add(
    [record.description, data.colour, data.wheelset, data.location.city].filter(Boolean).join(' '),
    fieldWeights.body,
  );
  return tokens;
}

/** The listings one token occurs in (positions ascending) and its weight in each. */
interface Posting {
  positions: Int32Array;
  weights: Uint8Array;
}

export class KeywordIndex {
  private readonly postings = new Map<string, Posting>();
  private readonly sortedTokens: string[];

  /** `entries` in index order: an entry's position in the array is its position in every posting. */
  constructor(entries: readonly ListingRecord[]) {
    const lists = new Map<string, { positions: number[]; weights: number[] }>();
    entries.forEach((record, position) => {
      for (const [token, weight] of weightedTokens(record)) {
        let list = lists.get(token);
        if (!list) {
          list = { positions: [], weights: [] };
          lists.set(token, list);
        }
        list.positions.push(position);
        list.weights.push(weight);
      }
    });
    for (const [token, list] of lists) {
      this.postings.set(token, {
        positions: Int32Array.from(list.positions),
        weights: Uint8Array.from(list.weights),
      });
    }
    this.sortedTokens = [...this.postings.keys()].sort();
  }

  /**
   * Entries matching every token (the last one as a prefix, for search-as-you-type), with their
   * score: the sum of each token's weight in the entry. `scratch` has one zero byte per entry and is
   * left all zero.
   */
  match(queryTokens: string[], scratch: Uint8Array): Matches {
    let matches: Matches | undefined;
    for (let index = 0; index < queryTokens.length; index++) {
      const token = queryTokens[index]!;
      const posting =
        index === queryTokens.length - 1 ? this.prefixPosting(token, scratch) : this.postings.get(token);
      if (!posting || posting.positions.length === 0) return noMatches();
      if (!matches) {
        matches = {
          positions: posting.positions.slice(),
          scores: Int32Array.from(posting.weights),
          count: posting.positions.length,
        };
        continue;
      }
      if (intersect(matches, posting) === 0) return noMatches();
    }
    return matches ?? noMatches();
  }

  /**
   * The entries with a word that starts with `prefix`, weighted by the best such word: an exact word
   * counts fully, and a longer word it starts counts the same, so "gar" finds Garmin.
   */
  private prefixPosting(prefix: string, scratch: Uint8Array): Posting | undefined {
    let low = 0;
    let high = this.sortedTokens.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sortedTokens[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    let last = low;
    while (last < this.sortedTokens.length && this.sortedTokens[last]!.startsWith(prefix)) last++;
    if (last === low) return undefined;
    if (last === low + 1) return this.postings.get(this.sortedTokens[low]!);
    // Several words: the best weight per entry in the scratch array, the entries in `touched`.
    const weights = scratch;
    const touched: number[] = [];
    for (let t = low; t < last; t++) {
      const posting = this.postings.get(this.sortedTokens[t]!)!;
      for (let i = 0; i < posting.positions.length; i++) {
        const position = posting.positions[i]!;
        const weight = posting.weights[i]!;
        const best = weights[position]!;
        if (best === 0) touched.push(position);
        if (weight > best) weights[position] = weight;
      }
    }
    const positions = Int32Array.from(touched).sort();
    const merged = new Uint8Array(positions.length);
    for (let i = 0; i < positions.length; i++) {
      merged[i] = weights[positions[i]!]!;
      weights[positions[i]!] = 0;
    }
    return { positions, weights: merged };
  }
}

/** Keeps the matches also in `posting`, adding its weight (in place); both lists ascend. The count kept. */
function intersect(matches: Matches, posting: Posting): number {
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
