import type { HttpEvent, HttpResult } from '../../lib/http';
import { siteUrlOf } from '../../lib/site-origin';

/** The simulated provider's own HTML pages (its hosted onboarding), plain and self-contained. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function html(statusCode: number, title: string, body: string): HttpResult {
  return {
    statusCode,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    body: `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
button{font:inherit;padding:.6rem 1.2rem;margin:.5rem .5rem 0 0;border-radius:6px;border:1px solid #333;cursor:pointer}
button[value=submit]{background:#0a5c36;color:#fff;border-color:#0a5c36}
button:focus-visible{outline:3px solid #1b6fd1;outline-offset:2px}</style></head>
<body><main>${body}</main></body></html>`,
  };
}

/** The form (urlencoded, as the page posts it) or a JSON body. */
export function formOf(event: HttpEvent): Record<string, string> {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const type = event.headers?.['content-type'] ?? '';
  if (type.includes('application/json')) {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value !== 'object' || value === null) return {};
      // Text fields only, as a form has: an object where `account` should be once made String() throw.
      return Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

const seeOther = (location: string): HttpResult => ({
  statusCode: 303,
  headers: { location, 'cache-control': 'no-store' },
  body: '',
});

/** 303 to a URL the link stored, only when it is on the configured site origin. */
export function backToSite(url: string): HttpResult {
  const target = siteUrlOf(url);
  if (!target)
    return html(
      400,
      'Onboarding link',
      '<h1>This onboarding link is not valid</h1><p>Go back to the marketplace and try again.</p>',
    );
  return seeOther(target);
}
