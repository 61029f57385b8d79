import { useId } from 'react';
import { useField, useForm } from 'react-final-form';
import {
  type BankField,
  bankFieldFormat,
  bankFieldTexts,
  payoutCountry,
  payoutCountryCodes,
} from '../../../../shared/config/payout-countries';
import { normaliseBankField } from '../../../../shared/validation/payout';
import { CountrySelect } from '../../components/CountrySelect';
import { FieldFrame } from '../../forms/fields';

/** The payout form's fields (§4): each reads and writes the surrounding react-final-form form. */

/** Individual or company: two radios under one legend, with the message after a touch. */
export function AccountTypeField() {
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

/** The country of the bank account: choosing another one empties the bank fields. */
export function CountryField() {
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

/** One of the country's bank fields, with its label, placeholder and format. */
export function BankInput({ countryCode, field }: { countryCode: string; field: BankField }) {
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
