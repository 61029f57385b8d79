/**
 * The simulated PayPal's webhooks: PayPal's verification needs PayPal online, so the simulated one
 * signs what it sends with its own shared secret (simulated-signature.ts) and checks that signature.
 */

import { randomUUID } from 'node:crypto';
import { hmacHex, safeEqualHex, simulatedSignatureHeader } from '../simulated-signature';

/** A webhook event as PayPal sends it, signed with the simulated secret. */
export function simulatedWebhook(eventType: string, resource: Record<string, unknown>) {
  const body = JSON.stringify({
    id: `WH-SIM-${randomUUID()}`,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: 'merchant-onboarding',
    event_type: eventType,
    summary: eventType,
    resource,
  });
  return { body, headers: { [simulatedSignatureHeader]: hmacHex(body), 'content-type': 'application/json' } };
}

/** A webhook is the simulated PayPal's when its signature header is the HMAC of the raw body. */
export async function verifyWebhook(
  rawBody: string,
  headers: Record<string, string | undefined>,
): Promise<boolean> {
  return safeEqualHex(hmacHex(rawBody), headers[simulatedSignatureHeader]);
}
