import { siteSettings } from '../../../shared/config/site';

/**
 * The viewer's origin (`https://d123.cloudfront.net`, `http://localhost:3000`), set on every page
 * request by the CDN (a CloudFront Function on the default behaviour) and by the local gateway;
 * the canonical and image URLs use it, so they work on whatever domain serves the site.
 */
export const viewerOriginHeader = 'x-velo-viewer-origin';

/** The request's viewer origin when it is a plain `http(s)://host[:port]`, else the configured one. */
export function canonicalOriginOf(headers: Record<string, string | undefined> | undefined): string {
  const value = headers?.[viewerOriginHeader]?.trim();
  if (value && /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(value)) return value.toLowerCase();
  return siteSettings.canonicalOrigin;
}
