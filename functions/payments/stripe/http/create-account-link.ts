import { ApiError, assertValid, json, jsonBody } from '../../../lib/http';
import { siteUrlOf } from '../../../lib/site-origin';
import { userHandler } from '../../../lib/user-handler';
import { cardProvider } from '..';
import { payoutError } from '../service';

const notOnSite = 'Must be a URL on this site.';

/**
 * POST /api/stripe/account-links (StripeAccountLinkRequest) → `{ data: { url } }`: the provider's
 * hosted onboarding (collect currently_due); both return URLs must be on the configured site origin.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const stored = user.profile?.stripeAccount;
  if (!stored) throw new ApiError('not-found', 'You have no payout account yet.');
  const body = jsonBody(event);
  const type = body.type ?? 'account_onboarding';
  const failureURL = siteUrlOf(body.failureURL);
  const successURL = siteUrlOf(body.successURL);
  assertValid({
    ...(type === 'account_onboarding' || type === 'account_update'
      ? {}
      : { type: 'Must be account_onboarding or account_update.' }),
    ...(failureURL ? {} : { failureURL: notOnSite }),
    ...(successURL ? {} : { successURL: notOnSite }),
  });
  try {
    const link = await cardProvider().createAccountLink({
      accountId: stored.stripeAccountId,
      type: type as 'account_onboarding' | 'account_update',
      failureURL: failureURL as string,
      successURL: successURL as string,
    });
    return json(200, { data: { url: link.url } });
  } catch (error) {
    payoutError(error, 'accountLink');
  }
});
