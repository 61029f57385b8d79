import type { SearchFacets, SearchPage } from '../../../shared/api/types';
import type { SearchDelta } from './delta-cursor';
import type { FacetCount } from './facet-field';
import { facetsAnswer } from './facets';
import { indexColumns, newer as newerEntry } from './index-columns';
import { tokenize } from './keywords';
import { compareNumbers } from './ranking';
import type { SearchDocument } from './search-document';
import {
  effectiveSort,
  pageMeta,
  type RankedHits,
  SearchIndex,
  type SearchQuery,
  type SortKeys,
} from './search-index';
import { sizeWordsOf } from './size-words';
import { decodeSnapshot, encodeSnapshot } from './snapshot';

/**
 * The search catalogue a container holds (issue 23): the index of a snapshot (the base, read from
 * its bytes without building), the position in the sequence of changes it includes, and the
 * changes applied since as a small overlay index of the changed listings. A changed listing's base
 * entry is retired, so each listing is answered from exactly one of the two; a query asks both and
 * merges their pages by the same keys every order uses, and adds up their facet counts.
 *
 * The overlay is rebuilt on each applied batch: cheap while it holds the few thousand listings
 * changed since the last snapshot, which the scheduled snapshot writer keeps it to.
 */
export class SearchCatalogue {
  /** Each changed listing's newest document, or null when it left the search. */
  private readonly changed = new Map<string, SearchDocument | null>();
  private overlay: SearchIndex | undefined;

  private constructor(
    /** The last sequence the snapshot includes. */
    readonly position: number,
    private readonly base: SearchIndex,
  ) {}

  /** A snapshot's bytes: the index of the published documents and the position they include. */
  static encode(documents: readonly SearchDocument[], position: number): Uint8Array {
    return encodeSnapshot(indexColumns(documents), position);
  }

  static fromSnapshot(bytes: Uint8Array): SearchCatalogue {
    const { columns, position } = decodeSnapshot(bytes);
    return new SearchCatalogue(position, new SearchIndex(columns));
  }

  /** No snapshot yet: nothing, before every change. */
  static empty(): SearchCatalogue {
    return new SearchCatalogue(0, SearchIndex.of([]));
  }

  /** Changes the cursor accepted (each listing's newest, in sequence order). */
  apply(deltas: readonly SearchDelta[]): void {
    if (deltas.length === 0) return;
    for (const delta of deltas) {
      this.changed.set(delta.id, delta.document?.state === 'published' ? delta.document : null);
    }
    this.base.retire(deltas.map((delta) => delta.id));
    const live = [...this.changed.values()].filter((document) => document !== null);
    this.overlay = live.length ? SearchIndex.of(live) : undefined;
  }

  /** The listings answered. */
  get size(): number {
    return this.base.size + (this.overlay?.size ?? 0);
  }

  /** How many listings changed since the snapshot (the overlay's and the retired entries' count). */
  get changes(): number {
    return this.changed.size;
  }

  search(query: SearchQuery): SearchPage {
    if (!this.overlay) return this.base.search(query);
    const { page, totalItems, facets } = this.merged(this.overlay, query);
    return {
      data: page.map(({ index, position }) => index.summaryAt(position)),
      meta: pageMeta(totalItems, query),
      facets,
    };
  }

  /** `JSON.stringify(this.search(query))`, the same bytes. */
  searchJson(query: SearchQuery): string {
    if (!this.overlay) return this.base.searchJson(query);
    const { page, totalItems, facets } = this.merged(this.overlay, query);
    const data = page.map(({ index, position }) => index.summaryJsonAt(position)).join(',');
    return `{"data":[${data}],"meta":${JSON.stringify(pageMeta(totalItems, query))},"facets":${JSON.stringify(facets)}}`;
  }

