import type { ListingSummary, Page } from '../../../shared/api/types';
import type { SortKey } from '../../../shared/config/sort';
import { type Bounds, distanceMeters, widenedBounds } from '../../../shared/maps';
import type { LatLng } from '../../../shared/validation/core';
import { boundsContain } from '../../../shared/validation/filters';
import type { ListingRecord } from '../listing-record';
import { toListingSummary } from '../listing-record';

/**
 * An in-memory index of published listings: keyword matching with simple relevance, category and
 * location (bounds) filters, sort (and nearest first from an origin) and paging. A marketplace of
 * this size (tens of thousands of listings) fits in a Lambda's memory, which answers in well under
 * a millisecond where DynamoDB alone cannot filter, sort by price and count. Everything a query
 * needs is precomputed when the index is built: the sort orders, and an inverted index from token
 * to listings with a weight.
 */
export type SortOption = SortKey;

export interface SearchQuery {
  keywords?: string;
  categories?: string[];
  /** Only listings whose geolocation lies in this box (which may cross the antimeridian). */
  bounds?: Bounds;
  /**
   * Nearest to this point first, when no `sort` is given (§7 listings.query `origin`). The web app
   * sends it only when `locationSearchUsesOrigin` is configured; an explicit `sort` wins.
   */
  origin?: LatLng;
  sort?: SortOption;
  page: number;
  perPage: number;
}

type OrderedSort = Exclude<SortOption, 'relevance'>;

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

/** Matching entries, positions ascending, each with its relevance score (first `count` entries). */
interface Matches {
  positions: Int32Array;
  scores: Int32Array;
  count: number;
}

const noMatches = (): Matches => ({ positions: new Int32Array(0), scores: new Int32Array(0), count: 0 });

/** The positions of a page of results and how many results there are in all. */
interface Hits {
  positions: ArrayLike<number>;
  totalItems: number;
}

export class SearchIndex {
  private readonly summaries: ListingSummary[];
  /** Each summary as JSON, made the first time a page shows it (answers are built from these). */
  private readonly summaryJson: (string | undefined)[];
  /** Each entry's category as a small number (`categoryCodes` maps the names), for fast filtering. */
  private readonly categoryOf: Uint16Array;
  private readonly categoryCodes = new Map<string, number>();
  /** The entries of each category code, positions ascending. */
  private readonly categoryPositions: Int32Array[];
  /**
   * Each listing's public point (§5 fuzzy location): the only point bounds and distance use, so no
   * sequence of searches narrows a listing down further than the fuzzy radius. None: never in a box,
   * last by distance.
   */
  private readonly points: Array<LatLng | undefined>;
  /** Entry positions in each sort order; entries themselves are stored newest first. */
  private readonly orders: Record<OrderedSort, Int32Array>;
  private readonly postings = new Map<string, Posting>();
  private readonly sortedTokens: string[];
  /** Per-entry scratch space for one search at a time (search is synchronous); all zero between searches. */
  private readonly scratch: Uint8Array;

