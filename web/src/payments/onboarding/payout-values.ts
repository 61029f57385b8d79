import { type BankField, payoutCountry } from '../../../../shared/config/payout-countries';
import { payoutMessages } from '../../../../shared/validation/messages';
import { validateBankAccount, validatePayoutForm } from '../../../../shared/validation/payout';

/** The payout form's values: the bank fields are typed per country, the token is made in the browser. */
export interface PayoutValues {
  accountType: string;
  country: string;
  bank: Partial<Record<BankField, string>>;
  bankAccountToken: string;
}

/**
 * The form's messages: a new account checks type, country and token; changing the bank account
 * (`updating`) only needs the token. Both check the country's bank fields.
 */
export function validatePayoutValues(values: Partial<PayoutValues>, updating: boolean) {
  const errors: Record<string, unknown> = updating
    ? values.bankAccountToken
      ? {}
      : { bankAccountToken: payoutMessages.bankAccountTokenRequired }
    : { ...validatePayoutForm(values) };
  const country = values.country ? payoutCountry(values.country) : undefined;
  if (country) {
    const { country: _unsupported, ...bankErrors } = validateBankAccount(country.code, values.bank ?? {});
    if (Object.keys(bankErrors).length > 0) errors.bank = bankErrors;
  }
  return errors;
}
