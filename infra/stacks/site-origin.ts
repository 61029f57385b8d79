import { siteSettings } from '../../shared/config/site';

/**
 * The site's origin for the Lambdas' SITE_ORIGIN (functions/lib/site-origin.ts): the origin of
 * SITE_URL at synth time (the auth stack's redirects use the same variable), else the canonical
 * origin. A synth-time value, not the distribution's domain: the Api stack comes before the Web
 * stack, and the head renderer sits behind the distribution (either way a dependency cycle).
 */
export function siteOriginFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  if (!env.SITE_URL) return siteSettings.canonicalOrigin;
  let url: URL;
  try {
    url = new URL(env.SITE_URL);
  } catch {
    throw new Error(`SITE_URL is not a URL: ${env.SITE_URL}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`SITE_URL must be http(s): ${env.SITE_URL}`);
  return url.origin;
}
