/**
 * Search sort options (§3). The spec keeps Sharetribe's sign convention, which is the reverse of the
 * usual one: a bare key sorts descending, a leading `-` ascending. So `createdAt` is Newest,
 * `-createdAt` Oldest, `-price` Lowest price, `price` Highest price. `relevance` only applies with
 * keywords. There is no distance option (§9).
 */
export const sortOptions = [
  { key: 'createdAt', label: 'Newest' },
  { key: '-createdAt', label: 'Oldest' },
  { key: '-price', label: 'Lowest price' },
  { key: 'price', label: 'Highest price' },
  { key: 'relevance', label: 'Relevance', longLabel: 'Relevance (Keyword search)', requiresKeywords: true },
] as const;

export type SortKey = (typeof sortOptions)[number]['key'];

export const defaultSort: SortKey = 'createdAt';
export const relevanceSort: SortKey = 'relevance';

export function isSortKey(value: unknown): value is SortKey {
  return typeof value === 'string' && sortOptions.some((o) => o.key === value);
}

export function sortLabel(key: SortKey): string {
  return sortOptions.find((o) => o.key === key)?.label ?? key;
}

/** The options to show: relevance only when there are keywords. */
export function sortOptionsFor(hasKeywords: boolean): readonly (typeof sortOptions)[number][] {
  return sortOptions.filter((o) => hasKeywords || !('requiresKeywords' in o));
}

export interface SortOrder {
  field: 'createdAt' | 'price' | 'relevance';
  direction: 'asc' | 'desc';
}

/** Field and direction of a sort key under the spec's convention (bare = descending). */
export function sortOrder(key: SortKey): SortOrder {
  if (key === 'relevance') return { field: 'relevance', direction: 'desc' };
  const ascending = key.startsWith('-');
  const field = (ascending ? key.slice(1) : key) as 'createdAt' | 'price';
  return { field, direction: ascending ? 'asc' : 'desc' };
}

/**
 * The sort to apply for a request: an unknown key falls back to the default, and relevance without
 * keywords falls back to the default too.
 */
export function effectiveSort(sort: unknown, keywords?: string): SortKey {
  const hasKeywords = typeof keywords === 'string' && keywords.trim().length > 0;
  if (!isSortKey(sort)) return hasKeywords ? relevanceSort : defaultSort;
  if (sort === 'relevance' && !hasKeywords) return defaultSort;
  return sort;
}
