import { useEffect, useRef } from 'react';
import { useForm, useFormState } from 'react-final-form';
import type { PayoutAccountType } from '../../../../shared/api/payments';
import { payoutCountry } from '../../../../shared/config/payout-countries';
import { normaliseBankAccount, validateBankAccount } from '../../../../shared/validation/payout';
import { type BankTokenState, createBankTokenController } from '../bank-token';
import type { CardProvider } from '../card-provider';
import type { PayoutValues } from './payout-values';

/** Keeps the form's bankAccountToken in step with the bank fields (bank-token.ts does the timing). */
export function BankTokenSync({
  provider,
  onState,
}: {
  provider: CardProvider;
  onState: (state: BankTokenState) => void;
}) {
  const form = useForm<PayoutValues>();
  const { values } = useFormState<PayoutValues>({ subscription: { values: true } });
  const controller = useRef<ReturnType<typeof createBankTokenController> | null>(null);
  const accountType = useRef<PayoutAccountType | undefined>(undefined);
  accountType.current = values.accountType === 'company' ? 'company' : 'individual';

  useEffect(() => {
    const made = createBankTokenController({
      request: (input) =>
        provider.createBankAccountToken({ ...input, accountHolderType: accountType.current }),
      onChange: (state) => {
        onState(state);
        if ((form.getState().values.bankAccountToken ?? '') !== state.token)
          form.change('bankAccountToken', state.token);
      },
    });
    controller.current = made;
    return () => made.stop();
  }, [provider, form, onState]);

  const country = values.country ? payoutCountry(values.country) : undefined;
  const bank = values.bank;
  useEffect(() => {
    if (!country) {
      controller.current?.update({ country: '', currency: '', fields: {}, valid: false });
      return;
    }
    const raw = bank ?? {};
    const valid = Object.keys(validateBankAccount(country.code, raw)).length === 0;
    const cleaned = normaliseBankAccount(country, raw);
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(cleaned)) if (typeof value === 'string') fields[key] = value;
    controller.current?.update({ country: country.code, currency: country.currency, fields, valid });
  }, [country, bank]);
  return null;
}
