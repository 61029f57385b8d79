import type { ListingSummary, SearchFacets, SearchPage } from '../../../shared/api/types';
import type { SortKey } from '../../../shared/config/sort';
import { type Bounds, widenedBounds } from '../../../shared/maps';
import type { LatLng } from '../../../shared/validation/core';
import { boundsContain } from '../../../shared/validation/filters';
import type { SearchFilterValues } from '../../../shared/validation/search-filters';
import type { FacetCount } from './facet-field';
import { type FacetCounts, Facets } from './facets';
import { type IndexColumns, indexColumns } from './index-columns';
import { KeywordIndex, tokenize } from './keywords';
import { MatchCache, type MatchedSearch } from './match-cache';
import { byDistance, byRelevance, distanceTo, type Hits, inOrder, type Matches } from './ranking';
import type { SearchDocument } from './search-document';
import { asksForSize, sizeWordsOf } from './size-words';

/**
 * An in-memory index of published listings: keyword matching with simple relevance, the search
 * filters with their facet counts (facets.ts), location (bounds), sort (and nearest first from an
 * origin) and paging. It answers from plain arrays (index-columns.ts), built from search documents
 * or read from a snapshot, in well under a millisecond where DynamoDB alone cannot filter, sort by
 * price and count. Everything a query needs is precomputed: the sort orders (ranking.ts), and an
 * inverted index from token to listings with a weight (keywords.ts).
 *
 * Entries a newer change superseded are retired (issue 23: a container applies changes over its
 * snapshot, catalogue.ts): never answered or counted again.
 */
export type SortOption = SortKey;

/** The positions the recent searches may hold: 2 million, 16 MB with their scores. */
const recentPositions = 2_000_000;

export interface SearchQuery {
  keywords?: string;
  /** The filters of shared/config/search-filters.ts by id (category, price, condition…). */
  filters?: SearchFilterValues;
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

/** The sort a query gets: its own, else nearest first from an origin, else by relevance to keywords. */
export function effectiveSort(query: SearchQuery, hasWords: boolean): SortKey | 'distance' {
  return query.sort ?? (query.origin ? 'distance' : hasWords ? 'relevance' : 'createdAt');
}

/** A query's hits from `start` to `end` in its order, how many in all, and its facet counts. */
export interface RankedHits extends Hits {
  counts: FacetCounts;
  /** The answer of `counts` for the query, when the index has made it already. */
  facets?: SearchFacets;
  /** The relevance score of a matching entry (0 when the query has no words). */
  scoreOf(position: number): number;
}

export interface SortKeys {
  soldOut: number;
  price: number;
  /** In ms. */
  createdAt: number;
  id: string;
  /** From the query's origin (0 without one). */
  distance: number;
}

export class SearchIndex {
  private readonly columns: IndexColumns;
  /** Each summary as JSON, decoded the first time a page shows it. */
  private readonly summaryJson: (string | undefined)[];
  private readonly keywords: KeywordIndex;
  private readonly facets: Facets;
  /** Facet counts as JSON, made once per counted search (cached ones are answered many times). */
  private readonly facetsJson = new WeakMap<SearchFacets, string>();
  /** The matches and facets of recent searches (match-cache.ts): a page or sort of one is cheap. */
  private recent = new MatchCache(recentPositions);
  /** Per-entry scratch space for one search at a time (search is synchronous); all zero between searches. */
  private readonly scratch: Uint8Array;
  /** 1 for an entry a newer change superseded; and those entries, in the order retired. */
  private readonly retired: Uint8Array;
  private readonly retiredPositions: number[] = [];
  /** Every entry's facets without the retired ones (counted once per retirement). */
  private everyLive: { counts: FacetCounts; facets: SearchFacets } | undefined;
  private positions: Map<string, number> | undefined;

  constructor(columns: IndexColumns) {
    this.columns = columns;
    const count = columns.ids.length;
    this.summaryJson = new Array(count).fill(undefined);
    this.scratch = new Uint8Array(count);
    this.retired = new Uint8Array(count);
    this.keywords = new KeywordIndex(columns.keywords);
    this.facets = new Facets(columns.facets);
  }

  /** The index of the published documents among `documents`. */
  static of(documents: readonly SearchDocument[]): SearchIndex {
    return new SearchIndex(indexColumns(documents));
  }

  /** The entries answered: every one not retired. */
  get size(): number {
    return this.columns.ids.length - this.retiredPositions.length;
  }

