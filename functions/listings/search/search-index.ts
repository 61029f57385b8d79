import type { ListingSummary, SearchFacets, SearchPage } from '../../../shared/api/types';
import type { SortKey } from '../../../shared/config/sort';
import { type Bounds, widenedBounds } from '../../../shared/maps';
import type { LatLng } from '../../../shared/validation/core';
import { boundsContain } from '../../../shared/validation/filters';
import type { SearchFilterValues } from '../../../shared/validation/search-filters';
import { toListingSummary } from '../listing-record';
import { Facets } from './facets';
import { KeywordIndex, tokenize } from './keywords';
import { MatchCache } from './match-cache';
import {
  byDistance,
  byRelevance,
  type Hits,
  inOrder,
  type Matches,
  type OrderedSort,
  sortOrders,
} from './ranking';
import type { SearchDocument } from './search-document';
import { asksForSize, sizeWordsOf } from './size-words';

/**
 * An in-memory index of published listings: keyword matching with simple relevance, the search
 * filters with their facet counts (facets.ts), location (bounds), sort (and nearest first from an
 * origin) and paging. A marketplace of
 * this size (tens of thousands of listings) fits in a Lambda's memory, which answers in well under
 * a millisecond where DynamoDB alone cannot filter, sort by price and count. Everything a query
 * needs is precomputed when the index is built: the sort orders (ranking.ts), and an inverted index
 * from token to listings with a weight (keywords.ts).
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

export class SearchIndex {
  private readonly summaries: ListingSummary[];
  /** Each summary as JSON, made the first time a page shows it (answers are built from these). */
  private readonly summaryJson: (string | undefined)[];
  /**
   * Each listing's public point (§5 fuzzy location): the only point bounds and distance use, so no
   * sequence of searches narrows a listing down further than the fuzzy radius. None: never in a box,
   * last by distance.
   */
  private readonly points: Array<LatLng | undefined>;
  /** 1 for a listing with no stock left: it stays findable, after every available one. */
  private readonly soldOut: Uint8Array;
  /** Entry positions in each sort order; entries themselves are stored newest first. */
  private readonly orders: Record<OrderedSort, Int32Array>;
  private readonly keywords: KeywordIndex;
  private readonly facets: Facets;
  /** Facet counts as JSON, made once per counted search (cached ones are answered many times). */
  private readonly facetsJson = new WeakMap<SearchFacets, string>();
  /** The matches and facets of recent searches (match-cache.ts): a page or sort of one is cheap. */
  private readonly recent = new MatchCache(recentPositions);
  /** Per-entry scratch space for one search at a time (search is synchronous); all zero between searches. */
  private readonly scratch: Uint8Array;

  constructor(records: SearchDocument[]) {
    const published = records
      .filter((record) => record.state === 'published')
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
    this.summaries = published.map(toListingSummary);
    this.summaryJson = new Array(published.length).fill(undefined);
    this.points = published.map((record) => record.publicGeolocation);
    this.soldOut = Uint8Array.from(published, (record) => (record.currentStock > 0 ? 0 : 1));
    this.scratch = new Uint8Array(published.length);
    this.keywords = new KeywordIndex(published);
    this.facets = new Facets(published);
    this.orders = sortOrders(
      published.map((record) => record.price.amount),
      this.soldOut,
    );
  }

  get size(): number {
    return this.summaries.length;
  }

  search(query: SearchQuery): SearchPage {
    const { positions, totalItems, facets } = this.hits(query);
    return {
      data: Array.from(positions, (position) => this.summaries[position]!),
      meta: this.meta(totalItems, query),
      facets,
    };
  }

  /** `JSON.stringify(this.search(query))`, the same bytes, from the summaries' cached JSON. */
  searchJson(query: SearchQuery): string {
    const { positions, totalItems, facets } = this.hits(query);
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
    let facetsJson = this.facetsJson.get(facets);
    if (facetsJson === undefined) {
      facetsJson = JSON.stringify(facets);
      this.facetsJson.set(facets, facetsJson);
    }
    return `{"data":[${data}],"meta":${JSON.stringify(this.meta(totalItems, query))},"facets":${facetsJson}}`;
  }

  private meta(totalItems: number, query: SearchQuery): SearchPage['meta'] {
    return {
      page: query.page,
      perPage: query.perPage,
      totalItems,
      totalPages: Math.ceil(totalItems / query.perPage),
    };
  }

  /**
   * The requested page's positions, the number of matches and the facet counts. Every order is
   * total (sold out last, then ties go to the newer entry, the lower position), so the answer does
   * not depend on how matches are collected.
   */
  private hits(query: SearchQuery): Hits & { facets: SearchFacets } {
    // A box smaller than the fuzzy disc is widened: it cannot pin a public point down further.
    const bounds = query.bounds && widenedBounds(query.bounds);
    // Size words ("size M", "56 cm") are a frame-size filter, not words to find in listings.
    const sizeWords = sizeWordsOf(query.keywords ?? '');
    const queryTokens = tokenize(sizeWords.keywords);
    const sort = query.sort ?? (query.origin ? 'distance' : queryTokens.length ? 'relevance' : 'createdAt');
    const start = (query.page - 1) * query.perPage;
    const end = start + query.perPage;
    const filtered = Facets.filters(query.filters) || asksForSize(sizeWords);

    if (queryTokens.length === 0 && !bounds && !filtered && sort !== 'distance') {
      const order = this.orders[sort === 'relevance' ? 'createdAt' : sort];
      return {
        positions: order.subarray(start, end),
        totalItems: order.length,
        facets: this.facets.everything(),
      };
    }

    const key = JSON.stringify([queryTokens, bounds, query.filters, sizeWords.sizes, sizeWords.cm]);
    let matched = this.recent.get(key);
    if (!matched) {
      const matches = queryTokens.length ? this.keywords.match(queryTokens, this.scratch) : this.everyEntry();
      if (bounds) this.keepInside(matches, bounds);
      const everyEntry = queryTokens.length === 0 && !bounds;
      const facets = this.facets.apply(matches, query.filters, sizeWords, everyEntry);
      matched = this.recent.set(key, { matches, facets });
    }
    const { matches, facets } = matched;
    const hits =
      sort === 'distance'
        ? byDistance(matches, this.points, this.soldOut, query.origin as LatLng, start, end)
        : sort === 'relevance' && queryTokens.length
          ? byRelevance(matches, this.soldOut, start, end)
          : inOrder(
              matches,
              this.orders[sort === 'relevance' ? 'createdAt' : sort],
              start,
              end,
              this.scratch,
            );
    return { ...hits, facets };
  }

  /** Keeps only the matches inside the bounds (in place). */
  private keepInside(matches: Matches, bounds: Bounds): void {
    const { positions, scores } = matches;
    let kept = 0;
    for (let i = 0; i < matches.count; i++) {
      const position = positions[i]!;
      const point = this.points[position];
      if (point === undefined || !boundsContain(bounds, point)) continue;
      positions[kept] = position;
      scores[kept] = scores[i]!;
      kept++;
    }
    matches.count = kept;
  }

  /** Every entry, positions ascending, scored 0. */
  private everyEntry(): Matches {
    const count = this.summaries.length;
    const positions = new Int32Array(count);
    for (let i = 0; i < count; i++) positions[i] = i;
    return { positions, scores: new Int32Array(count), count };
  }
}
