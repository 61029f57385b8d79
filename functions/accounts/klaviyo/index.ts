/**
 * The marketing service of this deployment: Klaviyo when it has a KLAVIYO_API_KEY (functions/lib/secrets.ts), the simulated
 * provider (one JSON line a call) otherwise.
 */
import { secretValue } from '../../lib/secrets';
import type { MarketingProvider } from './port';
import { klaviyoProvider } from './real';
import { simulatedProvider } from './simulated';

export * from './port';

let cached: { apiKey: string; provider: MarketingProvider } | undefined;

/** The configured provider, made once per container (per API key). */
export function marketingProvider(env: NodeJS.ProcessEnv = process.env): MarketingProvider {
  const apiKey = secretValue('KLAVIYO_API_KEY', env) ?? '';
  if (cached?.apiKey !== apiKey) {
    cached = { apiKey, provider: apiKey ? klaviyoProvider(apiKey) : simulatedProvider({ env }) };
  }
  return cached.provider;
}
