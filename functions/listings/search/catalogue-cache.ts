import { getSearchVersion, queryAllPublished } from '../repository';
import { SearchIndex } from './search-index';

/**
 * Keeps the search index warm in the Lambda container. A cheap GetItem of the index version (at
 * most once per `checkIntervalMs`) tells whether listings changed since the index was built; only
 * then are the published listings read again.
 */
const checkIntervalMs = 1000;

let cached: { index: SearchIndex; version: number; checkedAt: number } | undefined;
let loading: Promise<SearchIndex> | undefined;

export async function currentSearchIndex(now = Date.now()): Promise<SearchIndex> {
  if (cached && now - cached.checkedAt < checkIntervalMs) return cached.index;
  loading ??= refresh(now).finally(() => {
    loading = undefined;
  });
  return loading;
}

async function refresh(now: number): Promise<SearchIndex> {
  const version = await getSearchVersion();
  if (cached && cached.version === version) {
    cached.checkedAt = now;
    return cached.index;
  }
  const index = SearchIndex.of(await queryAllPublished());
  cached = { index, version, checkedAt: now };
  return index;
}

/** For tests: forget the cached index. */
export function resetSearchCache(): void {
  cached = undefined;
}
