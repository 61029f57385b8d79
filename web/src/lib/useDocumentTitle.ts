import { useEffect } from 'react';

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
