import { siteSettings } from '../../shared/config/site';
import type { DeployConfig } from '../config/deploy-config';

/**
 * The site's origin for the Lambdas' SITE_ORIGIN (functions/lib/site-origin.ts): the origin of the
 * stage's `siteUrl` (the auth stack's redirects use the same setting), else its `domain`, else the
 * canonical origin. A
 * synth-time value, not the distribution's domain: the Api stack comes before the Web stack, and
 * the head renderer sits behind the distribution (either way a dependency cycle).
 */
export function siteOriginOf(config: Pick<DeployConfig, 'siteUrl' | 'domain'>): string {
  if (config.siteUrl) return new URL(config.siteUrl).origin;
  return config.domain ? `https://${config.domain.name}` : siteSettings.canonicalOrigin;
}
