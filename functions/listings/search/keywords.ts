import { typoWeight, weightedTokens } from './listing-words';
import { intersect, type Posting, postingOf, unionOf, type WeightedPosting } from './postings';
import { type Matches, noMatches } from './ranking';
import type { SearchDocument } from './search-document';
import { stem, TypoNeighbours } from './word-forms';

export { tokenize } from './listing-words';

/**
 * The keyword half of the search index: an inverted index from word to the listings it occurs in
 * with a weight, and the match of a query's words against it. Every query word is required; it
 * matches a listing's word with the same stem ("wheels" and "wheel"), or, in a word of five letters
 * or more, one typo away ("shimnao") at a lower weight; the last query word also matches as a
 * prefix of a word as written, for search-as-you-type ("gar" finds Garmin).
 */
export class KeywordIndex {
  /** The words as written, sorted (for prefixes), with their stem and posting. */
  private readonly sortedWords: string[];
  private readonly sortedStems: string[];
  private readonly sortedPostings: Posting[];
  /** Postings of the stems, each entry at its best weight over the words with that stem. */
  private readonly stems = new Map<string, Posting>();
  private readonly typos: TypoNeighbours;

  /** `entries` in index order: an entry's position in the array is its position in every posting. */
  constructor(entries: readonly SearchDocument[]) {
    const lists = new Map<string, { positions: number[]; weights: number[] }>();
    entries.forEach((record, position) => {
      for (const [word, weight] of weightedTokens(record)) {
        let list = lists.get(word);
        if (!list) {
          list = { positions: [], weights: [] };
          lists.set(word, list);
        }
        list.positions.push(position);
        list.weights.push(weight);
      }
    });
    const postings = new Map<string, Posting>();
    const wordsOfStem = new Map<string, string[]>();
    for (const [word, list] of lists) {
      postings.set(word, postingOf(list.positions, list.weights));
      const base = stem(word);
      const words = wordsOfStem.get(base);
      if (words) words.push(word);
      else wordsOfStem.set(base, [word]);
    }
    // Most stems have one word: they share its posting, which keeps the index's memory near what
    // it was before stems.
    const scratch = new Uint8Array(entries.length);
    for (const [base, words] of wordsOfStem) {
      const parts = words.map((word) => ({ posting: postings.get(word)! }));
      this.stems.set(base, parts.length === 1 ? parts[0]!.posting : unionOf(parts, scratch));
    }
    this.sortedWords = [...postings.keys()].sort();
    this.sortedStems = this.sortedWords.map(stem);
    this.sortedPostings = this.sortedWords.map((word) => postings.get(word)!);
    this.typos = new TypoNeighbours(this.stems.keys());
  }

  /**
   * Entries matching every word, with their score: the sum of each query word's best weight in the
   * entry. `scratch` has one zero byte per entry and is left all zero.
   */
  match(queryTokens: string[], scratch: Uint8Array): Matches {
    let matches: Matches | undefined;
    for (let index = 0; index < queryTokens.length; index++) {
      const posting = this.postingOf(queryTokens[index]!, index === queryTokens.length - 1, scratch);
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

  /** The entries one query word matches, at its best weight in each. */
  private postingOf(token: string, last: boolean, scratch: Uint8Array): Posting | undefined {
    const base = stem(token);
    const parts: WeightedPosting[] = [];
    const exact = this.stems.get(base);
    if (exact) parts.push({ posting: exact });
    if (last) {
      // Words with the query's stem are in `exact` already, at the same weight.
      const [start, end] = this.rangeStartingWith(token);
      for (let i = start; i < end; i++) {
        if (this.sortedStems[i] !== base) parts.push({ posting: this.sortedPostings[i]! });
      }
    }
    for (const near of this.typos.of(base)) {
      // "cannondal" is one letter short of "cannondale", whose words the prefix found at full weight.
      if (last && near.startsWith(token)) continue;
      parts.push({ posting: this.stems.get(near)!, weightOf: typoWeight });
    }
    if (parts.length === 0) return undefined;
    if (parts.length > 1) return unionOf(parts, scratch);
    const { posting, weightOf } = parts[0]!;
    return weightOf ? { positions: posting.positions, weights: posting.weights.map(weightOf) } : posting;
  }

  /** Where the words as written that start with `prefix` are in the sorted list: [start, end). */
  private rangeStartingWith(prefix: string): [number, number] {
    let low = 0;
    let high = this.sortedWords.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sortedWords[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    let end = low;
    while (end < this.sortedWords.length && this.sortedWords[end]!.startsWith(prefix)) end++;
    return [low, end];
  }
}
