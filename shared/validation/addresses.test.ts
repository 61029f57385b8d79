import { describe, expect, it } from 'vitest';
import {
  validateBillingAddress,
  validatePaymentAddress,
  validatePaymentForm,
  validateShippingAddress,
} from './addresses';

describe('addresses (§5)', () => {
  it('payment address: line 1, postal, city, country required', () => {
    expect(validatePaymentAddress({})).toEqual({
      addressLine1: 'Street address is required',
      postal: 'Postal code is required',
      city: 'City is required',
      country: 'Country is required',
    });
    expect(
      validatePaymentAddress({ addressLine1: '1 Main', postal: 'H2X', city: 'Montréal', country: 'CA' }),
    ).toEqual({});
  });
  it('shipping address: recipient name, street, city, postal code, country required', () => {
    expect(validateShippingAddress({})).toEqual({
      recipientName: 'Recipient name is required.',
      recipientAddressLine1: 'Street address is required',
      recipientCity: 'City is required',
      recipientPostal: 'Postal code is required',
      recipientCountry: 'Country is required',
    });
    expect(
      validateShippingAddress({
        recipientName: 'Jane',
        recipientAddressLine1: '1 Main',
        recipientCity: 'Toronto',
        recipientPostal: 'M5V',
        recipientCountry: 'CA',
      }),
    ).toEqual({});
  });
  it('billing address and payment form', () => {
    expect(Object.keys(validateBillingAddress({}))).toEqual(['addressLine1', 'city', 'postal', 'country']);
    expect(validateBillingAddress({ addressLine1: 'a', city: 'b', postal: 'c', country: 'US' })).toEqual({});
    expect(validatePaymentForm({})).toEqual({ name: "Card holder's name is required" });
    expect(validatePaymentForm({ name: 'Jane Doe', saveCard: true })).toEqual({});
  });
});
