import { useField } from 'react-final-form';
import { CountrySelect } from '../components/CountrySelect';
import { TextField } from './fields';

/**
 * An address in a react-final-form form (the checkout's shipping and billing addresses, the saved
 * shipping address on the contact details page): the fields and the country select, with the forms'
 * message rules.
 */

/** A field's message: after touch, the validator's, else a server message until the field changes. */
export function fieldMessage(meta: {
  touched?: boolean;
  error?: unknown;
  submitError?: unknown;
  dirtySinceLastSubmit?: boolean;
}): string | undefined {
  const server =
    typeof meta.submitError === 'string' && !meta.dirtySinceLastSubmit ? meta.submitError : undefined;
  return meta.touched ? ((meta.error as string | undefined) ?? server) : undefined;
}

/** A country select of a react-final-form form, with the forms' message rules. */
export function CountryField({
  name,
  label = 'Country',
  autoComplete,
}: {
  name: string;
  label?: string;
  autoComplete?: string;
}) {
  const { input, meta } = useField<string>(name);
  return (
    <CountrySelect
      name={input.name}
      label={label}
      value={input.value ?? ''}
      onChange={(code) => input.onChange(code)}
      onBlur={() => input.onBlur()}
      error={fieldMessage(meta)}
      required
      {...(autoComplete ? { autoComplete } : {})}
    />
  );
}

/** The shipping address's form field names (the checkout's and the contact details page's forms). */
export const shippingAddressNames = {
  line1: 'recipientAddressLine1',
  line2: 'recipientAddressLine2',
  postal: 'recipientPostal',
  city: 'recipientCity',
  state: 'recipientState',
  country: 'recipientCountry',
};

/** The form field names of one address. */
export interface AddressFieldNames {
  line1: string;
  line2: string;
  postal: string;
  city: string;
  state: string;
  country: string;
}

/**
 * An address (§5): street, postal code, city and country required; apartment and state optional.
 * `section` is the autocomplete section (the browser fills shipping and billing separately).
 */
export function AddressFields({
  names,
  section,
}: {
  names: AddressFieldNames;
  section: 'shipping' | 'billing';
}) {
  return (
    <>
      <TextField
        name={names.line1}
        label="Street address"
        autoComplete={`${section} address-line1`}
        required
      />
      <TextField
        name={names.line2}
        label="Apartment, suite, etc. (optional)"
        autoComplete={`${section} address-line2`}
      />
      <div className="field-row checkout-row">
        <TextField name={names.postal} label="Postal code" autoComplete={`${section} postal-code`} required />
        <TextField name={names.city} label="City" autoComplete={`${section} address-level2`} required />
      </div>
      <TextField name={names.state} label="State (optional)" autoComplete={`${section} address-level1`} />
      <CountryField name={names.country} autoComplete={`${section} country`} />
    </>
  );
}
