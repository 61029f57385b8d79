import type { PaymentsRuntimeConfig } from '../../../shared/api/payments';

/**
 * `/config.json` → `payments.paypal`: live with the client id when the API runs the real PayPal
 * (PAYPAL_CLIENT_ID and a secret, as functions/payments/paypal/index.ts decides), else simulated.
 */
export function paypalRuntimeConfig(env: NodeJS.ProcessEnv = process.env): PaymentsRuntimeConfig['paypal'] {
  const secret = env.PAYPAL_CLIENT_SECRET || env.PAYPAL_CLIENT_SECRET_ARN;
  return env.PAYPAL_CLIENT_ID && secret
    ? { mode: 'live', clientId: env.PAYPAL_CLIENT_ID }
    : { mode: 'simulated' };
}
