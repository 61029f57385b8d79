/** Address forms (§3, §5): payment address, shipping address, billing address, payment form. */
import { type FieldErrors, required, validateFields } from './core';
import { addressMessages } from './messages';

export interface PaymentAddressValues {
  addressLine1: string;
  addressLine2?: string;
  postal: string;
  city: string;
  state?: string;
  country: string;
}

/** Payment address: addressLine1, postal, city, country required; state and line 2 optional. */
export function validatePaymentAddress(
  values: Partial<PaymentAddressValues>,
): FieldErrors<PaymentAddressValues> {
  return validateFields(values, {
    addressLine1: required(addressMessages.addressLine1Required),
    postal: required(addressMessages.postalCodeRequired),
    city: required(addressMessages.cityRequired),
    country: required(addressMessages.countryRequired),
  });
}

export interface ShippingAddressValues {
  recipientName: string;
  recipientPhoneNumber?: string;
  recipientAddressLine1: string;
  recipientAddressLine2?: string;
  recipientCity: string;
  recipientState?: string;
  recipientPostal: string;
  recipientCountry: string;
}

/** Every field of a shipping address, in the form's order. */
export const shippingAddressFields: readonly (keyof ShippingAddressValues)[] = [
  'recipientName',
  'recipientPhoneNumber',
  'recipientAddressLine1',
  'recipientAddressLine2',
  'recipientCity',
  'recipientState',
  'recipientPostal',
  'recipientCountry',
];

/** At most this many characters in a shipping address field (an order or a profile item stays small). */
export const shippingFieldMaxLength = 200;

/**
 * The last shipping address a buyer used, kept on their profile to fill the next checkout (and
 * editable on the contact details page): the address and recipient, without the phone number, which
 * comes from the profile's own.
 */
export type SavedShippingAddress = Omit<ShippingAddressValues, 'recipientPhoneNumber'>;

/** The saved address's fields: the shipping address's without the phone. */
export const savedShippingAddressFields = shippingAddressFields.filter(
  (field): field is keyof SavedShippingAddress => field !== 'recipientPhoneNumber',
);

/** Shipping: street, city, country, postal code and recipient name required; apartment, state, phone optional. */
export function validateShippingAddress(
  values: Partial<ShippingAddressValues>,
): FieldErrors<ShippingAddressValues> {
  return validateFields(values, {
    recipientName: required(addressMessages.recipientNameRequired),
    recipientAddressLine1: required(addressMessages.addressLine1Required),
    recipientCity: required(addressMessages.cityRequired),
    recipientPostal: required(addressMessages.postalCodeRequired),
    recipientCountry: required(addressMessages.countryRequired),
  });
}

export interface BillingAddressValues {
  addressLine1: string;
  addressLine2?: string;
  city: string;
  state?: string;
  postal: string;
  country: string;
}

/** Billing: street, city, country, postal code required. */
export function validateBillingAddress(
  values: Partial<BillingAddressValues>,
): FieldErrors<BillingAddressValues> {
  return validateFields(values, {
    addressLine1: required(addressMessages.addressLine1Required),
    city: required(addressMessages.cityRequired),
    postal: required(addressMessages.postalCodeRequired),
    country: required(addressMessages.countryRequired),
  });
}

export interface PaymentFormValues {
  name: string;
  message?: string;
  saveCard?: boolean;
}

/** Payment form: card holder name required; message to seller and save-card optional. */
export function validatePaymentForm(values: Partial<PaymentFormValues>): FieldErrors<PaymentFormValues> {
  return validateFields(values, { name: required(addressMessages.cardHolderNameRequired) });
}
