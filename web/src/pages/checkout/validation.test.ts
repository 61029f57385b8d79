import { describe, expect, it } from 'vitest';
import { addressMessages, productOrderMessages } from '../../../../shared/validation/messages';
import { fixtureEmptyValues, fixtureListing, fixtureSavedCard } from './fixtures';
import type { CheckoutContext } from './layout';
import { validateCheckout } from './validation';

const simulated: CheckoutContext = { cardMode: 'simulated', paypal: true };

describe('validation messages (§5, exact)', () => {
  const listing = fixtureListing();
  const empty = fixtureEmptyValues;

  it('asks for the delivery method and quantity', () => {
    const errors = validateCheckout(empty, listing, simulated);
    expect(errors.deliveryMethod).toBe(productOrderMessages.deliveryMethodRequired);
    expect(errors.quantity).toBe(productOrderMessages.quantityRequired);
    expect(
      validateCheckout({ ...empty, deliveryMethod: 'pickup', quantity: '4' }, listing, simulated).quantity,
    ).toBe(productOrderMessages.quantityTooLarge);
  });

  it('asks for the shipping address when shipping', () => {
    const errors = validateCheckout(
      { ...empty, deliveryMethod: 'shipping', quantity: '1' },
      listing,
      simulated,
    );
    expect(errors).toMatchObject({
      recipientName: 'Recipient name is required.',
      recipientAddressLine1: addressMessages.addressLine1Required,
      recipientCity: addressMessages.cityRequired,
      recipientPostal: addressMessages.postalCodeRequired,
      recipientCountry: addressMessages.countryRequired,
    });
    expect(errors.recipientPhoneNumber).toBeUndefined();
    expect(errors.recipientAddressLine2).toBeUndefined();
    expect(errors.recipientState).toBeUndefined();
  });

  it('asks for the card holder, the billing address and the test card', () => {
    const errors = validateCheckout(
      { ...empty, deliveryMethod: 'pickup', quantity: '1' },
      listing,
      simulated,
    );
    expect(errors).toMatchObject({
      name: addressMessages.cardHolderNameRequired,
      addressLine1: addressMessages.addressLine1Required,
      postal: addressMessages.postalCodeRequired,
      city: addressMessages.cityRequired,
      country: addressMessages.countryRequired,
      cardNumber: 'Enter the card number.',
    });
    expect(errors.addressLine2).toBeUndefined();
    expect(errors.state).toBeUndefined();
    expect(errors.recipientName).toBeUndefined();
  });

  it('takes the shipping address as billing address while "same as shipping" is checked', () => {
    const shipped = { ...empty, deliveryMethod: 'shipping', quantity: '1' } as const;
    const same = validateCheckout({ ...shipped, billingSameAsShipping: true }, listing, simulated);
    expect(same.addressLine1).toBeUndefined();
    expect(same.country).toBeUndefined();
    expect(same.recipientAddressLine1).toBe(addressMessages.addressLine1Required);
    const other = validateCheckout({ ...shipped, billingSameAsShipping: false }, listing, simulated);
    expect(other.addressLine1).toBe(addressMessages.addressLine1Required);
  });

  it("refuses a country the listing does not ship to, with the API's message", () => {
    const germanyOnly = fixtureListing({}, { shipsTo: { scope: 'seller-country' } });
    const toFrance = { ...empty, deliveryMethod: 'shipping', quantity: '1', recipientCountry: 'FR' } as const;
    expect(validateCheckout(toFrance, germanyOnly, simulated).recipientCountry).toBe(
      'This seller does not ship to France. They ship to Germany.',
    );
    expect(
      validateCheckout({ ...toFrance, recipientCountry: 'DE' }, germanyOnly, simulated).recipientCountry,
    ).toBeUndefined();
    expect(validateCheckout(toFrance, listing, simulated).recipientCountry).toBeUndefined();
  });

  it('needs no card fields for PayPal or a saved card', () => {
    const paypal = validateCheckout(
      { ...empty, deliveryMethod: 'pickup', quantity: '1', paymentMethod: 'paypal' },
      listing,
      simulated,
    );
    expect(paypal).toEqual({});
    const saved = validateCheckout(
      { ...empty, deliveryMethod: 'pickup', quantity: '1', cardChoice: 'saved' },
      listing,
      { ...simulated, savedCard: fixtureSavedCard },
    );
    expect(saved.cardNumber).toBeUndefined();
    expect(saved.name).toBe(addressMessages.cardHolderNameRequired);
  });
});
