import type { Loaded } from '../api/client';
import { usePageHead } from './head';

/** Sets the page's head with just a title ("Page | Velo Exchange"); see usePageHead for the rest. */
export function useDocumentTitle(title?: string): void {
  usePageHead({ title });
}

/** The title of a page that loads one thing: its name once loaded, else what went wrong or what is loading. */
export function loadedTitle<T>(
  loaded: Loaded<T> | undefined,
  titles: { loaded: (value: T) => string; notFound: string; loading: string },
): string {
  if (!loaded) return titles.loading;
  if (loaded.ok) return titles.loaded(loaded.value);
  return loaded.error.isNotFound ? titles.notFound : 'Something went wrong';
}