  /** The entry of a listing (retired or not), if the index has one. */
  positionOf(id: string): number | undefined {
    this.positions ??= new Map(this.columns.ids.map((entry, position) => [entry, position]));
    return this.positions.get(id);
  }

  /** Never answers these listings again (a newer change superseded them); the ids it does not have are ignored. */
  retire(ids: Iterable<string>): void {
    let changed = false;
    for (const id of ids) {
      const position = this.positionOf(id);
      if (position === undefined || this.retired[position] === 1) continue;
      this.retired[position] = 1;
      this.retiredPositions.push(position);
      changed = true;
    }
    if (!changed) return;
    // Cached answers counted the retired entries.
    this.recent = new MatchCache(recentPositions);
    this.everyLive = undefined;
  }

  summaryJsonAt(position: number): string {
    let summary = this.summaryJson[position];
    if (summary === undefined) {
      const { bytes, offsets } = this.columns.summaries;
      summary = Buffer.from(
        bytes.buffer,
        bytes.byteOffset + offsets[position]!,
        offsets[position + 1]! - offsets[position]!,
      ).toString('utf8');
      this.summaryJson[position] = summary;
    }
    return summary;
  }

  summaryAt(position: number): ListingSummary {
    return JSON.parse(this.summaryJsonAt(position)) as ListingSummary;
  }

  /** What hits from two indexes are merged by (catalogue.ts): the keys every order uses. */
  sortKeysAt(position: number, origin: LatLng | undefined): SortKeys {
    const { soldOut, facets, createdAt, ids, points } = this.columns;
    return {
      soldOut: soldOut[position]!,
      price: facets.prices[position]!,
      createdAt: createdAt[position]!,
      id: ids[position]!,
      distance: origin ? distanceTo(points, position, origin) : 0,
    };
  }

  search(query: SearchQuery): SearchPage {
    const hits = this.ranked(query);
    return {
      data: Array.from(hits.positions, (position) => this.summaryAt(position)),
      meta: pageMeta(hits.totalItems, query),
      facets: this.facetsOf(hits, query),
    };
  }

  /** `JSON.stringify(this.search(query))`, the same bytes, from the summaries' JSON. */
  searchJson(query: SearchQuery): string {
    const hits = this.ranked(query);
    let data = '';
    for (let i = 0; i < hits.positions.length; i++) {
      const summary = this.summaryJsonAt(hits.positions[i]!);
      data += i === 0 ? summary : `,${summary}`;
    }
    const facets = this.facetsOf(hits, query);
    let facetsJson = this.facetsJson.get(facets);
    if (facetsJson === undefined) {
      facetsJson = JSON.stringify(facets);
      this.facetsJson.set(facets, facetsJson);
    }
    return `{"data":[${data}],"meta":${JSON.stringify(pageMeta(hits.totalItems, query))},"facets":${facetsJson}}`;
  }

  /** The answer of a search's counts (made once per counted search, cached with it). */
  private facetsOf(hits: RankedHits, query: SearchQuery): SearchFacets {
    return hits.facets ?? this.facets.answer(hits.counts, query.filters);
  }

  /** Each facet's counts by key and label, for adding up with another index's (catalogue.ts). */
  countedFacets(counts: FacetCounts): FacetCount[][] {
    return this.facets.counted(counts);
  }