  constructor(records: ListingRecord[]) {
    const published = records
      .filter((record) => record.state === 'published')
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
    this.summaries = published.map(toListingSummary);
    this.summaryJson = new Array(published.length).fill(undefined);
    this.categoryOf = new Uint16Array(published.length);
    published.forEach((record, position) => {
      const category = record.publicData.category;
      let code = this.categoryCodes.get(category);
      if (code === undefined) {
        code = this.categoryCodes.size + 1; // 0 is "no category of the query"
        this.categoryCodes.set(category, code);
      }
      this.categoryOf[position] = code;
    });
    const perCategory = Array.from({ length: this.categoryCodes.size + 1 }, () => [] as number[]);
    this.categoryOf.forEach((code, position) => {
      perCategory[code]!.push(position);
    });
    this.categoryPositions = perCategory.map((positions) => Int32Array.from(positions));
    this.points = published.map((record) => record.publicGeolocation);
    this.scratch = new Uint8Array(published.length);

    const lists = new Map<string, { positions: number[]; weights: number[] }>();
    published.forEach((record, position) => {
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

    const positions = published.map((_, position) => position);
    const prices = published.map((record) => record.price.amount);
    const byPriceAscending = [...positions].sort((a, b) => prices[a]! - prices[b]! || a - b);
    const byPriceDescending = [...positions].sort((a, b) => prices[b]! - prices[a]! || a - b);
    this.orders = {
      createdAt: Int32Array.from(positions),
      '-createdAt': Int32Array.from(positions).reverse(),
      '-price': Int32Array.from(byPriceAscending),
      price: Int32Array.from(byPriceDescending),
    };
  }

  get size(): number {
    return this.summaries.length;
  }

  search(query: SearchQuery): Page<ListingSummary> {
    const { positions, totalItems } = this.hits(query);
    return {
      data: Array.from(positions, (position) => this.summaries[position]!),
      meta: this.meta(totalItems, query),
    };
  }

  /** `JSON.stringify(this.search(query))`, the same bytes, from the summaries' cached JSON. */
  searchJson(query: SearchQuery): string {
    const { positions, totalItems } = this.hits(query);
    let data = '';
    for (let i = 0; i < positions.length; i++) {
      const position = positions[i]!;
      let summary = this.summaryJson[position];
      if (summary === undefined) {
        summary = JSON.stringify(this.summaries[position]);
        this.summaryJson[position] = summary;
      }
      data += i === 0 ? summary : `,${summary}`;
    }
    return `{"data":[${data}],"meta":${JSON.stringify(this.meta(totalItems, query))}}`;
  }

  private meta(totalItems: number, query: SearchQuery): Page<ListingSummary>['meta'] {
    return {
      page: query.page,
      perPage: query.perPage,
      totalItems,
      totalPages: Math.ceil(totalItems / query.perPage),
    };
  }

  /**
   * The requested page's positions and the number of matches. Every order is total (ties go to the
   * newer entry, the lower position), so the answer does not depend on how matches are collected.
   */
  private hits(query: SearchQuery): Hits {
    const wanted = this.categoryMask(query.categories);
    // A box smaller than the fuzzy disc is widened: it cannot pin a public point down further.
    const bounds = query.bounds && widenedBounds(query.bounds);
    const queryTokens = tokenize(query.keywords ?? '');
    const sort = query.sort ?? (query.origin ? 'distance' : queryTokens.length ? 'relevance' : 'createdAt');
    const start = (query.page - 1) * query.perPage;
    const end = start + query.perPage;

    if (queryTokens.length === 0 && sort !== 'distance') {
      const order = this.orders[sort === 'relevance' ? 'createdAt' : sort];
      if (!wanted && !bounds) return { positions: order.subarray(start, end), totalItems: order.length };
      const matches = wanted ? this.inCategories(wanted) : this.everyEntry();
      if (bounds) this.keep(matches, undefined, bounds);
      return this.inOrder(matches, order, start, end);
    }

    let matches: Matches;
    if (queryTokens.length) {
      matches = this.match(queryTokens);
      if (wanted || bounds) this.keep(matches, wanted, bounds);
    } else {
      matches = wanted ? this.inCategories(wanted) : this.everyEntry();
      if (bounds) this.keep(matches, undefined, bounds);
    }
    if (sort === 'distance') return this.byDistance(matches, query.origin as LatLng, start, end);
    if (sort === 'relevance') return this.byRelevance(matches, start, end);
    return this.inOrder(matches, this.orders[sort], start, end);
  }

  /** The query's categories as a lookup by category code (a category no entry has matches nothing). */
  private categoryMask(categories: string[] | undefined): Uint8Array | undefined {
    if (!categories?.length) return undefined;
    const wanted = new Uint8Array(this.categoryCodes.size + 1);
    for (const category of categories) {
      const code = this.categoryCodes.get(category);
      if (code !== undefined) wanted[code] = 1;
    }
    return wanted;
  }

  /** Keeps only the matches in the wanted categories and inside the bounds (in place). */
  private keep(matches: Matches, wanted: Uint8Array | undefined, bounds: Bounds | undefined): void {
    const { positions, scores } = matches;
    let kept = 0;
    for (let i = 0; i < matches.count; i++) {
      const position = positions[i]!;
      if (wanted && wanted[this.categoryOf[position]!] !== 1) continue;
      if (bounds && !isInBox(bounds, this.points[position])) continue;
      positions[kept] = position;
      scores[kept] = scores[i]!;
      kept++;
    }
    matches.count = kept;
  }

  /** The entries of the wanted categories, positions ascending, scored 0. */
  private inCategories(wanted: Uint8Array): Matches {
    let count = 0;
    let lists = 0;
    for (let code = 1; code < wanted.length; code++) {
      if (wanted[code] !== 1) continue;
      count += this.categoryPositions[code]!.length;
      lists++;
    }
    const positions = new Int32Array(count);
    let at = 0;
    for (let code = 1; code < wanted.length; code++) {
      if (wanted[code] !== 1) continue;
      positions.set(this.categoryPositions[code]!, at);
      at += this.categoryPositions[code]!.length;
    }
    if (lists > 1) positions.sort();
    return { positions, scores: new Int32Array(count), count };
  }

  /** Every entry, positions ascending, scored 0. */
  private everyEntry(): Matches {
    const count = this.summaries.length;
    const positions = new Int32Array(count);
    for (let i = 0; i < count; i++) positions[i] = i;
    return { positions, scores: new Int32Array(count), count };
  }

  /**
   * Entries matching every token (the last one as a prefix, for search-as-you-type), with their
   * score: the sum of each token's weight in the entry.
   */
  private match(queryTokens: string[]): Matches {
    let matches: Matches | undefined;
    for (let index = 0; index < queryTokens.length; index++) {
      const token = queryTokens[index]!;
      const posting = index === queryTokens.length - 1 ? this.prefixPosting(token) : this.postings.get(token);
      if (!posting || posting.positions.length === 0) return noMatches();
      if (!matches) {
        matches = {
          positions: posting.positions.slice(),
          scores: Int32Array.from(posting.weights),
          count: posting.positions.length,
        };
        continue;
      }
      // Both lists ascend: keep the entries in both, adding the token's weight.
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
      if (kept === 0) return noMatches();
    }
    return matches ?? noMatches();
  }

  /**
   * The entries with a word that starts with `prefix`, weighted by the best such word: an exact word
   * counts fully, and a longer word it starts counts the same, so "gar" finds Garmin.
   */
  private prefixPosting(prefix: string): Posting | undefined {
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
    const weights = this.scratch;
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

  /** Highest score first, then newest (lower position): a counting sort by score, stable. */
  private byRelevance(matches: Matches, start: number, end: number): Hits {
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

  /** Matches in a precomputed order: mark them, then walk the order until the page is full. */
  private inOrder(matches: Matches, order: Int32Array, start: number, end: number): Hits {
    const { positions, count } = matches;
    const page: number[] = [];
    if (start < count) {
      const marked = this.scratch;
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

  /** Nearest to the origin first, then newest. */
  private byDistance(matches: Matches, origin: LatLng, start: number, end: number): Hits {
    const { positions, count } = matches;
    const distances = new Float64Array(this.summaries.length);
    const sorted = Array.from(positions.subarray(0, count));
    for (const position of sorted) {
      const point = this.points[position];
      distances[position] = point ? distanceMeters(origin, point) : Number.POSITIVE_INFINITY;
    }
    // Compared, not subtracted: two listings without a point are both at infinity.
    sorted.sort((a, b) => compareNumbers(distances[a]!, distances[b]!) || a - b);
    return { positions: sorted.slice(start, end), totalItems: count };
  }
}

const isInBox = (bounds: Bounds, point: LatLng | undefined) =>
  point !== undefined && boundsContain(bounds, point);

const compareNumbers = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);
