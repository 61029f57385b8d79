import { contentRoutes, pageIdPattern } from '../../../shared/content/page-asset';
import { matchPage, pagePath, pages } from '../../../shared/pages';

/**
 * Which page a site path is, for the head renderer: the pages with a head of their own (landing,
 * hosted content pages, listings, profiles). Every other path (search, sign-in, account, checkout,
 * unknown URLs…) keeps the generic head of index.html; the app sets its head client-side. The
 * paths are the app's (shared/pages.ts), matched as its router ranks them.
 */
export type PageRoute =
  /** A hosted page (`/`, `/about`, `/p/{pageId}`…); `path` is its canonical path. */
  | { kind: 'content'; pageId: string; path: string }
  | { kind: 'listing'; id: string }
  | { kind: 'profile'; id: string }
  /** A page route whose parameter cannot name anything (`/p/Not_An_Id`): 404. */
  | { kind: 'not-found' }
  | { kind: 'generic' };

/** Listing and user ids: UUIDs today; any short id of letters, digits and dashes is looked up. */
export const entityIdPattern = /^[A-Za-z0-9-]{1,64}$/;

const routeOfPage = new Map<string, string>(Object.entries(contentRoutes).map(([path, id]) => [id, path]));
const fixedContent = contentRoutes as Record<string, string>;

const entity = (kind: 'listing' | 'profile', id: string | undefined): PageRoute =>
  id !== undefined && entityIdPattern.test(id) ? { kind, id } : { kind: 'not-found' };

export function matchPageRoute(rawPath: string): PageRoute {
  const match = matchPage(rawPath);
  if (!match) return { kind: 'generic' };
  const path: string = pages[match.name];
  const fixed = fixedContent[path];
  if (fixed) return { kind: 'content', pageId: fixed, path };
  switch (match.name) {
    case 'cms': {
      const pageId = match.params.pageId!;
      if (!pageIdPattern.test(pageId)) return { kind: 'not-found' };
      return { kind: 'content', pageId, path: routeOfPage.get(pageId) ?? pagePath('cms', { pageId }) };
    }
    case 'listing':
    case 'listingCanonical':
      return entity('listing', match.params.id);
    case 'profile':
      return entity('profile', match.params.id);
    default:
      return { kind: 'generic' };
  }
}
