import { useId } from 'react';
import { useField } from 'react-final-form';
import { countryName, countryOptions, isCountryCode } from '../../../../shared/config/countries';
import { payoutCountryCodes } from '../../../../shared/config/payout-countries';
import type { ShipsTo } from '../../../../shared/ships-to';
import { CheckboxField } from '../../components/ChoiceFields';

export type ShipsToScope = ShipsTo['scope'];

/** The form's two fields of the setting (the delivery tab's values). */
export interface ShipsToValues {
  shipsToScope: ShipsToScope;
  shipsToCountries: string[];
}

export const shipsToMessages = {
  countriesRequired: 'Choose at least one country you ship to.',
} as const;

export function shipsToInitialValues(shipsTo: ShipsTo | undefined): ShipsToValues {
  return {
    shipsToScope: shipsTo?.scope ?? 'worldwide',
    shipsToCountries: shipsTo?.scope === 'countries' ? [...shipsTo.countries] : [],
  };
}

export function validateShipsTo(values: Partial<ShipsToValues>): Record<string, string> {
  return values.shipsToScope === 'countries' && !values.shipsToCountries?.length
    ? { shipsToCountries: shipsToMessages.countriesRequired }
    : {};
}

export function shipsToOf(values: ShipsToValues): ShipsTo {
  if (values.shipsToScope !== 'countries') return { scope: values.shipsToScope };
  return { scope: 'countries', countries: values.shipsToCountries.filter(isCountryCode) };
}

function ScopeRadio({ value, label }: { value: ShipsToScope; label: string }) {
  const { input } = useField('shipsToScope', { type: 'radio', value });
  return (
    <label className="radio-option">
      <input {...input} type="radio" />
      {label}
    </label>
  );
}

/**
 * Where the item ships (issue 24): the seller's country (named once the location tab has it), a
 * list of the marketplace's (payout) countries in alphabetical order, or worldwide. Buyers elsewhere are told at checkout.
 */
export function ShipsToFields({ sellerCountry }: { sellerCountry: string | undefined }) {
  const errorId = useId();
  const { input: scope } = useField<ShipsToScope>('shipsToScope', { subscription: { value: true } });
  const { meta } = useField('shipsToCountries', {
    subscription: { error: true, touched: true, submitFailed: true },
  });
  const sellerCountryName = isCountryCode(sellerCountry) ? countryName(sellerCountry) : undefined;
  const message = meta.touched || meta.submitFailed ? (meta.error as string | undefined) : undefined;
  return (
    <fieldset className="edit-listing-fieldset ships-to">
      <legend>Ships to</legend>
      <ScopeRadio
        value="seller-country"
        label={
          sellerCountryName ? `Only ${sellerCountryName}` : 'Only the country the item is in (location tab)'
        }
      />
      <ScopeRadio value="countries" label="These countries" />
      {scope.value === 'countries' ? (
        <fieldset
          className="ships-to-countries"
          aria-describedby={message ? errorId : undefined}
          aria-invalid={message ? true : undefined}
        >
          <legend className="visually-hidden">Countries you ship to</legend>
          {countryOptions('en', payoutCountryCodes).map((country) => (
            <CheckboxField
              key={country.code}
              name="shipsToCountries"
              value={country.code}
              label={country.name}
              invalid={Boolean(message)}
            />
          ))}
        </fieldset>
      ) : null}
      {message ? (
        <p id={errorId} className="field-error">
          {message}
        </p>
      ) : null}
      <ScopeRadio value="worldwide" label="Worldwide" />
    </fieldset>
  );
}
