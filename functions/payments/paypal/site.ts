import { viewerOriginHeader } from '../../content/pages/page-head';
import { ApiError } from '../../lib/errors';
import type { HttpEvent } from '../../lib/http';

const plainOrigin = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;

/**
 * This site's origin as the browser sees it: the request's `Origin` (sent with the app's POSTs), the
 * CDN's viewer-origin header, else the Host (http for localhost).
 */
export function siteOriginOf(event: HttpEvent): string {
  const headers = event.headers ?? {};
  for (const candidate of [headers.origin, headers[viewerOriginHeader]]) {
    const value = candidate?.trim();
    if (value && plainOrigin.test(value)) return value.toLowerCase();
  }
  const host = (headers['x-forwarded-host'] ?? headers.host ?? '').trim().toLowerCase();
  if (!/^[a-z0-9.-]+(:\d{1,5})?$/.test(host))
    throw new ApiError('validation-invalid-params', 'Unknown host.');
  const local = /^(localhost|127\.0\.0\.1)(:\d+)?$/.test(host);
  return `${local ? 'http' : 'https'}://${host}`;
}

/** An absolute URL on this site for `value` (a path or a same-origin URL); 400 for anything else. */
export function sameSiteUrl(value: string, origin: string): string {
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\'))
    return `${origin}${value}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ApiError('validation-invalid-params', 'The return URL must be on this site.');
  }
  if (url.origin !== origin)
    throw new ApiError('validation-invalid-params', 'The return URL must be on this site.');
  return url.toString();
}
