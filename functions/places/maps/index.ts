/**
 * The static map provider of this deployment: Amazon Location when VELO_MAPS_PROVIDER=amazon (with
 * VELO_MAPS_API_KEY, else the function's role signs, and VELO_MAPS_REGION or AWS_REGION), the
 * offline renderer otherwise (docs/decisions.md).
 */

import { secretValue } from '../../lib/secrets';
import type { StaticMapProvider } from './port';
import { AmazonStaticMaps } from './real';
import { OfflineStaticMaps } from './simulated';

export * from './port';

let cached: { key: string; provider: StaticMapProvider } | undefined;

export function staticMapProvider(env: NodeJS.ProcessEnv = process.env): StaticMapProvider {
  const amazon = env.VELO_MAPS_PROVIDER === 'amazon';
  const region = env.VELO_MAPS_REGION ?? env.AWS_REGION ?? 'us-east-1';
  const apiKey = amazon ? secretValue('VELO_MAPS_API_KEY', env) : undefined;
  const key = amazon ? `amazon:${region}:${apiKey ?? ''}:${env.VELO_MAPS_STYLE ?? ''}` : 'offline';
  if (cached?.key === key) return cached.provider;
  const provider = amazon
    ? new AmazonStaticMaps({
        region,
        ...(apiKey ? { apiKey } : {}),
        ...(env.VELO_MAPS_STYLE ? { style: env.VELO_MAPS_STYLE } : {}),
      })
    : new OfflineStaticMaps();
  cached = { key, provider };
  return provider;
}
