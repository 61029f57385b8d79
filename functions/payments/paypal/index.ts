import { secretValue } from '../../lib/secrets';
import { countedProvider } from '../provider-metrics';
import type { PaypalPort } from './port';
import { paypalRestAdapter } from './real';
import { simulatedPaypalAdapter } from './simulated';

let cached: { key: string; port: PaypalPort } | undefined;

/**
 * The configured PayPal: with PAYPAL_CLIENT_ID and the client secret (functions/lib/secrets.ts) the real API
 * (PAYPAL_API_BASE_URL, default the sandbox; PAYPAL_PARTNER_ID, PAYPAL_WEBHOOK_ID,
 * PAYPAL_PARTNER_ATTRIBUTION_ID); without them the simulated PayPal. Made once per container, its
 * calls counted for the provider metrics (../provider-metrics.ts).
 */
export function paypalPort(env: NodeJS.ProcessEnv = process.env): PaypalPort {
  const clientId = env.PAYPAL_CLIENT_ID ?? '';
  const clientSecret = secretValue('PAYPAL_CLIENT_SECRET', env) ?? '';
  const key = `${clientId}:${clientSecret}:${env.PAYPAL_API_BASE_URL ?? ''}`;
  if (cached?.key !== key) {
    cached = {
      key,
      port: countedProvider(
        'paypal',
        clientId && clientSecret
          ? paypalRestAdapter({
              clientId,
              clientSecret,
              partnerId: env.PAYPAL_PARTNER_ID ?? '',
              webhookId: env.PAYPAL_WEBHOOK_ID ?? '',
              baseUrl: env.PAYPAL_API_BASE_URL || 'https://api-m.sandbox.paypal.com',
              ...(env.PAYPAL_PARTNER_ATTRIBUTION_ID
                ? { attributionId: env.PAYPAL_PARTNER_ATTRIBUTION_ID }
                : {}),
            })
          : simulatedPaypalAdapter(),
      ),
    };
  }
  return cached.port;
}
