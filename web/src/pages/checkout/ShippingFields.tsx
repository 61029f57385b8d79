import { useField } from 'react-final-form';
import { CountrySelect } from '../../components/CountrySelect';
import { TextField } from '../../forms/fields';

/**
 * The shipping address (§5): recipient name, street, city, postal code and country required;
 * apartment, state and phone optional. Messages (the validators' exact texts, checkout.ts) show
 * after a field is left or the form is sent, linked to the field with aria-describedby.
 */

/** A country select of a react-final-form form, with the forms' message rules (after touch; server messages until changed). */
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
  const serverError =
    typeof meta.submitError === 'string' && !meta.dirtySinceLastSubmit ? meta.submitError : undefined;
  const message = meta.touched ? ((meta.error as string | undefined) ?? serverError) : undefined;
  return (
    <CountrySelect
      name={input.name}
      label={label}
      value={input.value ?? ''}
      onChange={(code) => input.onChange(code)}
      onBlur={() => input.onBlur()}
      error={message}
      required
      {...(autoComplete ? { autoComplete } : {})}
    />
  );
}

export function ShippingFields() {
  return (
    <fieldset className="checkout-section checkout-fieldset">
      <legend>
        <h2 className="checkout-section-title">Shipping address</h2>
      </legend>
      <TextField name="recipientName" label="Recipient name" autoComplete="shipping name" required />
      <TextField
        name="recipientAddressLine1"
        label="Street address"
        autoComplete="shipping address-line1"
        required
      />
      <TextField
        name="recipientAddressLine2"
        label="Apartment, suite, etc. (optional)"
        autoComplete="shipping address-line2"
      />
      <div className="field-row checkout-row">
        <TextField name="recipientPostal" label="Postal code" autoComplete="shipping postal-code" required />
        <TextField name="recipientCity" label="City" autoComplete="shipping address-level2" required />
      </div>
      <TextField name="recipientState" label="State (optional)" autoComplete="shipping address-level1" />
      <CountryField name="recipientCountry" autoComplete="shipping country" />
      <TextField
        name="recipientPhoneNumber"
        label="Phone number (optional)"
        type="tel"
        inputMode="tel"
        autoComplete="shipping tel"
      />
    </fieldset>
  );
}
