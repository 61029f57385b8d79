/**
 * The card provider for this deployment: the real Stripe API when the deployment has a Stripe
 * secret key (STRIPE_SECRET_KEY_REF in AWS, functions/lib/secrets.ts), the simulated one otherwise
 * (docs/payments.md). Either one's calls are counted for the provider metrics (../provider-metrics.ts).
 */
import { hasSecret, secretValue } from '../../lib/secrets';
import { countedProvider } from '../provider-metrics';
import type { CardProvider } from './port';
import { RealCardProvider } from './real';
import { SimulatedCardProvider } from './simulated';

export * from './port';

export function stripeMode(env: NodeJS.ProcessEnv = process.env): 'live' | 'simulated' {
  return hasSecret('STRIPE_SECRET_KEY', env) ? 'live' : 'simulated';
}

/** The real adapter, made again when a rotated key or webhook secret is loaded. */
let real: { keys: string; provider: CardProvider } | undefined;

/**
 * The adapter. The simulated one's hosted onboarding links and webhook deliveries go to the
 * configured site origin (functions/lib/site-origin.ts), never to one a request names.
 */
export function cardProvider(): CardProvider {
  const secretKey = secretValue('STRIPE_SECRET_KEY');
  if (secretKey) {
    const webhookSecret = secretValue('STRIPE_WEBHOOK_SECRET');
    const keys = `${secretKey}\n${webhookSecret ?? ''}`;
    if (real?.keys !== keys) {
      real = {
        keys,
        provider: counted(new RealCardProvider({ secretKey, ...(webhookSecret ? { webhookSecret } : {}) })),
      };
    }
    return real.provider;
  }
  return counted(new SimulatedCardProvider());
}

/** Every call counted for the provider metrics; the webhook's signature is checked here, not by Stripe. */
function counted(provider: CardProvider): CardProvider {
  return countedProvider('stripe', provider, ['verifyWebhook']);
}

/** The simulated adapter, or undefined when the real one runs (the simulated-only routes answer 404). */
export function simulatedCardProvider(): SimulatedCardProvider | undefined {
  const provider = cardProvider();
  return provider instanceof SimulatedCardProvider ? provider : undefined;
}
