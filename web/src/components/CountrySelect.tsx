import type { ChangeEvent, FocusEvent, ReactNode } from 'react';
import { type CountryLocale, countryOptions } from '../../../shared/config/countries';
import { FieldFrame } from '../forms/fields';
import '../forms/forms.css';
import './country-select.css';

/** The empty choice's text in each language of the list. */
export const countryPlaceholders: Record<CountryLocale, string> = {
  en: 'Select a country',
  fr: 'Sélectionnez un pays',
  es: 'Selecciona un país',
  de: 'Land auswählen',
};

export interface CountrySelectProps {
  /** The select's id (unique on the page); generated when left out. */
  id?: string;
  name: string;
  label: string;
  /** The chosen ISO 3166-1 alpha-2 code, or '' for none. */
  value: string;
  /** Called with the chosen code ('' for the empty choice); also fits react-final-form's `input.onChange`. */
  onChange: (code: string, event: ChangeEvent<HTMLSelectElement>) => void;
  onBlur?: (event: FocusEvent<HTMLSelectElement>) => void;
  /** The language of the country names and their order (§1: English, French, Spanish, German). */
  locale?: CountryLocale;
  /** Only these countries (e.g. the payout countries); every country by default. */
  codes?: readonly string[];
  /** The empty choice's text; by default in the list's language. */
  placeholder?: string;
  hint?: ReactNode;
  /** A message shown under the field and linked to it; marks the field invalid. */
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  autoComplete?: string;
  className?: string;
}

/**
 * A country field: every ISO 3166-1 alpha-2 country with its name in `locale`, sorted in that
 * language. The same frame as the form fields of `forms/fields.tsx` (label, hint, control, message
 * linked with aria-describedby), so it looks and reads like them. Controlled: `value` and `onChange`.
 */
export function CountrySelect({
  id,
  name,
  label,
  value,
  onChange,
  onBlur,
  locale = 'en',
  codes,
  placeholder,
  hint,
  error,
  required,
  disabled,
  autoComplete = 'country',
  className,
}: CountrySelectProps) {
  const options = countryOptions(locale, codes);
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      message={error}
      className={['country-select', className].filter(Boolean).join(' ')}
      control={(ids) => (
        <select
          {...ids}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value, event)}
          onBlur={onBlur}
          lang={locale === 'en' ? undefined : locale}
          autoComplete={autoComplete}
          disabled={disabled}
          aria-required={required ? true : undefined}
        >
          <option value="">{placeholder ?? countryPlaceholders[locale]}</option>
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      )}
    />
  );
}
