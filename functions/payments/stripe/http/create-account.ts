import { createHash } from 'node:crypto';
import type { StripeAccountCreateRequest } from '../../../../shared/api/payments';
import { unsupportedCountry } from '../../../../shared/errors/catalogue';
import { validatePayoutForm } from '../../../../shared/validation/payout';
import { ApiError, assertValid, json, jsonBody, textFields } from '../../../lib/http';
import { siteOrigin } from '../../../lib/site-origin';
import { userHandler } from '../../../lib/user-handler';
import { cardProvider } from '..';
import { accountView, businessMcc, payoutError, rememberAccountOwner, storeAccount } from '../service';

/**
 * POST /api/stripe/account (StripeAccountCreateRequest) → 201 `{ data: StripeAccountView }`: the
 * connected account from the browser's tokens, with the capabilities of its country (card_payments and
 * transfers at home, transfers under the recipient agreement abroad: connectedAccountSetup), the
 * user's profile page as business URL and MCC 5734. 409 if the caller has one; §8 errors (payoutError).
 */
export const handler = userHandler(async ({ event, user, profile }) => {
  if (profile.stripeAccount) throw new ApiError('conflict', 'You already have a payout account.');
  const body = textFields(jsonBody(event), ['country', 'accountType', 'accountToken', 'bankAccountToken']);
  const errors = validatePayoutForm(body);
  if (errors.country && body.country) {
    throw new ApiError('validation-invalid-value', unsupportedCountry(body.country), {
      fields: { country: errors.country },
    });
  }
  assertValid({
    ...errors,
    ...(body.accountToken ? {} : { accountToken: 'This field is required' }),
  });
  const request = body as StripeAccountCreateRequest;
  const provider = cardProvider();
  let account: Awaited<ReturnType<typeof provider.createAccount>>;
  try {
    account = await provider.createAccount({
      userId: user.id,
      country: request.country,
      accountToken: request.accountToken,
      bankAccountToken: request.bankAccountToken,
      businessProfileUrl: `${siteOrigin()}/u/${user.id}`,
      mcc: businessMcc,
      // One key per user and bank token: a retried request makes no second account; new tokens may.
      idempotencyKey: `account-${user.id}-${createHash('sha256').update(request.bankAccountToken).digest('hex').slice(0, 24)}`,
    });
  } catch (error) {
    payoutError(error, 'account');
  }
  await rememberAccountOwner(account.id, user.id);
  await storeAccount(user.id, account, { create: true });
  return json(201, { data: accountView(account) });
});
