import { invalidWebhookSignature } from '../../../lib/errors';
import { ApiError, type HttpEvent, httpHandler, json } from '../../../lib/http';
import { keys } from '../../../lib/table-design';
import { recordOnce } from '../../../lib/writes';
import { cardProvider, type ProviderEvent, WebhookSignatureError } from '..';
import { accountOwner, storeAccount } from '../service';

/** The exact bytes Stripe signed (API Gateway may hand the body over base64-encoded). */
export function rawBody(event: HttpEvent): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/**
 * POST /api/webhooks/stripe (public): Stripe's (or the simulated provider's) events. The signature
 * is checked on the raw body (wrong or missing → 400). Idempotent by event id (recordOnce on
 * `WEBHOOK#stripe#<id>`): a replay or duplicate answers 200 and changes nothing; a failed one is
 * handled again on the provider's retry. account.updated: the account is fetched again from the
 * provider (the payload is not trusted) and its summary and payoutReady stored on its user.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const provider = cardProvider();
  let verified: ProviderEvent;
  try {
    verified = provider.verifyWebhook(rawBody(event), event.headers?.['stripe-signature']);
  } catch (error) {
    throw error instanceof WebhookSignatureError ? invalidWebhookSignature(error.message) : error;
  }
  const once = await recordOnce(
    {
      ...keys.webhookEvent('stripe', verified.id),
      entity: 'webhook-event',
      provider: 'stripe',
      eventId: verified.id,
      type: verified.type,
      receivedAt: new Date().toISOString(),
    },
    () => handle(verified, provider),
  );
  if (once.duplicate) return json(200, { received: true, duplicate: true });
  return json(200, { received: true });
});

async function handle(event: ProviderEvent, provider: ReturnType<typeof cardProvider>): Promise<void> {
  if (event.type !== 'account.updated') return;
  const accountId = typeof event.object.id === 'string' ? event.object.id : event.account;
  if (!accountId) return;
  const account = await provider.fetchAccount(accountId);
  const userId = (await accountOwner(account.id)) ?? account.userId;
  if (!userId) return;
  try {
    await storeAccount(userId, account);
  } catch (error) {
    // The user no longer has this account (replaced or removed): nothing to update.
    if (error instanceof ApiError && (error.code === 'conflict' || error.code === 'not-found')) return;
    throw error;
  }
}