  /**
   * The page from both indexes' first `end` hits in the query's order, and their counts added up.
   * The overlay's hits are few: each finds its place among the base's by binary search, so a deep
   * page costs no more than the base alone would, and only the page's entries are made.
   */
  private merged(overlay: SearchIndex, query: SearchQuery) {
    const start = (query.page - 1) * query.perPage;
    const end = query.page * query.perPage;
    const fromBase = this.base.ranked(query, 0, end);
    const fromOverlay = overlay.ranked(query, 0, end);
    const compare = entryOrder(query);
    const keyOf = (index: SearchIndex, hits: RankedHits, position: number): Entry => ({
      ...index.sortKeysAt(position, query.origin),
      score: hits.scoreOf(position),
    });
    const base = fromBase.positions;
    const added = Array.from(fromOverlay.positions, (position) => keyOf(overlay, fromOverlay, position));
    const page: Array<{ index: SearchIndex; position: number }> = [];
    // Walks the merged order: the base's hits before each overlay hit, then that hit.
    let merged = 0;
    let fromIndex = 0;
    for (let j = 0; j <= added.length && merged < end; j++) {
      // The base's hits up to the first that comes after added[j] (the base wins ties: compare ≤ 0).
      let low = fromIndex;
      let high = base.length;
      if (j < added.length) {
        while (low < high) {
          const middle = (low + high) >>> 1;
          if (compare(keyOf(this.base, fromBase, base[middle]!), added[j]!) <= 0) low = middle + 1;
          else high = middle;
        }
      } else low = high;
      for (let i = fromIndex; i < low && merged < end; i++, merged++) {
        if (merged >= start) page.push({ index: this.base, position: base[i]! });
      }
      fromIndex = low;
      if (j < added.length && merged < end) {
        if (merged >= start) page.push({ index: overlay, position: fromOverlay.positions[j]! });
        merged++;
      }
    }
    return {
      page,
      totalItems: fromBase.totalItems + fromOverlay.totalItems,
      facets: this.facets(fromBase, overlay, fromOverlay, query),
    };
  }

  /**
   * Both indexes' counts added up by value. A free-text value is shown by the base's label when the
   * base has it (its first spelling in the snapshot), else the overlay's: a value's name does not
   * change between snapshots while people filter by it.
   */
  private facets(
    fromBase: RankedHits,
    overlay: SearchIndex,
    fromOverlay: RankedHits,
    query: SearchQuery,
  ): SearchFacets {
    const base = this.base.countedFacets(fromBase.counts);
    const added = overlay.countedFacets(fromOverlay.counts);
    const merged = base.map((values, facet) => {
      const byKey = new Map<string, FacetCount>(values.map((value) => [value.key, { ...value }]));
      for (const value of added[facet]!) {
        const known = byKey.get(value.key);
        if (known) known.count += value.count;
        else byKey.set(value.key, { ...value });
      }
      return [...byKey.values()];
    });
    return facetsAnswer(merged, query.filters ?? {});
  }
}

/** A hit of one of the two indexes, with what the orders compare. */
interface Entry extends SortKeys {
  score: number;
}

/** The newer listing first, the index's own order (index-columns.ts `newestFirst`). */
const newer = (a: Entry, b: Entry) => newerEntry(a.createdAt, a.id, b.createdAt, b.id);

/** The order of the query's results over entries of both indexes: the one each index answers in. */
function entryOrder(query: SearchQuery): (a: Entry, b: Entry) => number {
  const hasWords = tokenize(sizeWordsOf(query.keywords ?? '').keywords).length > 0;
  const sort = effectiveSort(query, hasWords);
  const then = (compare: (a: Entry, b: Entry) => number) => (a: Entry, b: Entry) =>
    a.soldOut - b.soldOut || compare(a, b);
  switch (sort) {
    case '-createdAt':
      return then((a, b) => newer(b, a));
    case '-price':
      return then((a, b) => a.price - b.price || newer(a, b));
    case 'price':
      return then((a, b) => b.price - a.price || newer(a, b));
    case 'distance':
      return then((a, b) => compareNumbers(a.distance, b.distance) || newer(a, b));
    case 'relevance':
      return then(hasWords ? (a, b) => b.score - a.score || newer(a, b) : newer);
    default:
      return then(newer);
  }
}
