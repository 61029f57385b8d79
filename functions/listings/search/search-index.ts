import type { ListingSummary, Page } from '../../../shared/api/types';
import type { SortKey } from '../../../shared/config/sort';
import { type Bounds, widenedBounds } from '../../../shared/maps';
import type { LatLng } from '../../../shared/validation/core';
import { boundsContain } from '../../../shared/validation/filters';
import type { ListingRecord } from '../listing-record';
import { toListingSummary } from '../listing-record';
import { KeywordIndex, tokenize } from './keywords';
import {
  byDistance,
  byRelevance,
  type Hits,
  inOrder,
  type Matches,
  type OrderedSort,
  sortOrders,
} from './ranking';

/**
 * An in-memory index of published listings: keyword matching with simple relevance, category and
 * location (bounds) filters, sort (and nearest first from an origin) and paging. A marketplace of
 * this size (tens of thousands of listings) fits in a Lambda's memory, which answers in well under
 * a millisecond where DynamoDB alone cannot filter, sort by price and count. Everything a query
 * needs is precomputed when the index is built: the sort orders (ranking.ts), and an inverted index
 * from token to listings with a weight (keywords.ts).
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
  private readonly keywords: KeywordIndex;
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
    this.keywords = new KeywordIndex(published);
    this.orders = sortOrders(published.map((record) => record.price.amount));
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
      return inOrder(matches, order, start, end, this.scratch);
    }

    let matches: Matches;
    if (queryTokens.length) {
      matches = this.keywords.match(queryTokens, this.scratch);
      if (wanted || bounds) this.keep(matches, wanted, bounds);
    } else {
      matches = wanted ? this.inCategories(wanted) : this.everyEntry();
      if (bounds) this.keep(matches, undefined, bounds);
    }
    if (sort === 'distance') return byDistance(matches, this.points, query.origin as LatLng, start, end);
    if (sort === 'relevance') return byRelevance(matches, start, end);
    return inOrder(matches, this.orders[sort], start, end, this.scratch);
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
}

const isInBox = (bounds: Bounds, point: LatLng | undefined) =>
  point !== undefined && boundsContain(bounds, point);
