import { payoutMessages } from '../../../../shared/validation/messages';
import { ApiError, assertValid, json, jsonBody, textField } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import { cardProvider } from '..';
import { accountView, payoutError, storeAccount } from '../service';

/** PATCH /api/stripe/account `{ bankAccountToken }` → `{ data: StripeAccountView }`: replaces the bank account. */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const stored = user.profile?.stripeAccount;
  if (!stored) throw new ApiError('not-found', 'You have no payout account yet.');
  const bankAccountToken = textField(jsonBody(event), 'bankAccountToken');
  assertValid(bankAccountToken ? {} : { bankAccountToken: payoutMessages.bankAccountTokenRequired });
  let account: Awaited<ReturnType<ReturnType<typeof cardProvider>['updateAccount']>>;
  try {
    account = await cardProvider().updateAccount(stored.stripeAccountId, {
      bankAccountToken: bankAccountToken as string,
    });
  } catch (error) {
    payoutError(error, 'account');
  }
  await storeAccount(user.id, account);
  return json(200, { data: accountView(account) });
});
