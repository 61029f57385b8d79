import type { SearchFacets } from '../../../shared/api/types';
import type { FacetCounts } from './facets';
import type { Matches } from './ranking';

/**
 * The matches and facet counts of recent searches, keyed by what decides them (keywords, place,
 * filters) and not by sort or page, so paging through results or changing the order reuses them,
 * as do the many people opening the same category or filter page. An index's cache is replaced when it
 * retires entries (search-index.ts), so nothing here goes stale. Least recently used first
 * out, bounded by the number of positions held.
 */
export interface MatchedSearch {
  matches: Matches;
  counts: FacetCounts;
  /** The counts' answer, made the first time the search is answered. */
  facets?: SearchFacets;
}

export class MatchCache {
  private readonly entries = new Map<string, MatchedSearch>();
  private held = 0;

  constructor(private readonly maxPositions: number) {}

  get(key: string): MatchedSearch | undefined {
    const found = this.entries.get(key);
    if (found) {
      // Map keeps insertion order: moving the entry to the end marks it most recently used.
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  /** Keeps a copy of the first `count` matches (the arrays given may be larger, or reused). */
  set(key: string, { matches, counts }: MatchedSearch): MatchedSearch {
    const kept: MatchedSearch = {
      matches: {
        positions: matches.positions.slice(0, matches.count),
        scores: matches.scores.slice(0, matches.count),
        count: matches.count,
      },
      counts,
    };
    if (matches.count > this.maxPositions) return kept;
    this.entries.delete(key);
    this.entries.set(key, kept);
    this.held += matches.count;
    for (const [oldest, entry] of this.entries) {
      if (this.held <= this.maxPositions) break;
      this.entries.delete(oldest);
      this.held -= entry.matches.count;
    }
    return kept;
  }

  get size(): number {
    return this.entries.size;
  }
}
