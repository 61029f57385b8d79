/**
 * The keywords this browser searched for last (issue 21: the phone's search sheet offers them).
 * Kept in localStorage only, never sent anywhere; a browser that refuses storage just has none.
 */
const storageKey = 'velo.recentSearches';
export const maxRecentSearches = 5;

function read(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function write(searches: string[]): void {
  try {
    if (searches.length) localStorage.setItem(storageKey, JSON.stringify(searches));
    else localStorage.removeItem(storageKey);
  } catch {
    // Private mode or storage full: recent searches are a convenience, not worth an error.
  }
}

/** The recent keywords, newest first. */
export function recentSearches(): string[] {
  return read().slice(0, maxRecentSearches);
}

/** Puts keywords first (a repeat, in any case, moves up instead of appearing twice). */
export function rememberSearch(keywords: string): void {
  const text = keywords.trim();
  if (!text) return;
  const others = read().filter((item) => item.toLowerCase() !== text.toLowerCase());
  write([text, ...others].slice(0, maxRecentSearches));
}

export function forgetRecentSearches(): void {
  write([]);
}
