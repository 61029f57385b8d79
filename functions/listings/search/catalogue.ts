import type { SearchPage } from '../../../shared/api/types';
import type { SearchDelta } from './delta-cursor';
import type { SearchDocument } from './search-document';
import { SearchIndex, type SearchQuery } from './search-index';

/**
 * The search catalogue a container holds (issue 23): a snapshot's index, the position in the
 * sequence of changes it includes, and the changes applied since.
 *
 * PLACEHOLDER while the binary snapshot and the overlay index are built: the snapshot is JSON and
 * every applied batch rebuilds the whole index. Correct, slow; the interface is the one to keep.
 */
export class SearchCatalogue {
  private readonly documents: Map<string, SearchDocument>;
  private index: SearchIndex | undefined;

  private constructor(
    /** The last sequence the snapshot includes. */
    readonly position: number,
    documents: readonly SearchDocument[],
  ) {
    this.documents = new Map(documents.map((document) => [document.id, document]));
  }

  /** A snapshot's bytes: the published documents and the position they include. */
  static encode(documents: readonly SearchDocument[], position: number): Uint8Array {
    const published = documents.filter((document) => document.state === 'published');
    return new TextEncoder().encode(JSON.stringify({ position, documents: published }));
  }

  static fromSnapshot(bytes: Uint8Array): SearchCatalogue {
    const { position, documents } = JSON.parse(new TextDecoder().decode(bytes)) as {
      position: number;
      documents: SearchDocument[];
    };
    return new SearchCatalogue(position, documents);
  }

  /** No snapshot yet: nothing, before every change. */
  static empty(): SearchCatalogue {
    return new SearchCatalogue(0, []);
  }

  /** Changes the cursor accepted (each listing's newest, in sequence order). */
  apply(deltas: readonly SearchDelta[]): void {
    if (deltas.length === 0) return;
    for (const delta of deltas) {
      if (delta.document?.state === 'published') this.documents.set(delta.id, delta.document);
      else this.documents.delete(delta.id);
    }
    this.index = undefined;
  }

  get size(): number {
    return this.current().size;
  }

  search(query: SearchQuery): SearchPage {
    return this.current().search(query);
  }

  searchJson(query: SearchQuery): string {
    return this.current().searchJson(query);
  }

  private current(): SearchIndex {
    this.index ??= SearchIndex.of([...this.documents.values()]);
    return this.index;
  }
}
