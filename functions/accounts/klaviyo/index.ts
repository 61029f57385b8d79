/**
 * The marketing service of this deployment: Klaviyo when KLAVIYO_API_KEY is set, the simulated
 * provider (one JSON line a call) otherwise.
 */
import type { MarketingProvider } from './port';
import { klaviyoProvider } from './real';
import { simulatedProvider } from './simulated';

export * from './port';

let cached: { apiKey: string; provider: MarketingProvider } | undefined;

/** The configured provider, made once per container (per API key). */
export function marketingProvider(env: NodeJS.ProcessEnv = process.env): MarketingProvider {
  const apiKey = env.KLAVIYO_API_KEY ?? '';
  if (cached?.apiKey !== apiKey) {
    cached = { apiKey, provider: apiKey ? klaviyoProvider(apiKey) : simulatedProvider({ env }) };
  }
  return cached.provider;
}
