/**
 * Stripe's webhook signature scheme, with node:crypto only (no `stripe` SDK), so that verifying a
 * webhook, and the simulated Stripe signing its own, never load the SDK (it is installed beside the
 * bundle and loaded only with a secret key, see ./real.ts). The same scheme as the SDK's
 * `webhooks.constructEvent` / `generateTestHeaderString` (real.test.ts checks both ways):
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, any of
 * several `v1` entries may match, and a timestamp older than 5 minutes is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type ProviderEvent, WebhookSignatureError } from './port';

/** Stripe's default tolerance: a signature older than this many seconds is refused. */
export const signatureToleranceSeconds = 300;

function hmac(payload: string, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Checks a `Stripe-Signature` header and gives the event; WebhookSignatureError when it fails. */
export function verifyStripeSignature(
  rawBody: string,
  signature: string | undefined,
  secret: string,
  now: number = Date.now(),
): ProviderEvent {
  if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
  let timestamp = -1;
  const signatures: string[] = [];
  for (const item of signature.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
    else if (key === 'v1' && value) signatures.push(value);
  }
  if (!Number.isFinite(timestamp) || timestamp < 0)
    throw new WebhookSignatureError('Unable to extract timestamp and signatures from header');
  if (!signatures.length) throw new WebhookSignatureError('No signatures found with expected scheme');
  const expected = hmac(rawBody, secret, timestamp);
  if (!signatures.some((candidate) => sameHex(candidate, expected)))
    throw new WebhookSignatureError('No signatures found matching the expected signature for payload');
  if (Math.floor(now / 1000) - timestamp > signatureToleranceSeconds)
    throw new WebhookSignatureError('Timestamp outside the tolerance zone');
  let event: { id?: string; type?: string; account?: string; data?: { object?: unknown } };
  try {
    event = (JSON.parse(rawBody) ?? {}) as typeof event;
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid JSON');
  }
  const object = (event.data?.object ?? {}) as ProviderEvent['object'];
  return {
    id: event.id ?? '',
    type: event.type ?? '',
    object,
    ...(event.account ? { account: event.account } : {}),
  };
}

/** A `Stripe-Signature` header for a body, as Stripe signs (the simulated provider and tests use it). */
export function signStripePayload(payload: string, secret: string, timestamp?: number): string {
  const t = timestamp ? Math.floor(timestamp) : Math.floor(Date.now() / 1000);
  return `t=${t},v1=${hmac(payload, secret, t)}`;
}
