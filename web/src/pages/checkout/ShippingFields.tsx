import { AddressFields, shippingAddressNames } from '../../forms/AddressFields';
import { TextField } from '../../forms/fields';

/**
 * The shipping address (§5): recipient name, street, city, postal code and country required;
 * apartment, state and phone optional. Messages (the validators' exact texts, validation.ts) show
 * after a field is left or the form is sent, linked to the field with aria-describedby.
 */

export function ShippingFields({ shipsTo }: { shipsTo: string | undefined }) {
  return (
    <fieldset className="checkout-section checkout-fieldset">
      <legend>
        <h2 className="checkout-section-title">Shipping address</h2>
      </legend>
      {shipsTo ? <p className="field-hint">The seller ships to {shipsTo}.</p> : null}
      <TextField name="recipientName" label="Recipient name" autoComplete="shipping name" required />
      <AddressFields names={shippingAddressNames} section="shipping" />
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
