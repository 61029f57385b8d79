import { typoWeight, weightedTokens } from './listing-words';
import { intersect, type Posting, unionOf, type WeightedPosting } from './postings';
import { type Matches, noMatches } from './ranking';
import type { SearchDocument } from './search-document';
import { stem, type TypoColumns, TypoNeighbours, typoColumns } from './word-forms';

export { tokenize } from './listing-words';

/**
 * The keyword half of the search index: an inverted index from word to the listings it occurs in
 * with a weight, and the match of a query's words against it. Every query word is required; it
 * matches a listing's word with the same stem ("wheels" and "wheel"), or, in a word of five letters
 * or more, one typo away ("shimnao") at a lower weight; the last query word also matches as a
 * prefix of a word as written, for search-as-you-type ("gar" finds Garmin).
 */
/**
 * The keyword index as plain arrays, which a snapshot stores as they are (snapshot.ts): the words as
 * written, sorted, each with its posting (positions ascending and weights, all words' postings end
 * to end), the union posting of each stem several words share, and the typo neighbourhood's keys.
 */
export interface KeywordColumns {
  words: string[];
  /** Word i's posting is [offsets[i], offsets[i + 1]) of `positions` and `weights`. */
  offsets: Uint32Array;
  positions: Int32Array;
  weights: Uint8Array;
  /** The stems of several words, and their unions at each entry's best weight, the same way. */
  sharedStems: string[];
  sharedOffsets: Uint32Array;
  sharedPositions: Int32Array;
  sharedWeights: Uint8Array;
  typos: TypoColumns;
}

/** Builds the keyword columns of `entries` in index order (an entry's position is its index). */
export function keywordColumns(entries: readonly SearchDocument[]): KeywordColumns {
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
  const words = [...lists.keys()].sort();
  const postings = words.map((word) => lists.get(word)!);
  const wordPostings = concatenated(postings);
  const wordsOfStem = new Map<string, number[]>();
  words.forEach((word, i) => {
    const base = stem(word);
    const found = wordsOfStem.get(base);
    if (found) found.push(i);
    else wordsOfStem.set(base, [i]);
  });
  // Most stems have one word and share its posting, which keeps the index's memory near what it
  // was before stems; the others get the union of their words'.
  const sharedStems = [...wordsOfStem].filter(([, of]) => of.length > 1).map(([base]) => base);
  const scratch = new Uint8Array(entries.length);
  const unions = sharedStems.map((base) =>
    unionOf(
      wordsOfStem.get(base)!.map((i) => ({ posting: postingAt(wordPostings, i) })),
      scratch,
    ),
  );
  const shared = concatenated(unions);
  return {
    words,
    offsets: wordPostings.offsets,
    positions: wordPostings.positions,
    weights: wordPostings.weights,
    sharedStems,
    sharedOffsets: shared.offsets,
    sharedPositions: shared.positions,
    sharedWeights: shared.weights,
    typos: typoColumns(wordsOfStem.keys()),
  };
}

interface PostingList {
  offsets: Uint32Array;
  positions: Int32Array;
  weights: Uint8Array;
}

function concatenated(
  postings: readonly { positions: ArrayLike<number>; weights: ArrayLike<number> }[],
): PostingList {
  const offsets = new Uint32Array(postings.length + 1);
  postings.forEach((posting, i) => {
    offsets[i + 1] = offsets[i]! + posting.positions.length;
  });
  const positions = new Int32Array(offsets[postings.length]!);
  const weights = new Uint8Array(positions.length);
  postings.forEach((posting, i) => {
    positions.set(posting.positions, offsets[i]!);
    weights.set(posting.weights, offsets[i]!);
  });
  return { offsets, positions, weights };
}

/** Posting i of a list: views, no copy. */
const postingAt = ({ offsets, positions, weights }: PostingList, i: number): Posting => ({
  positions: positions.subarray(offsets[i]!, offsets[i + 1]!),
  weights: weights.subarray(offsets[i]!, offsets[i + 1]!),
});

export class KeywordIndex {
  private readonly words: PostingList;
  private readonly shared: PostingList;
  /** The words as written, sorted (for prefixes), and their stems. */
  private readonly sortedWords: string[];
  private readonly sortedStems: string[];
  /** Each stem's posting: a word's (its index), or a shared stem's (-1 - its index). */
  private readonly stems = new Map<string, number>();
  private readonly typos: TypoNeighbours;

  constructor(readonly columns: KeywordColumns) {
    this.words = columns;
    this.shared = {
      offsets: columns.sharedOffsets,
      positions: columns.sharedPositions,
      weights: columns.sharedWeights,
    };
    this.sortedWords = columns.words;
    this.sortedStems = columns.words.map(stem);
    this.sortedStems.forEach((base, i) => {
      this.stems.set(base, i);
    });
    columns.sharedStems.forEach((base, i) => {
      this.stems.set(base, -1 - i);
    });
    this.typos = new TypoNeighbours(columns.typos);
  }

  /** `entries` in index order: an entry's position in the array is its position in every posting. */
  static of(entries: readonly SearchDocument[]): KeywordIndex {
    return new KeywordIndex(keywordColumns(entries));
  }

  private stemPosting(base: string): Posting | undefined {
    const at = this.stems.get(base);
    if (at === undefined) return undefined;
    return at >= 0 ? postingAt(this.words, at) : postingAt(this.shared, -1 - at);
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
    const exact = this.stemPosting(base);
    if (exact) parts.push({ posting: exact });
    if (last) {
      // Words with the query's stem are in `exact` already, at the same weight.
      const [start, end] = this.rangeStartingWith(token);
      for (let i = start; i < end; i++) {
        if (this.sortedStems[i] !== base) parts.push({ posting: postingAt(this.words, i) });
      }
    }
    for (const near of this.typos.of(base)) {
      // "cannondal" is one letter short of "cannondale", whose words the prefix found at full weight.
      if (last && near.startsWith(token)) continue;
      parts.push({ posting: this.stemPosting(near)!, weightOf: typoWeight });
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
