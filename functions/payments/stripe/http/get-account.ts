import { json } from '../../../lib/http';
import { log } from '../../../lib/logger';
import { userHandler } from '../../../lib/user-handler';
import { cardProvider } from '..';
import { accountView, storeAccount } from '../service';

/**
 * GET /api/stripe/account — the caller's connected account (`{ data: StripeAccountView | null }`),
 * fetched again from the provider (the return from onboarding shows the fresh status) and stored;
 * if the provider cannot be reached, the stored summary.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ user }) => {
  const stored = user.profile?.stripeAccount;
  if (!stored) return json(200, { data: null });
  try {
    const account = await cardProvider().fetchAccount(stored.stripeAccountId);
    const view = accountView(account);
    const { updatedAt: _updatedAt, ...storedView } = stored;
    // Written only when something changed (the webhook usually got there first).
    if (JSON.stringify(view) !== JSON.stringify(storedView)) await storeAccount(user.id, account);
    return json(200, { data: view });
  } catch (error) {
    log.warn('Stripe account not fetched; answering with the stored copy', { error });
    const { updatedAt: _updatedAt, ...view } = stored;
    return json(200, { data: view });
  }
});
