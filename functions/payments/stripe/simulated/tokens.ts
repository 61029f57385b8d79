/**
 * Tokens, Stripe.js's part simulated: a bank account token (the bank details checked as Stripe
 * checks them, per field) and an account token (business type and accepted terms). Each is used
 * once, by createAccount or updateAccount.
 */

import type { PayoutAccountType } from '../../../../shared/api/payments';
import { payoutCountry } from '../../../../shared/config/payout-countries';
import { bankConnectionFailed, unsupportedCountry } from '../../../../shared/errors/catalogue';
import {
  type BankAccountTokenParams,
  bankAccountTokenParams,
  bankFieldInlineNames,
  validateBankAccount,
} from '../../../../shared/validation/payout';
import { CardProcessorError } from '../port';
import { newId, type Of } from './objects';
import { putObject } from './store';

export async function createBankAccountToken(input: {
  country: string;
  currency: string;
  fields: Record<string, string>;
}): Promise<{ id: string; params: BankAccountTokenParams }> {
  const errors = validateBankAccount(input.country, input.fields);
  const country = payoutCountry(input.country);
  if (!country || errors.country) {
    throw new CardProcessorError('invalid_request_error', unsupportedCountry(input.country), {
      code: 'country_unsupported',
      param: 'country',
      fields: { country: unsupportedCountry(input.country) },
    });
  }
  if (input.currency.toUpperCase() !== country.currency) {
    const message = `Currency ${input.currency} is not supported for bank accounts in ${country.name}; use ${country.currency}.`;
    throw new CardProcessorError('invalid_request_error', message, {
      code: 'invalid_currency',
      param: 'currency',
      fields: { currency: message },
    });
  }
  const fields = Object.fromEntries(
    Object.entries(errors).filter(([, message]) => Boolean(message)),
  ) as Record<string, string>;
  if (Object.keys(fields).length > 0) {
    throw new CardProcessorError(
      'invalid_request_error',
      bankConnectionFailed(country.name, bankFieldInlineNames(country.code)),
      { code: 'invalid_bank_account', param: 'bank_account', fields },
    );
  }
  const params = bankAccountTokenParams(country.code, input.fields);
  const token: Of<'token'> = {
    id: newId('btok'),
    object: 'token',
    kind: 'bank_account',
    used: false,
    params,
  };
  await putObject(token, { create: true });
  return { id: token.id, params };
}

export async function createAccountToken(input: {
  businessType: PayoutAccountType;
  tosShownAndAccepted: boolean;
}) {
  if (input.businessType !== 'individual' && input.businessType !== 'company') {
    throw new CardProcessorError(
      'invalid_request_error',
      'Invalid business_type: must be individual or company.',
      {
        code: 'parameter_invalid_empty',
        param: 'business_type',
        fields: { businessType: 'This field is required' },
      },
    );
  }
  if (input.tosShownAndAccepted !== true) {
    throw new CardProcessorError('invalid_request_error', 'The terms of service must be accepted.', {
      code: 'parameter_missing',
      param: 'tos_shown_and_accepted',
      fields: { tosShownAndAccepted: 'The terms of service must be accepted.' },
    });
  }
  const token: Of<'token'> = {
    id: newId('ct'),
    object: 'token',
    kind: 'account',
    used: false,
    business_type: input.businessType,
  };
  await putObject(token, { create: true });
  return { id: token.id };
}