  /**
   * The hits from `start` to `end` (by default the query's page), the number of matches and the
   * facet counts. Every order is total (sold out last, then ties go to the newer entry, the lower
   * position), so the answer does not depend on how matches are collected.
   */
  ranked(
    query: SearchQuery,
    start = (query.page - 1) * query.perPage,
    end = query.page * query.perPage,
  ): RankedHits {
    // A box smaller than the fuzzy disc is widened: it cannot pin a public point down further.
    const bounds = query.bounds && widenedBounds(query.bounds);
    // Size words ("size M", "56 cm") are a frame-size filter, not words to find in listings.
    const sizeWords = sizeWordsOf(query.keywords ?? '');
    const queryTokens = tokenize(sizeWords.keywords);
    const sort = effectiveSort(query, queryTokens.length > 0);
    const filtered = Facets.filters(query.filters) || asksForSize(sizeWords);
    const noScores = () => 0;

    if (queryTokens.length === 0 && !bounds && !filtered && sort !== 'distance') {
      const order = this.columns.orders[sort === 'relevance' ? 'createdAt' : sort];
      if (this.retiredPositions.length === 0) {
        return {
          positions: order.subarray(start, end),
          totalItems: order.length,
          counts: this.facets.everyEntryCounts(),
          facets: this.facets.everything(),
          scoreOf: noScores,
        };
      }
      const every = this.everyLiveFacets();
      return { ...this.liveInOrder(order, start, end), ...every, scoreOf: noScores };
    }

    const key = JSON.stringify([queryTokens, bounds, query.filters, sizeWords.sizes, sizeWords.cm]);
    let matched: MatchedSearch | undefined = this.recent.get(key);
    if (!matched) {
      const matches = queryTokens.length
        ? this.keywords.match(queryTokens, this.scratch)
        : this.candidates(query.filters);
      this.keepLive(matches, bounds);
      const everyEntry = queryTokens.length === 0 && !bounds && this.retiredPositions.length === 0;
      const counts = this.facets.apply(matches, query.filters, sizeWords, everyEntry);
      matched = this.recent.set(key, { matches, counts });
    }
    const { matches } = matched;
    const { soldOut, points, orders } = this.columns;
    const hits =
      sort === 'distance'
        ? byDistance(matches, points, soldOut, query.origin as LatLng, start, end)
        : sort === 'relevance' && queryTokens.length
          ? byRelevance(matches, soldOut, start, end)
          : inOrder(matches, orders[sort === 'relevance' ? 'createdAt' : sort], start, end, this.scratch);
    const cached = matched;
    cached.facets ??= this.facets.answer(cached.counts, query.filters);
    return {
      ...hits,
      counts: cached.counts,
      facets: cached.facets,
      scoreOf: queryTokens.length ? (position) => scoreIn(matches, position) : noScores,
    };
  }

  /** Keeps only the matches not retired and inside the bounds, if any (in place). */
  private keepLive(matches: Matches, bounds: Bounds | undefined): void {
    if (!bounds && this.retiredPositions.length === 0) return;
    const { positions, scores } = matches;
    const { points } = this.columns;
    let kept = 0;
    for (let i = 0; i < matches.count; i++) {
      const position = positions[i]!;
      if (this.retired[position] === 1) continue;
      if (bounds) {
        const lat = points[2 * position]!;
        if (Number.isNaN(lat) || !boundsContain(bounds, { lat, lng: points[2 * position + 1]! })) continue;
      }
      positions[kept] = position;
      scores[kept] = scores[i]!;
      kept++;
    }
    matches.count = kept;
  }

  /** The entries of `order` not retired, from `start` to `end`, and how many there are. */
  private liveInOrder(order: Int32Array, start: number, end: number): Hits {
    const page: number[] = [];
    let seen = 0;
    for (let i = 0; i < order.length && seen < end; i++) {
      if (this.retired[order[i]!] === 1) continue;
      if (seen >= start) page.push(order[i]!);
      seen++;
    }
    return { positions: page, totalItems: this.size };
  }

  /** Every entry's facet counts less the retired entries'. */
  private everyLiveFacets(): { counts: FacetCounts; facets: SearchFacets } {
    if (!this.everyLive) {
      const counts = this.facets.everyEntryCounts().map((column) => column.slice());
      this.facets.uncount(counts, Int32Array.from(this.retiredPositions), this.retiredPositions.length);
      this.everyLive = { counts, facets: this.facets.answer(counts) };
    }
    return this.everyLive;
  }

  /** A search without keywords: the entries in its price range, else every entry; scored 0. */
  private candidates(filters: SearchFilterValues | undefined): Matches {
    const inRange = this.facets.inPriceRange(filters);
    if (inRange)
      return { positions: inRange.slice(), scores: new Int32Array(inRange.length), count: inRange.length };
    const count = this.columns.ids.length;
    const positions = new Int32Array(count);
    for (let i = 0; i < count; i++) positions[i] = i;
    return { positions, scores: new Int32Array(count), count };
  }
}

export function pageMeta(totalItems: number, query: SearchQuery): SearchPage['meta'] {
  return {
    page: query.page,
    perPage: query.perPage,
    totalItems,
    totalPages: Math.ceil(totalItems / query.perPage),
  };
}

/** A matching entry's score (matches ascend by position). */
function scoreIn(matches: Matches, position: number): number {
  let low = 0;
  let high = matches.count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (matches.positions[middle]! < position) low = middle + 1;
    else high = middle;
  }
  return matches.positions[low] === position ? matches.scores[low]! : 0;
}
