import { FORM_ERROR } from 'final-form';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Form, useField, useForm, useFormState } from 'react-final-form';
import type { PayoutAccountType, StripeAccountView } from '../../../shared/api/payments';
import {
  type BankField,
  bankFieldFormat,
  bankFieldTexts,
  payoutCountry,
  payoutCountryCodes,
} from '../../../shared/config/payout-countries';
import { messages, payoutErrorMessage, payoutProviderError } from '../../../shared/errors/catalogue';
import { payoutMessages } from '../../../shared/validation/messages';
import {
  normaliseBankAccount,
  normaliseBankField,
  payoutSubmitDisabled,
  validateBankAccount,
  validatePayoutForm,
} from '../../../shared/validation/payout';
import { ApiError } from '../api/client';
import { isNetworkError } from '../api/errors';
import {
  createStripeAccount,
  createStripeAccountLink,
  getStripeAccount,
  updateStripeAccount,
} from '../api/payments';
import { loadCurrentUser } from '../auth/actions';
import { CountrySelect } from '../components/CountrySelect';
import { FieldFrame, FormElement, FormError, SubmitButton } from '../forms/fields';
import { type BankTokenState, createBankTokenController, initialBankTokenState } from './bank-token';
import { type CardProvider, getCardProvider } from './card-provider';
import { accountLinkUrls, returnKind, returnLinkType, type StatusBox, statusBoxOf } from './status-box';
import './stripe-onboarding.css';

/**
 * Stripe Connect onboarding (§2 StripePayoutPage, StripePayoutOnboardingPage and the listing
 * wizard's EditListingStripeOnboardingPage; §4 payout status box and bank token field; §8 payout
 * errors): the payout form (account type, country, the country's bank fields, tokens made in the
 * browser), then the status box with the account link to the provider's hosted onboarding, the
 * provider's way back (`${returnBasePath}/success` or `/failure`), and the connected state with
 * the saved country and the last digits of the bank account (which can be changed).
 */
export interface StripeOnboardingProps {
  /** The path the provider returns to, without the return type: `/account/payments`, or the wizard's tab path. */
  returnBasePath: string;
  /** The `:returnURLType` of the current URL when the provider sent the user back (success, failure). */
  returnURLType?: string | undefined;
  /** Called when the account is ready for payouts (verificationSuccess), e.g. to continue the listing wizard. */
  onReady?: ((account: StripeAccountView) => void) | undefined;
  /** Heading level of the component's section headings (the page's title is one level above). Default 2. */
  headingLevel?: 2 | 3;
  /** For tests: the card provider client (null: publishable key missing); default from `/config.json`. */
  provider?: CardProvider | null;
  /** For tests: where the browser is sent (default `window.location.assign`). */
  navigate?: (url: string) => void;
}

type Loaded =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; provider: CardProvider | null; account: StripeAccountView | null };

interface PayoutValues {
  accountType: string;
  country: string;
  bank: Partial<Record<BankField, string>>;
  bankAccountToken: string;
}

function errorText(error: unknown, kind: 'account' | 'accountLink'): string {
  if (isNetworkError(error)) return messages.topbarNetworkError;
  if (error instanceof ApiError) return payoutErrorMessage({ apiErrors: error.body?.errors ?? [] }, kind);
  return payoutErrorMessage(undefined, kind);
}

