import { FORM_ERROR } from 'final-form';
import { useId, useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import type { PayoutAccountType, StripeAccountView } from '../../../../shared/api/payments';
import { payoutCountry } from '../../../../shared/config/payout-countries';
import { messages, payoutProviderError } from '../../../../shared/errors/catalogue';
import { payoutSubmitDisabled } from '../../../../shared/validation/payout';
import { ApiRequestError } from '../../api/client';
import { createStripeAccount, getStripeAccount, updateStripeAccount } from '../../api/payments';
import { FormElement, FormError, SubmitButton } from '../../forms/fields';
import { reportError } from '../../observability/errors';
import { type BankTokenState, initialBankTokenState } from '../bank-token';
import type { CardProvider } from '../card-provider';
import { BankTokenSync } from './BankTokenSync';
import { errorText } from './error-text';
import { AccountTypeField, BankInput, CountryField } from './payout-fields';
import { type PayoutValues, validatePayoutValues } from './payout-values';
import type { HeadingTag } from './types';

/**
 * The payout form (§4): account type, country and the country's bank fields, with the bank token
 * made in the browser as they are typed; saving creates the account (or, with `update`, changes
 * its bank account only).
 */
export function PayoutForm({
  provider,
  H,
  update,
  onSaved,
  onCancel,
}: {
  provider: CardProvider;
  H: HeadingTag;
  /** Changing the bank account of a connected account: country and type fixed, PATCH. */
  update?: { country: string; accountType: PayoutAccountType };
  onSaved: (account: StripeAccountView) => void;
  onCancel?: () => void;
}) {
  const [tokenState, setTokenState] = useState<BankTokenState>(initialBankTokenState);
  const titleId = useId();
  const initialValues = useMemo<Partial<PayoutValues>>(
    () => (update ? { accountType: update.accountType, country: update.country, bank: {} } : { bank: {} }),
    [update],
  );

  const validate = (values: Partial<PayoutValues>) => validatePayoutValues(values, Boolean(update));

  const onSubmit = async (values: PayoutValues) => {
    const bankAccountToken = values.bankAccountToken;
    try {
      if (update) {
        onSaved(await updateStripeAccount({ bankAccountToken }));
        return undefined;
      }
      const accountType = values.accountType as PayoutAccountType;
      let accountToken: string;
      try {
        accountToken = await provider.createAccountToken({
          businessType: accountType,
          tosShownAndAccepted: true,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : '';
        return { [FORM_ERROR]: message ? payoutProviderError(message) : messages.payoutAccountFailed };
      }
      onSaved(
        await createStripeAccount({ country: values.country, accountType, accountToken, bankAccountToken }),
      );
      return undefined;
    } catch (error) {
      // Created meanwhile (another tab, or a retry after a lost answer): show the account there is.
      if (!update && error instanceof ApiRequestError && error.status === 409) {
        const existing = await getStripeAccount().catch(() => null);
        if (existing) {
          onSaved(existing);
          return undefined;
        }
      }
      reportError(error, update ? 'update-stripe-account-failed' : 'create-stripe-account-failed');
      return { [FORM_ERROR]: errorText(error, 'account') };
    }
  };

  return (
    <Form<PayoutValues> onSubmit={onSubmit} validate={validate} initialValues={initialValues as PayoutValues}>
      {({ handleSubmit, submitting, submitError, pristine, invalid, values }) => {
        const country = values.country ? payoutCountry(values.country) : undefined;
        const disabled = payoutSubmitDisabled({
          pristine: Boolean(pristine),
          invalid: Boolean(invalid),
          inProgress: Boolean(submitting) || tokenState.inProgress,
        });
        return (
          <FormElement onSubmit={handleSubmit} className="form payout-form" aria-labelledby={titleId}>
            <H id={titleId}>{update ? 'New bank account' : 'Payout account'}</H>
            {update ? null : (
              <>
                <AccountTypeField />
                <CountryField />
              </>
            )}
            {country ? (
              <fieldset className="payout-bank-fields">
                <legend>Bank account in {country.name}</legend>
                {country.fields.map((field) => (
                  <BankInput key={`${country.code}-${field}`} countryCode={country.code} field={field} />
                ))}
              </fieldset>
            ) : null}
            <BankTokenSync provider={provider} onState={setTokenState} />
            <div className="payout-token-status" role="status">
              {tokenState.inProgress ? 'Checking your bank account details…' : ''}
            </div>
            {tokenState.error ? (
              <p className="form-error" role="alert">
                {tokenState.error}
              </p>
            ) : null}
            <FormError error={submitError} />
            {update ? null : (
              <p className="form-aside">
                By saving your details you agree to the payment processor's Connected Account Agreement.
              </p>
            )}
            <div className="payout-form-actions">
              <SubmitButton
                inProgress={submitting}
                progressLabel="Saving…"
                disabled={disabled}
                className="button button-primary"
              >
                {update ? 'Save bank account' : 'Save details'}
              </SubmitButton>
              {onCancel ? (
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={onCancel}
                  disabled={submitting}
                >
                  Cancel
                </button>
              ) : null}
            </div>
          </FormElement>
        );
      }}
    </Form>
  );
}
