import type { PaymentsRuntimeConfig } from '../../../shared/api/payments';
import { hasSecret } from '../../lib/secrets';
/** The simulated provider's publishable key (the web app then uses the simulated browser client). */
export const simulatedPublishableKey = 'pk_simulated';

/**
 * `/config.json` → `payments.stripe` (PaymentsRuntimeConfig): live with a publishable key when the
 * secret key is configured (by value or, in AWS, by ARN), else simulated with `pk_simulated`. A live deployment without
 * STRIPE_PUBLISHABLE_KEY leaves it out, so the forms show the spec's missing-key message.
 */
export function stripeRuntimeConfig(env: NodeJS.ProcessEnv = process.env): PaymentsRuntimeConfig['stripe'] {
  if (hasSecret('STRIPE_SECRET_KEY', env)) {
    return {
      mode: 'live',
      ...(env.STRIPE_PUBLISHABLE_KEY ? { publishableKey: env.STRIPE_PUBLISHABLE_KEY } : {}),
    };
  }
  return { mode: 'simulated', publishableKey: simulatedPublishableKey };
}
