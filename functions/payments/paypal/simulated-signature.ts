import { createHmac, timingSafeEqual } from 'node:crypto';
import { secretValue } from '../../lib/secrets';

/**
 * The simulated PayPal signs what it sends with its own shared secret, since PayPal's webhook
 * verification needs PayPal online: webhooks carry `paypal-simulated-signature: <hex HMAC-SHA256
 * of the raw body>`, and onboarding links carry `sig`, an HMAC of their tracking id, return path and
 * expiry (so the public onboarding page only ever returns to a path the API accepted, on the
 * configured site origin, and only until the link expires).
 */
export const simulatedSignatureHeader = 'paypal-simulated-signature';

/** Used only without PayPal keys, where the deployment has no PAYPAL_SIMULATED_SECRET of its own (local runs). */
const developmentSecret = 'velo-simulated-paypal-development-secret';

export function simulatedSecret(env: NodeJS.ProcessEnv = process.env): string {
  return secretValue('PAYPAL_SIMULATED_SECRET', env) || developmentSecret;
}

export function hmacHex(payload: string, secret = simulatedSecret()): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

export function safeEqualHex(expected: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-f]+$/i.test(given) || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/** How long an onboarding link works: long enough to read the page and agree, not forever. */
export const onboardingLinkLifetimeSeconds = 60 * 60;

/** What a signed onboarding link says: whose it is, where it returns (a path on the site), until when. */
export interface OnboardingGrant {
  trackingId: string;
  /** A path on the site (`/account/paypal?…`): the origin comes from configuration, not the link. */
  returnPath: string;
  /** Unix seconds. */
  expires: number;
}

export function signOnboarding(grant: OnboardingGrant, secret = simulatedSecret()): string {
  return hmacHex(`onboarding\n${grant.trackingId}\n${grant.returnPath}\n${grant.expires}`, secret);
}

/**
 * The link's grant when `sig` signs it; `expired` when it did but its time is over; undefined for a
 * missing or tampered field.
 */
export function verifyOnboarding(
  fields: { trackingId?: string; returnUrl?: string; expires?: string; sig?: string },
  nowSeconds = Date.now() / 1000,
): OnboardingGrant | 'expired' | undefined {
  const { trackingId, returnUrl: returnPath, expires, sig } = fields;
  if (!trackingId || !returnPath || !expires || !/^\d{1,12}$/.test(expires)) return undefined;
  const grant: OnboardingGrant = { trackingId, returnPath, expires: Number(expires) };
  if (!safeEqualHex(signOnboarding(grant), sig)) return undefined;
  return grant.expires < nowSeconds ? 'expired' : grant;
}
