import { ApiError, assertValid, json, jsonBody } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import { cardProvider } from '..';
import { isSiteUrl, payoutError, requestOrigin } from '../service';

const notOnSite = 'Must be a URL on this site.';

/**
 * POST /api/stripe/account-links (StripeAccountLinkRequest) → `{ data: { url } }`: the provider's
 * hosted onboarding (collect currently_due); both return URLs must be on this site.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const stored = user.profile?.stripeAccount;
  if (!stored) throw new ApiError('not-found', 'You have no payout account yet.');
  const body = jsonBody(event);
  const type = body.type ?? 'account_onboarding';
  assertValid({
    ...(type === 'account_onboarding' || type === 'account_update'
      ? {}
      : { type: 'Must be account_onboarding or account_update.' }),
    ...(isSiteUrl(body.failureURL, event) ? {} : { failureURL: notOnSite }),
    ...(isSiteUrl(body.successURL, event) ? {} : { successURL: notOnSite }),
  });
  try {
    const link = await cardProvider({ origin: requestOrigin(event) }).createAccountLink({
      accountId: stored.stripeAccountId,
      type: type as 'account_onboarding' | 'account_update',
      failureURL: body.failureURL as string,
      successURL: body.successURL as string,
    });
    return json(200, { data: { url: link.url } });
  } catch (error) {
    payoutError(error, 'accountLink');
  }
});
