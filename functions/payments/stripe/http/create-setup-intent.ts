import { randomUUID } from 'node:crypto';
import { json } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import { cardProvider } from '..';
import { ensureStripeCustomer } from '../customer';
import { cardError } from '../service';

/**
 * POST /api/stripe/setup-intents → `{ data: SetupIntentView }`: a setup intent for saving a card,
 * on the caller's customer (made and stored on first use; its creation is idempotent per user).
 */
export const handler = userHandler(async ({ user, profile }) => {
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
