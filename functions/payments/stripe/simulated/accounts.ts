/**
 * Connected accounts (Stripe Connect, for payouts): made from an account token and a bank account
 * token, each usable once, with the requirements a new account still has; a new bank account
 * replaces the old one and sends account.updated.
 */

import type { PayoutAccountType } from '../../../../shared/api/payments';
import { connectedAccountSetup, payoutCountry } from '../../../../shared/config/payout-countries';
import { unsupportedCountry } from '../../../../shared/errors/catalogue';
import {
  CardProcessorError,
  type CreateAccountInput,
  type ProviderAccount,
  toProviderAccount,
} from '../port';
import { newId, type Of } from './objects';
import { consumeToken, idempotently, putObject, requireObject } from './store';
import type { Deliver } from './webhooks';

/** What a new account still needs before it can be paid, by business type (Stripe's requirement names). */
export const simulatedRequirements: Record<PayoutAccountType, string[]> = {
  individual: [
    'individual.dob.day',
    'individual.dob.month',
    'individual.dob.year',
    'individual.first_name',
    'individual.last_name',
    'individual.verification.document',
  ],
  company: [
    'company.name',
    'company.tax_id',
    'representative.first_name',
    'representative.last_name',
    'representative.verification.document',
  ],
};

export async function createAccount(input: CreateAccountInput): Promise<ProviderAccount> {
  const account = await idempotently(input.idempotencyKey, 'account', 'account', () => newAccount(input));
  return toProviderAccount(account);
}

async function newAccount(input: CreateAccountInput): Promise<Of<'account'>> {
  const country = payoutCountry(input.country);
  if (!country) {
    throw new CardProcessorError('invalid_request_error', unsupportedCountry(input.country), {
      code: 'country_unsupported',
      param: 'country',
    });
  }
  const accountToken = await consumeToken<Extract<Of<'token'>, { kind: 'account' }>>(
    input.accountToken,
    'account',
  );
  const bankToken = await bankTokenFor(input.bankAccountToken, country.code);
  const setup = connectedAccountSetup(country.code);
  const account: Of<'account'> = {
    id: newId('acct'),
    object: 'account',
    country: country.code,
    default_currency: country.currency.toLowerCase(),
    business_type: accountToken.business_type,
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    // What a real account asks for in its country (connectedAccountSetup).
    capabilities: Object.fromEntries(setup.capabilities.map((name) => [name, 'inactive'])),
    tos_acceptance: { service_agreement: setup.serviceAgreement },
    requirements: {
      currently_due: simulatedRequirements[accountToken.business_type],
      past_due: [],
      errors: [],
      disabled_reason: 'requirements.past_due',
    },
    external_accounts: { data: [{ last4: bankToken.params.account_number.slice(-4) }] },
    metadata: { userId: input.userId, business_profile_url: input.businessProfileUrl, mcc: input.mcc },
  };
  return account;
}

export async function updateAccount(
  deliver: Deliver,
  accountId: string,
  input: { bankAccountToken: string },
): Promise<ProviderAccount> {
  const account = await requireObject('account', accountId, 'account');
  const bankToken = await bankTokenFor(input.bankAccountToken, account.country);
  const updated = {
    ...account,
    external_accounts: { data: [{ last4: bankToken.params.account_number.slice(-4) }] },
  };
  await putObject(updated);
  await deliver('account.updated', updated, account.id);
  return toProviderAccount(updated);
}

export async function fetchAccount(accountId: string): Promise<ProviderAccount> {
  return toProviderAccount(await requireObject('account', accountId, 'account'));
}

/** Uses up a bank account token; Stripe refuses a bank outside the account's country. */
async function bankTokenFor(tokenId: string, country: string | null | undefined) {
  const bankToken = await consumeToken<Extract<Of<'token'>, { kind: 'bank_account' }>>(
    tokenId,
    'bank_account',
  );
  if (bankToken.params.country !== country) {
    throw new CardProcessorError(
      'invalid_request_error',
      `The bank account's country (${bankToken.params.country}) must be the account's country (${country}).`,
      { code: 'invalid_bank_account', param: 'external_account' },
    );
  }
  return bankToken;
}
