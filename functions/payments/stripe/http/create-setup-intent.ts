import { randomUUID } from 'node:crypto';
import { type HttpEvent, httpHandler, json, requestUser, requireProfile } from '../../../lib/http';
import { cardProvider } from '..';
import { ensureStripeCustomer } from '../customer';
import { cardError } from '../service';

/**
 * POST /api/stripe/setup-intents → `{ data: SetupIntentView }`: a setup intent for saving a card,
 * on the caller's customer (made and stored on first use; its creation is idempotent per user).
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const user = requestUser(event);
  const profile = requireProfile(user);
  const provider = cardProvider();
  try {
    const customerId = await ensureStripeCustomer(user, profile, provider);
    const intent = await provider.createSetupIntent({
      customerId,
      idempotencyKey: `setup-intent-${randomUUID()}`,
    });
    return json(201, { data: intent });
  } catch (error) {
    cardError(error);
  }
});
