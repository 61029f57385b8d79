import type { SearchDocument } from './search-document';

/**
 * One change of one listing as the stream consumer records it (issue 23): its place in the sequence
 * of every change (an atomic counter, so sequences are dense), the listing's version, and its search
 * document, or none when it left the search (closed, deleted, banned).
 *
 * The version is the stream record's sequence number (decimal digits, up to 40 of them): DynamoDB
 * Streams give an item's records increasing numbers, which is the order that matters, and no write
 * path has to remember to bump a counter of its own.
 */
export interface SearchDelta {
  sequence: number;
  id: string;
  version: string;
  document?: SearchDocument;
}

/** Whether stream sequence number `a` comes after `b` (decimal strings of any length). */
export const newerVersion = (a: string, b: string | undefined): boolean =>
  b === undefined || a.length > b.length || (a.length === b.length && a > b);

/** How long a gap in the sequence is waited for: a lower sequence can commit after a higher one. */
export const gapWaitMs = 5_000;

/**
 * Where a container is in the sequence of changes, and which ones it still needs.
 *
 * - Idempotent and ordered per listing: a change applies only if its version is newer than the one
 *   the container has (streams deliver at least once, and order records per item only).
 * - Gaps: the counter hands out every number, so a missing one is a change not yet visible (or one
 *   whose write failed). The container reads again from the first gap until it is `gapWaitMs` old,
 *   then gives up on it.
 */
export class DeltaCursor {
  /** Every sequence up to here is applied or given up on. */
  private contiguous: number;
  /** Sequences seen past `contiguous`, and since when the first gap has been waited for. */
  private readonly ahead = new Set<number>();
  private gapSince: number | undefined;
  private readonly versions = new Map<string, string>();

  /** `position`: the last sequence the base (a snapshot) includes. */
  constructor(position: number, versions: Iterable<[string, string]> = []) {
    this.contiguous = position;
    for (const [id, version] of versions) this.versions.set(id, version);
  }

  /** The sequence to read after (exclusive): the last one before the first gap. */
  get readAfter(): number {
    return this.contiguous;
  }

  /** The latest change of each listing among `deltas` that is newer than what the container has. */
  accept(deltas: readonly SearchDelta[], now: number): SearchDelta[] {
    const newest = new Map<string, SearchDelta>();
    for (const delta of deltas) {
      if (delta.sequence <= this.contiguous) continue;
      this.ahead.add(delta.sequence);
      if (!newerVersion(delta.version, this.versions.get(delta.id))) continue;
      const kept = newest.get(delta.id);
      if (!kept || newerVersion(delta.version, kept.version)) newest.set(delta.id, delta);
    }
    for (const delta of newest.values()) this.versions.set(delta.id, delta.version);
    this.advance(now);
    return [...newest.values()].sort((a, b) => a.sequence - b.sequence);
  }

  /** Moves `contiguous` over the sequences seen, and past a gap waited for long enough. */
  private advance(now: number): void {
    for (;;) {
      while (this.ahead.delete(this.contiguous + 1)) this.contiguous++;
      if (this.ahead.size === 0) {
        this.gapSince = undefined;
        return;
      }
      this.gapSince ??= now;
      if (now - this.gapSince < gapWaitMs) return;
      // Given up on: the change never became visible within the wait.
      this.contiguous++;
      this.gapSince = undefined;
    }
  }
}
