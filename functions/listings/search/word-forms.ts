/**
 * How the search compares words: a light English stemmer (so a plural finds its singular and back)
 * and "one typo apart" (Damerau-Levenshtein distance at most 1). Both work on tokens, which are
 * already lower case and accent-free (`tokenize`).
 */

/** An "s" that is not part of "ss", "us", "is": "cross", "chorus", "axis" are not plurals. */
const pluralEnding = /[^sui]s$/;

/**
 * The word without its English plural ending: "wheels" → "wheel", "glasses" → "glass", "boxes" →
 * "box", "accessories" → "accessory". Applied to the index and the query alike, so it only has to be
 * consistent, not correct English. Words under 4 letters stay; a final "ie" becomes "y" so "hoodie"
 * meets "hoodies" (both "hoody").
 */
export function stem(word: string): string {
  if (word.length < 4) return word;
  const base = pluralEnding.test(word) ? withoutPluralEnding(word) : word;
  return base.length >= 4 && base.endsWith('ie') ? `${base.slice(0, -2)}y` : base;
}

function withoutPluralEnding(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(sses|xes|ches|shes)$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/**
 * Query words (stemmed) shorter than this must match exactly: "fork" one typo away is "form",
 * "cork". Only words of letters take a typo, so model numbers and sizes ("r8000", "700c", "2019")
 * never match a neighbour.
 */
export const minTypoLength = 5;
const lettersOnly = /^[a-z]+$/;

/**
 * Whether `a` and `b` differ by exactly one edit: a letter changed, added or removed, or two
 * neighbouring letters swapped ("shimnao" / "shimano").
 */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  if (short.length < long.length) return short.slice(i) === long.slice(i + 1);
  if (short.slice(i + 1) === long.slice(i + 1)) return true;
  return short[i] === long[i + 1] && short[i + 1] === long[i] && short.slice(i + 2) === long.slice(i + 2);
}

/**
 * The words of a vocabulary one typo away from a query word, through the deletion neighbourhood: two
 * words within one edit share a key (the word itself, or it without one letter), so a lookup costs a
 * word's length in key reads instead of a scan of the vocabulary. A key is kept as its 32-bit hash
 * beside the word's number in one sorted Float64Array (about 8 bytes per key instead of a string in a
 * Map: a 30,000-word vocabulary needs ~2 MB, not ~27 MB); hash collisions are weeded out by
 * `oneEditApart`.
 */
export interface TypoColumns {
  /** The vocabulary's words that can take a typo. */
  words: string[];
  /** hash × wordSlots + the word's number, ascending. */
  keys: Float64Array;
}

export function typoColumns(vocabulary: Iterable<string>): TypoColumns {
  const words: string[] = [];
  const keys: number[] = [];
  for (const word of vocabulary) {
    // A query word of minTypoLength letters may be one letter longer than its neighbour.
    if (word.length < minTypoLength - 1 || !lettersOnly.test(word)) continue;
    const number = words.push(word) - 1;
    for (let skip = -1; skip < word.length; skip++) keys.push(hashWithout(word, skip) * wordSlots + number);
  }
  return { words, keys: Float64Array.from(keys).sort() };
}

export class TypoNeighbours {
  private readonly words: string[];
  private readonly keys: Float64Array;

  constructor(columns: TypoColumns) {
    this.words = columns.words;
    this.keys = columns.keys;
  }

  static of(vocabulary: Iterable<string>): TypoNeighbours {
    return new TypoNeighbours(typoColumns(vocabulary));
  }

  /** The vocabulary's words one edit from `word` (never `word` itself); none for a short word. */
  of(word: string): string[] {
    if (word.length < minTypoLength || !lettersOnly.test(word)) return [];
    const found = new Set<string>();
    for (let skip = -1; skip < word.length; skip++) {
      const first = hashWithout(word, skip) * wordSlots;
      for (
        let i = lowerBound(this.keys, first);
        i < this.keys.length && this.keys[i]! < first + wordSlots;
        i++
      ) {
        const candidate = this.words[this.keys[i]! - first]!;
        if (oneEditApart(word, candidate)) found.add(candidate);
      }
    }
    return [...found];
  }
}

/** Room for 2^21 words beside a 32-bit hash: 53 bits, exact in a double. */
const wordSlots = 2 ** 21;

/** FNV-1a of `word` without the letter at `skip` (-1: the whole word), unsigned 32 bits. */
function hashWithout(word: string, skip: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    if (i === skip) continue;
    hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
  }
  return hash >>> 0;
}

function lowerBound(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
