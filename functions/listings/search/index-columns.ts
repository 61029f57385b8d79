import { toListingSummary } from '../listing-record';
import { type FacetColumns, facetColumns } from './facets';
import { type KeywordColumns, keywordColumns } from './keywords';
import { type OrderedSort, sortOrders } from './ranking';
import type { SearchDocument } from './search-document';

/**
 * The search index as plain arrays (issue 23): what `SearchIndex` answers from, built from search
 * documents or read straight from a snapshot's bytes (snapshot.ts) without building anything. An
 * entry's position is its index in every column; entries are the published listings, newest first
 * (ties by id), so a lower position is a newer listing.
 */
export interface IndexColumns {
  ids: string[];
  /** Each entry's creation time in ms (what "newer" means when two indexes' hits merge). */
  createdAt: Float64Array;
  /** Each entry's search card as UTF-8 JSON: entry i is [offsets[i], offsets[i + 1]) of `bytes`. */
  summaries: { bytes: Uint8Array; offsets: Uint32Array };
  /** Each entry's public point (§5 fuzzy location) as lat, lng; NaN for none. */
  points: Float64Array;
  /** 1 for a listing with no stock left: it stays findable, after every available one. */
  soldOut: Uint8Array;
  /** Entry positions in each sort order. */
  orders: Record<OrderedSort, Int32Array>;
  keywords: KeywordColumns;
  facets: FacetColumns;
}

/** The index order: newest first, then by id, so the order is total. */
export const newestFirst = (a: Pick<SearchDocument, 'createdAt' | 'id'>, b: typeof a): number =>
  newer(Date.parse(a.createdAt), a.id, Date.parse(b.createdAt), b.id);

/** The same order from an entry's creation time in ms and id (catalogue.ts merges by it). */
export const newer = (aTime: number, aId: string, bTime: number, bId: string): number =>
  bTime - aTime || aId.localeCompare(bId);

export function indexColumns(documents: readonly SearchDocument[]): IndexColumns {
  const published = documents.filter((record) => record.state === 'published').sort(newestFirst);
  const soldOut = Uint8Array.from(published, (record) => (record.currentStock > 0 ? 0 : 1));
  const points = new Float64Array(published.length * 2).fill(Number.NaN);
  published.forEach((record, position) => {
    if (!record.publicGeolocation) return;
    points[2 * position] = record.publicGeolocation.lat;
    points[2 * position + 1] = record.publicGeolocation.lng;
  });
  return {
    ids: published.map((record) => record.id),
    createdAt: Float64Array.from(published, (record) => Date.parse(record.createdAt)),
    summaries: utf8Column(published.map((record) => JSON.stringify(toListingSummary(record)))),
    points,
    soldOut,
    orders: sortOrders(
      published.map((record) => record.price.amount),
      soldOut,
    ),
    keywords: keywordColumns(published),
    facets: facetColumns(published),
  };
}

/** Strings end to end as UTF-8, with where each starts. */
export function utf8Column(texts: readonly string[]): { bytes: Uint8Array; offsets: Uint32Array } {
  const encoded = texts.map((text) => Buffer.from(text, 'utf8'));
  const offsets = new Uint32Array(texts.length + 1);
  encoded.forEach((bytes, i) => {
    offsets[i + 1] = offsets[i]! + bytes.length;
  });
  const bytes = new Uint8Array(offsets[texts.length]!);
  encoded.forEach((part, i) => {
    bytes.set(part, offsets[i]!);
  });
  return { bytes, offsets };
}
