import type { ListingSummary, Page } from '../../shared/api/types';
import type { SortKey } from '../../shared/config/sort';
import { type Bounds, distanceMeters } from '../../shared/maps';
import type { LatLng } from '../../shared/validation/core';
import { boundsContain } from '../../shared/validation/filters';
import type { ListingRecord } from '../listings/listing-record';
import { toListingSummary } from '../listings/listing-record';

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

export class SearchIndex {
  private readonly summaries: ListingSummary[];
  private readonly categories: string[];
  private readonly points: LatLng[];
  /** Entry positions in each sort order; entries themselves are stored newest first. */
  private readonly orders: Record<OrderedSort, Int32Array>;
  /** Rank of each entry in each order, to sort a subset of matches without comparing fields. */
  private readonly ranks: Record<OrderedSort, Int32Array>;
  private readonly postings = new Map<string, Map<number, number>>();
  private readonly sortedTokens: string[];

  constructor(records: ListingRecord[]) {
    const published = records
      .filter((record) => record.state === 'published')
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
    this.summaries = published.map(toListingSummary);
    this.categories = published.map((record) => record.publicData.category);
    this.points = published.map((record) => record.geolocation);
    published.forEach((record, position) => {
      for (const [token, weight] of weightedTokens(record)) {
        const posting = this.postings.get(token) ?? new Map<number, number>();
        posting.set(position, weight);
        this.postings.set(token, posting);
      }
    });
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
    const rankOf = (order: Int32Array) => {
      const ranks = new Int32Array(order.length);
      order.forEach((position, rank) => {
        ranks[position] = rank;
      });
      return ranks;
    };
    this.ranks = {
      createdAt: rankOf(this.orders.createdAt),
      '-createdAt': rankOf(this.orders['-createdAt']),
      '-price': rankOf(this.orders['-price']),
      price: rankOf(this.orders.price),
    };
  }

  get size(): number {
    return this.summaries.length;
  }

  search(query: SearchQuery): Page<ListingSummary> {
    const accepts = this.filter(query);
    const queryTokens = tokenize(query.keywords ?? '');
    const sort = query.sort ?? (query.origin ? 'distance' : queryTokens.length ? 'relevance' : 'createdAt');
    const start = (query.page - 1) * query.perPage;
    const end = start + query.perPage;

    if (queryTokens.length === 0 && sort !== 'distance') {
      const order = this.orders[sort === 'relevance' ? 'createdAt' : sort];
      if (!accepts) return this.page(order.subarray(start, end), order.length, query);
      // Count every match but keep only the requested page's.
      const pagePositions: number[] = [];
      let total = 0;
      for (const position of order) {
        if (!accepts(position)) continue;
        if (total >= start && total < end) pagePositions.push(position);
        total++;
      }
      return this.page(pagePositions, total, query);
    }

    const scores = queryTokens.length ? this.score(queryTokens) : undefined;
    let matches = scores ? [...scores.keys()] : Array.from(this.orders.createdAt);
    if (accepts) matches = matches.filter(accepts);
    if (sort === 'distance') {
      const origin = query.origin as LatLng;
      const distances = new Map(
        matches.map((position) => [position, distanceMeters(origin, this.points[position]!)]),
      );
      matches.sort((a, b) => distances.get(a)! - distances.get(b)! || a - b);
    } else if (sort === 'relevance') {
      matches.sort((a, b) => scores!.get(b)! - scores!.get(a)! || a - b);
    } else {
      const ranks = this.ranks[sort];
      matches.sort((a, b) => ranks[a]! - ranks[b]!);
    }
    return this.page(matches.slice(start, end), matches.length, query);
  }

  /** The category and bounds filters as one test of an entry, or undefined when there is none. */
  private filter(query: SearchQuery): ((position: number) => boolean) | undefined {
    const categories = query.categories?.length ? new Set(query.categories) : undefined;
    const bounds = query.bounds;
    if (!categories && !bounds) return undefined;
    return (position) =>
      (!categories || categories.has(this.categories[position]!)) &&
      (!bounds || boundsContain(bounds, this.points[position]!));
  }

  /** Entries matching every token (the last one as a prefix, for search-as-you-type), with their score. */
  private score(queryTokens: string[]): Map<number, number> {
    let scores: Map<number, number> | undefined;
    queryTokens.forEach((token, index) => {
      const isLast = index === queryTokens.length - 1;
      const weights = isLast
        ? this.prefixPostings(token)
        : (this.postings.get(token) ?? new Map<number, number>());
      if (!scores) {
        scores = new Map(weights);
        return;
      }
      const next = new Map<number, number>();
      for (const [position, score] of scores) {
        const weight = weights.get(position);
        if (weight) next.set(position, score + weight);
      }
      scores = next;
    });
    return scores ?? new Map();
  }

  private prefixPostings(prefix: string): Map<number, number> {
    const exact = this.postings.get(prefix);
    let low = 0;
    let high = this.sortedTokens.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sortedTokens[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    const merged = new Map<number, number>(exact);
    for (let i = low; i < this.sortedTokens.length && this.sortedTokens[i]!.startsWith(prefix); i++) {
      if (this.sortedTokens[i] === prefix) continue;
      for (const [position, weight] of this.postings.get(this.sortedTokens[i]!)!) {
        // An exact word counts fully; a longer word it starts counts the same, so "gar" finds Garmin.
        merged.set(position, Math.max(merged.get(position) ?? 0, weight));
      }
    }
    return merged;
  }

  private page(positions: ArrayLike<number>, totalItems: number, query: SearchQuery): Page<ListingSummary> {
    return {
      data: Array.from(positions, (position) => this.summaries[position]!),
      meta: {
        page: query.page,
        perPage: query.perPage,
        totalItems,
        totalPages: Math.ceil(totalItems / query.perPage),
      },
    };
  }
}
