import { pages } from '../../../shared/pages';

/**
 * The `from` parameter (§2 route behaviour): an anonymous visitor on an [auth] route goes to
 * `/login?from=<path + search + hash>`, and returns there after signing in; the signup link keeps it.
 * Only same-site paths are accepted, so `from` cannot send anyone to another site.
 */

/** The authentication screens: returning to one of them after signing in makes no sense. */
export const authenticationPaths = [
  pages.login,
  pages.signup,
  pages.confirm,
  pages.passwordRecovery,
  pages.passwordReset,
] as const;

const maxFromLength = 2048;
const base = 'http://velo.invalid';

/**
 * A safe in-app destination from a raw `from` value, or undefined. Accepts only paths that start
 * with one `/` and stay on this origin after URL parsing (which also drops tabs and newlines, so
 * `/\t/evil.example` is caught), and never an authentication screen.
 */
export function safeFrom(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > maxFromLength) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  if ((authenticationPaths as readonly string[]).includes(url.pathname.replace(/\/+$/, '') || '/')) {
    return undefined;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The search of a redirect to the login page for a location (`href` = path + search + hash). */
export function fromSearch(location: { href: string }): { from?: string } {
  const from = safeFrom(location.href);
  return from && from !== '/' ? { from } : {};
}

/** Where to go after signing in: back to `from`, else the landing page. */
export function afterLoginPath(from: unknown): string {
  return safeFrom(from) ?? pages.landing;
}

/** The search that keeps `from` on links between the authentication screens. */
export function keepFrom(from: unknown): { from?: string } {
  const safe = safeFrom(from);
  return safe && safe !== '/' ? { from: safe } : {};
}

/** Reads `from` from a raw search object (the router's validateSearch). */
export function validateFromSearch(raw: Record<string, unknown>): { from?: string } {
  return keepFrom(raw.from);
}

/**
 * The OAuth callback's search: `from`, plus the authorization `code` and `state` the identity
 * provider sends back, kept in the URL so Amplify (loaded after the router) can still read them.
 */
export function validateOAuthCallbackSearch(raw: Record<string, unknown>): {
  from?: string;
  code?: string;
  state?: string;
} {
  return {
    ...keepFrom(raw.from),
    ...(typeof raw.code === 'string' ? { code: raw.code } : {}),
    ...(typeof raw.state === 'string' ? { state: raw.state } : {}),
  };
}
