import { beforeEach, describe, expect, it } from 'vitest';
import { forgetRecentSearches, maxRecentSearches, recentSearches, rememberSearch } from './recent-searches';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  globalThis.localStorage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  } as Storage;
});

describe('recent searches', () => {
  it('keeps the newest first, a repeat moved up once, at most five', () => {
    for (const keywords of ['trek', 'canyon', ' Trek ', 'helmet', 'shoes', 'pump', 'wheels'])
      rememberSearch(keywords);
    expect(recentSearches()).toEqual(['wheels', 'pump', 'shoes', 'helmet', 'Trek']);
    expect(recentSearches()).toHaveLength(maxRecentSearches);
  });

  it('ignores empty keywords and survives a broken store', () => {
    rememberSearch('   ');
    expect(recentSearches()).toEqual([]);
    store.set('velo.recentSearches', '{not json');
    expect(recentSearches()).toEqual([]);
    rememberSearch('gravel');
    expect(recentSearches()).toEqual(['gravel']);
  });

  it('forgets them all', () => {
    rememberSearch('trek');
    forgetRecentSearches();
    expect(recentSearches()).toEqual([]);
  });
});
