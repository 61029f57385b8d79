/**
 * The card provider for this deployment: the real Stripe API when STRIPE_SECRET_KEY is set, the
 * simulated one otherwise (docs/payments.md).
 */
import type { CardProvider } from './port';
import { RealCardProvider } from './real';
import { SimulatedCardProvider } from './simulated';

export * from './port';

export function stripeMode(env: NodeJS.ProcessEnv = process.env): 'live' | 'simulated' {
  return env.STRIPE_SECRET_KEY ? 'live' : 'simulated';
}

let real: RealCardProvider | undefined;

/**
 * The adapter. The simulated one's hosted onboarding links and webhook deliveries go to the
 * configured site origin (functions/lib/site-origin.ts), never to one a request names.
 */
export function cardProvider(): CardProvider {
  const secretKey = process.env.STRIPE_SECRET_KEY;
  if (secretKey) {
    real ??= new RealCardProvider({
      secretKey,
      ...(process.env.STRIPE_WEBHOOK_SECRET ? { webhookSecret: process.env.STRIPE_WEBHOOK_SECRET } : {}),
    });
    return real;
  }
  return new SimulatedCardProvider();
}

/** The simulated adapter, or undefined when the real one runs (the simulated-only routes answer 404). */
export function simulatedCardProvider(): SimulatedCardProvider | undefined {
  const provider = cardProvider();
  return provider instanceof SimulatedCardProvider ? provider : undefined;
}
