import { useEffect } from 'react';
import type { Loaded } from '../api/client';

export const siteName = 'Velo Exchange';
const defaultTitle = `${siteName}: used bikes and cycling gear`;

/** Sets `<title>`: "Page | Velo Exchange", or the site's default title when there is no page title. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${siteName}` : defaultTitle;
}

export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
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
