/**
 * The card provider for this deployment: the real Stripe API when STRIPE_SECRET_KEY is set, the
 * simulated one otherwise (docs/payments.md).
 */
import { siteSettings } from '../../../shared/config/site';
import type { CardProvider } from './port';
import { RealCardProvider } from './real';
import { SimulatedCardProvider } from './simulated';

export * from './port';

export function stripeMode(env: NodeJS.ProcessEnv = process.env): 'live' | 'simulated' {
  return env.STRIPE_SECRET_KEY ? 'live' : 'simulated';
}

let real: RealCardProvider | undefined;

/**
 * The adapter; `origin` is the site's (the simulated hosted onboarding and its webhooks use it).
 * Code without an HTTP request (timers, the sweeper) leaves it out: the canonical origin is used.
 */
export function cardProvider(
  options: { origin: string } = { origin: siteSettings.canonicalOrigin },
): CardProvider {
  const secretKey = process.env.STRIPE_SECRET_KEY;
  if (secretKey) {
    real ??= new RealCardProvider({
      secretKey,
      ...(process.env.STRIPE_WEBHOOK_SECRET ? { webhookSecret: process.env.STRIPE_WEBHOOK_SECRET } : {}),
    });
    return real;
  }
  return new SimulatedCardProvider(options);
}

/** The simulated adapter, or undefined when the real one runs (the simulated-only routes answer 404). */
export function simulatedCardProvider(
  options: { origin: string } = { origin: siteSettings.canonicalOrigin },
): SimulatedCardProvider | undefined {
  const provider = cardProvider(options);
  return provider instanceof SimulatedCardProvider ? provider : undefined;
}
