import type { PaymentsRuntimeConfig } from '../../../shared/api/payments';
import { hasSecret } from '../../lib/secrets';

/**
 * `/config.json` → `payments.paypal`: live with the client id when the API runs the real PayPal
 * (PAYPAL_CLIENT_ID and a secret, as functions/payments/paypal/index.ts decides), else simulated.
 */
export function paypalRuntimeConfig(env: NodeJS.ProcessEnv = process.env): PaymentsRuntimeConfig['paypal'] {
  return env.PAYPAL_CLIENT_ID && hasSecret('PAYPAL_CLIENT_SECRET', env)
    ? { mode: 'live', clientId: env.PAYPAL_CLIENT_ID }
    : { mode: 'simulated' };
}