export function StripeOnboarding({
  returnBasePath,
  returnURLType,
  onReady,
  headingLevel = 2,
  provider: providerProp,
  navigate = (url) => window.location.assign(url),
}: StripeOnboardingProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [reload, setReload] = useState(0);
  const kind = returnKind(returnURLType);
  const [redirect, setRedirect] = useState<{ inProgress: boolean; error?: string }>({ inProgress: false });
  const redirectStarted = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` is the retry button's trigger
  useEffect(() => {
    let live = true;
    const providerLoad = providerProp !== undefined ? Promise.resolve(providerProp) : getCardProvider();
    Promise.all([providerLoad, getStripeAccount()]).then(
      ([provider, account]) => {
        if (live) setLoaded({ state: 'ready', provider, account });
      },
      (error: unknown) => {
        if (live) setLoaded({ state: 'error', message: errorText(error, 'account') });
      },
    );
    return () => {
      live = false;
    };
  }, [providerProp, reload]);

  const goToProvider = async (linkType: 'account_onboarding' | 'account_update') => {
    setRedirect({ inProgress: true });
    try {
      const url = await createStripeAccountLink({
        type: linkType,
        ...accountLinkUrls(window.location.origin, returnBasePath),
      });
      navigate(url);
    } catch (error) {
      setRedirect({ inProgress: false, error: errorText(error, 'accountLink') });
    }
  };

  // Back early from the provider (failure URL): straight back to the provider with a new link.
  const account = loaded.state === 'ready' ? loaded.account : null;
  const ready = loaded.state === 'ready';
  useEffect(() => {
    // Without an account there is nothing to go back to: the form shows instead.
    if (!ready || !account || kind !== 'failure' || redirectStarted.current) return;
    redirectStarted.current = true;
    void goToProvider(returnLinkType(account));
  });

  const readyReported = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (account?.status === 'verificationSuccess' && readyReported.current !== account.stripeAccountId) {
      readyReported.current = account.stripeAccountId;
      // The gating fact (payoutReady) lives on the current user: load it again.
      void loadCurrentUser({ force: true }).catch(() => undefined);
      onReady?.(account);
    }
  }, [account, onReady]);

  const H = `h${headingLevel}` as 'h2' | 'h3';

  if (loaded.state === 'loading') {
    return (
      <p className="payout-loading" role="status">
        Loading payout details…
      </p>
    );
  }
  if (loaded.state === 'error') {
    return (
      <div className="notice notice-error" role="alert">
        <p>{loaded.message}</p>
        <button type="button" className="button button-secondary" onClick={() => setReload((n) => n + 1)}>
          Try again
        </button>
      </div>
    );
  }
  if (!loaded.provider) {
    return (
      <p className="notice notice-error" role="alert">
        {messages.missingPublishableKey}
      </p>
    );
  }
  const provider = loaded.provider;
  const setAccount = (next: StripeAccountView) => setLoaded({ state: 'ready', provider, account: next });

  if (kind === 'failure' && account && !redirect.error) {
    return (
      <p className="payout-loading" role="status">
        <span className="button-spinner" aria-hidden="true" /> Taking you back to the payment processor…
      </p>
    );
  }

  return (
    <div className="stripe-onboarding">
      {kind === 'unknown' ? (
        <p className="form-error" role="alert">
          {messages.somethingWentWrong}
        </p>
      ) : null}
      {redirect.error ? (
        <p className="form-error" role="alert">
          {redirect.error}
        </p>
      ) : null}
      {account ? (
        <ConnectedAccount
          account={account}
          provider={provider}
          H={H}
          onSaved={setAccount}
          onLink={goToProvider}
          linkInProgress={redirect.inProgress}
        />
      ) : (
        <PayoutForm provider={provider} H={H} onSaved={setAccount} />
      )}
    </div>
  );
}

/** The status box (§4) of an account, with its button to the provider. */
export function PayoutStatusBox({
  box,
  H,
  onLink,
  inProgress,
}: {
  box: StatusBox;
  H: 'h2' | 'h3';
  onLink: (linkType: 'account_onboarding' | 'account_update') => void;
  inProgress: boolean;
}) {
  const titleId = useId();
  return (
    <section className={`payout-status payout-status-${box.tone}`} aria-labelledby={titleId}>
      <H id={titleId} className="payout-status-title">
        {box.title}
      </H>
      <p>{box.text}</p>
      {box.action ? (
        <button
          type="button"
          className="button button-primary"
          disabled={inProgress}
          aria-busy={inProgress}
          onClick={() => box.action && onLink(box.action.linkType)}
        >
          {inProgress ? (
            <>
              <span className="button-spinner" aria-hidden="true" />
              Redirecting…
            </>
          ) : (
            box.action.label
          )}
        </button>
      ) : null}
    </section>
  );
}

function SafeStatusBox(props: {
  account: StripeAccountView;
  H: 'h2' | 'h3';
  onLink: (linkType: 'account_onboarding' | 'account_update') => void;
  inProgress: boolean;
}) {
  let box: StatusBox | undefined;
  try {
    box = statusBoxOf(props.account);
  } catch {
    return (
      <p className="form-error" role="alert">
        {messages.somethingWentWrong}
      </p>
    );
  }
  if (!box) {
    return (
      <p className="payout-status payout-status-attention" role="status">
        The payment processor is reviewing your details. Check back soon.
      </p>
    );
  }
  return <PayoutStatusBox box={box} H={props.H} onLink={props.onLink} inProgress={props.inProgress} />;
}

function ConnectedAccount({
  account,
  provider,
  H,
  onSaved,
  onLink,
  linkInProgress,
}: {
  account: StripeAccountView;
  provider: CardProvider;
  H: 'h2' | 'h3';
  onSaved: (account: StripeAccountView) => void;
  onLink: (linkType: 'account_onboarding' | 'account_update') => void;
  linkInProgress: boolean;
}) {
  const [changing, setChanging] = useState(false);
  const [changed, setChanged] = useState(false);
  const countryName = payoutCountry(account.country)?.name ?? account.country;
  const changeButton = useRef<HTMLButtonElement>(null);
  const detailsId = useId();
  return (
    <>
      <SafeStatusBox account={account} H={H} onLink={onLink} inProgress={linkInProgress} />
      <section className="payout-details" aria-labelledby={detailsId}>
        <H id={detailsId}>Bank account</H>
        <dl className="payout-summary">
          <div>
            <dt>Country</dt>
            <dd>{countryName}</dd>
          </div>
          <div>
            <dt>Bank account</dt>
            <dd>
              {account.bankAccountLast4 ? (
                <>
                  <span aria-hidden="true">•••• </span>
                  <span className="visually-hidden">ending in </span>
                  {account.bankAccountLast4}
                </>
              ) : (
                '—'
              )}
            </dd>
          </div>
        </dl>
        <div role="status" className="form-status">
          {changed && !changing ? <p className="form-success">Your bank account has been changed.</p> : null}
        </div>
        {changing ? (
          <PayoutForm
            provider={provider}
            H={H}
            update={{ country: account.country, accountType: account.accountType }}
            onSaved={(next) => {
              setChanging(false);
              setChanged(true);
              onSaved(next);
            }}
            onCancel={() => {
              setChanging(false);
              requestAnimationFrame(() => changeButton.current?.focus());
            }}
          />
        ) : (
          <button
            ref={changeButton}
            type="button"
            className="button button-secondary"
            onClick={() => {
              setChanged(false);
              setChanging(true);
            }}
          >
            Change bank account
          </button>
        )}
      </section>
    </>
  );
}

function PayoutForm({
  provider,
  H,
  update,
  onSaved,
  onCancel,
}: {
  provider: CardProvider;
  H: 'h2' | 'h3';
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

  const validate = (values: Partial<PayoutValues>) => {
    const errors: Record<string, unknown> = update
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
  };

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
      if (!update && error instanceof ApiError && error.status === 409) {
        const existing = await getStripeAccount().catch(() => null);
        if (existing) {
          onSaved(existing);
          return undefined;
        }
      }
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

function AccountTypeField() {
  const legendId = useId();
  const individual = useField<string>('accountType', { type: 'radio', value: 'individual' });
  const company = useField<string>('accountType', { type: 'radio', value: 'company' });
  const { meta } = useField<string>('accountType', { subscription: { error: true, touched: true } });
  const message = meta.touched ? (meta.error as string | undefined) : undefined;
  const errorId = `${legendId}-error`;
  const baseId = useId();
  return (
    <fieldset className="field payout-account-type" aria-describedby={message ? errorId : undefined}>
      <legend id={legendId}>Account type</legend>
      <div className="payout-radios">
        {[
          { field: individual, label: 'Individual' },
          { field: company, label: 'Company' },
        ].map(({ field, label }) => (
          <label key={label} className="payout-radio" htmlFor={`${baseId}-${field.input.value}`}>
            <input {...field.input} id={`${baseId}-${field.input.value}`} type="radio" required />
            {label}
          </label>
        ))}
      </div>
      {message ? (
        <p id={errorId} className="field-error">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}

function CountryField() {
  const { input, meta } = useField<string>('country');
  const form = useForm();
  return (
    <CountrySelect
      name={input.name}
      label="Country"
      value={input.value ?? ''}
      codes={payoutCountryCodes}
      onChange={(code) => {
        form.batch(() => {
          input.onChange(code);
          // Another country's bank fields: start again with empty ones (§4: every field starts empty).
          form.change('bank', {});
          for (const field of form.getRegisteredFields()) {
            if (field.startsWith('bank.')) form.resetFieldState(field);
          }
        });
      }}
      onBlur={() => input.onBlur()}
      error={meta.touched ? (meta.error as string | undefined) : undefined}
      hint="The country of your bank account."
      autoComplete="off"
      required
    />
  );
}

function BankInput({ countryCode, field }: { countryCode: string; field: BankField }) {
  const country = payoutCountry(countryCode);
  const format = country ? bankFieldFormat(country, field) : undefined;
  const text = bankFieldTexts[field];
  const { input, meta } = useField<string>(`bank.${field}`, {
    // Whitespace (and, where the format says so, dashes) never belongs in the value: strip it as typed.
    parse: (value: string) =>
      format && format.normalise !== 'trim' ? normaliseBankField(value ?? '', format) : value,
  });
  const message = meta.touched ? (meta.error as string | undefined) : undefined;
  return (
    <FieldFrame
      label={text.label}
      message={message}
      control={(ids) => (
        <input
          {...input}
          {...ids}
          value={input.value ?? ''}
          type="text"
          placeholder={text.placeholder}
          autoComplete="off"
          spellCheck={false}
          inputMode={format && /digits/.test(format.description) ? 'numeric' : 'text'}
          aria-required="true"
        />
      )}
    />
  );
}

/** Keeps the form's bankAccountToken in step with the bank fields (bank-token.ts does the timing). */
function BankTokenSync({
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
