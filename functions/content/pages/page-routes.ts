import { contentRoutes, pageIdPattern } from '../../../shared/content/page-asset';

/**
 * Which page a site path is, for the head renderer: the pages with a head of their own (landing,
 * hosted content pages, listings, profiles). Every other path (search, sign-in, account, checkout,
 * unknown URLs…) keeps the generic head of index.html; the app sets its head client-side.
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

export function matchPageRoute(rawPath: string): PageRoute {
  let segments: string[];
  try {
    segments = rawPath
      .split('/')
      .filter((segment, index, all) => index > 0 && !(segment === '' && index === all.length - 1))
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return { kind: 'generic' };
  }
  if (!rawPath.startsWith('/') || segments.some((segment) => segment === '')) return { kind: 'generic' };
  const path = `/${segments.join('/')}`;
  const fixed = (contentRoutes as Record<string, string>)[path];
  if (fixed) return { kind: 'content', pageId: fixed, path };
  const [first, second, third] = segments;
  switch (first) {
    case 'p':
      if (segments.length !== 2) return { kind: 'generic' };
      if (!pageIdPattern.test(second!)) return { kind: 'not-found' };
      return { kind: 'content', pageId: second!, path: routeOfPage.get(second!) ?? path };
    case 'l': {
      // /l/{slug}/{id} and /l/{id}; /l/new and the longer listing routes (checkout, edit) are app pages.
      const id =
        segments.length === 3 ? third! : segments.length === 2 && second !== 'new' ? second! : undefined;
      if (id === undefined) return { kind: 'generic' };
      return entityIdPattern.test(id) ? { kind: 'listing', id } : { kind: 'not-found' };
    }
    case 'u':
      if (segments.length !== 2) return { kind: 'generic' };
      return entityIdPattern.test(second!) ? { kind: 'profile', id: second! } : { kind: 'not-found' };
    default:
      return { kind: 'generic' };
  }
}
