import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The simulated PayPal signs what it sends with its own shared secret, since PayPal's webhook
 * verification needs PayPal online: webhooks carry `paypal-simulated-signature: <hex HMAC-SHA256
 * of the raw body>`, and onboarding links carry `sig`, an HMAC of their tracking id and return URL
 * (so the public onboarding page only ever returns to a URL the API accepted).
 */
export const simulatedSignatureHeader = 'paypal-simulated-signature';

/** Used only without PayPal keys; a deployment may set PAYPAL_SIMULATED_SECRET to its own value. */
const developmentSecret = 'velo-simulated-paypal-development-secret';

export function simulatedSecret(env: NodeJS.ProcessEnv = process.env): string {
  return env.PAYPAL_SIMULATED_SECRET || developmentSecret;
}

export function hmacHex(payload: string, secret = simulatedSecret()): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

export function safeEqualHex(expected: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-f]+$/i.test(given) || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

export function signOnboarding(trackingId: string, returnUrl: string, secret = simulatedSecret()): string {
  return hmacHex(`onboarding\n${trackingId}\n${returnUrl}`, secret);
}

export function verifyOnboarding(trackingId: string, returnUrl: string, sig: string | undefined): boolean {
  return safeEqualHex(signOnboarding(trackingId, returnUrl), sig);
}
