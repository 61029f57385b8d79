import { type HttpEvent, httpHandler, json } from '../../../lib/http';
import { paypalPort } from '../index';
import { receivePaypalWebhook } from '../webhooks';

/**
 * POST /api/webhooks/paypal (public): PayPal's webhooks. The signature is verified on the raw body
 * (with PayPal's verify-webhook-signature when configured; with the simulated provider's shared
 * secret otherwise): a wrong one is 400. Idempotent by event id: a replay answers 200 and changes
 * nothing. MERCHANT.ONBOARDING.COMPLETED and MERCHANT.PARTNER-CONSENT.REVOKED update the seller's
 * PayPal state; other event types are acknowledged and ignored.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const raw = event.body
    ? event.isBase64Encoded
      ? Buffer.from(event.body, 'base64').toString('utf8')
      : event.body
    : '';
  const headers = Object.fromEntries(
    Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const outcome = await receivePaypalWebhook(paypalPort(), raw, headers);
  return json(200, { received: true, outcome });
});
