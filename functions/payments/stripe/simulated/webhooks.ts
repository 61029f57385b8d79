/**
 * The simulated provider's webhooks: Stripe-shaped events, signed the way Stripe signs, delivered
 * to `/api/webhooks/stripe`, and the verification of what that route receives.
 */

import { log } from '../../../lib/logger';
import { secretValue } from '../../../lib/secrets';
import type { ProviderEvent } from '../port';
import { signStripePayload, verifyStripeSignature } from '../signature';
import { newId, type SimObject } from './objects';

/** The simulated provider's development webhook signing secret (a deployment's STRIPE_WEBHOOK_SECRET replaces it). */
export const simulatedWebhookSecret = 'whsec_simulated_velo_exchange';

/**
 * The site's origin, where hosted onboarding links and webhook deliveries go: a function, so it is
 * read when used, not when the provider is made (the configuration, never a request, names the site).
 */
export type Origin = () => string;

/**
 * How the parts of the provider send an event: the provider's own `deliver`, so a subclass that
 * must not deliver (the seed runs before the gateway listens) can replace it in one place.
 */
export type Deliver = (type: string, object: SimObject, account?: string) => Promise<void>;

function secret(): string {
  return secretValue('STRIPE_WEBHOOK_SECRET') || simulatedWebhookSecret;
}

export function verifyWebhook(rawBody: string, signature: string | undefined): ProviderEvent {
  return verifyStripeSignature(rawBody, signature, secret());
}

/** Sends a Stripe-shaped event, signed as Stripe signs, to the webhook route (awaited; failures logged). */
export async function deliver(
  origin: Origin,
  type: string,
  object: SimObject,
  account?: string,
): Promise<void> {
  const payload = JSON.stringify({
    id: newId('evt'),
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    ...(account ? { account } : {}),
    data: { object },
  });
  const url = process.env.STRIPE_SIMULATED_WEBHOOK_URL || `${origin()}/api/webhooks/stripe`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripePayload(payload, secret()),
      },
      body: payload,
    });
    if (!response.ok) log.warn('simulated Stripe webhook failed', { type, status: response.status });
  } catch (error) {
    log.warn('simulated Stripe webhook unreachable', { type, url, error });
  }
}
