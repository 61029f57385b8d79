import { siteSettings } from '../../shared/config/site';
import { ApiError } from './errors';

/**
 * The site's origin comes from configuration only: `SITE_ORIGIN` (CDK sets it from `SITE_URL`, the
 * local cloud to its gateway), else the canonical origin. Never from a request header: `Origin`,
 * `Host`, `X-Forwarded-Host` and the like are the caller's to choose, and CloudFront passes them on.
 */
export function siteOrigin(env: Record<string, string | undefined> = process.env): string {
  const configured = env.SITE_ORIGIN?.trim();
  if (!configured) return siteSettings.canonicalOrigin;
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new Error(`SITE_ORIGIN is not a URL: ${configured}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`SITE_ORIGIN must be http(s): ${configured}`);
  return url.origin;
}

/** What a return URL off the site is refused with (400 validation-invalid-params). */
export const offSiteMessage = 'The return URL must be on this site.';

/**
 * `value` (a path such as `/account/paypal?x=1`, or an absolute URL) as an absolute URL on `origin`;
 * undefined for anything else: another host or scheme, a scheme-relative `//host`, backslashes and
 * control characters (browsers and the URL parser read `/\host` and `/\t/host` as `//host`), and
 * user info (`https://site@evil`, `https://evil@site`).
 */
export function siteUrlOf(value: unknown, origin: string = siteOrigin()): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return undefined;
  const site = new URL(origin);
  let url: URL;
  try {
    if (value.startsWith('/')) {
      if (value.startsWith('//')) return undefined;
      url = new URL(value, site);
    } else {
      url = new URL(value);
    }
  } catch {
    return undefined;
  }
  if (url.origin !== site.origin || url.username || url.password) return undefined;
  return url.href;
}

/** `value` as an absolute URL on the site (see siteUrlOf), else 400 validation-invalid-params. */
export function onSite(value: unknown, origin: string = siteOrigin(), message = offSiteMessage): string {
  const url = siteUrlOf(value, origin);
  if (url === undefined) throw new ApiError('validation-invalid-params', message);
  return url;
}

/** The origin-independent part of a URL on the site: path, query and fragment. */
export function sitePath(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
