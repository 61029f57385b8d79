import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../../shared/api/account';
import { fixtureBuyer, fixtureEmptyValues, fixtureListing, fixtureSavedCard } from './fixtures';
import { billingDetailsOf, initialCheckoutValues, orderDataRequest } from './values';

describe('the first values', () => {
  it('starts from the order panel choice, within the stock', () => {
    const values = initialCheckoutValues(
      fixtureListing(),
      { deliveryMethod: 'shipping', quantity: 2 },
      fixtureBuyer,
    );
    expect(values).toMatchObject({
      deliveryMethod: 'shipping',
      quantity: '2',
      paymentMethod: 'card',
      cardChoice: 'new',
      name: 'Bea Buyer',
      recipientName: 'Bea Buyer',
    });
    expect(initialCheckoutValues(fixtureListing(), { quantity: 9 }).quantity).toBe('3');
    expect(initialCheckoutValues(fixtureListing(), {}).deliveryMethod).toBe('');
  });

  it('preselects the one delivery method and fixes quantity 1 at stock 1', () => {
    const listing = fixtureListing({ currentStock: 1 }, { shippingEnabled: false });
    expect(initialCheckoutValues(listing, { deliveryMethod: 'shipping', quantity: 4 })).toMatchObject({
      deliveryMethod: 'pickup',
      quantity: '1',
    });
  });

  it('chooses the saved card when it is still valid', () => {
    const user = { ...fixtureBuyer, payments: { defaultPaymentMethod: fixtureSavedCard } } as CurrentUser;
    expect(initialCheckoutValues(fixtureListing(), {}, user).cardChoice).toBe('saved');
    const expired = {
      ...fixtureBuyer,
      payments: { defaultPaymentMethod: { ...fixtureSavedCard, expirationYear: 2001 } },
    };
    expect(initialCheckoutValues(fixtureListing(), {}, expired as CurrentUser).cardChoice).toBe('new');
  });
});

describe('the saved shipping address', () => {
  it("fills the shipping address from the buyer's profile, its recipient over the buyer's name", () => {
    const saved = {
      recipientName: 'Lena Huber',
      recipientAddressLine1: 'Torstraße 1',
      recipientCity: 'Berlin',
      recipientPostal: '10119',
      recipientCountry: 'DE',
    };
    const values = initialCheckoutValues(fixtureListing(), {}, { ...fixtureBuyer, shippingAddress: saved });
    expect(values).toMatchObject({ ...saved, name: 'Bea Buyer' });
    expect(initialCheckoutValues(fixtureListing(), {}, fixtureBuyer).recipientAddressLine1).toBeUndefined();
  });
});

describe('the order data', () => {
  const empty = fixtureEmptyValues;

  it('sends the quantity as stockReservationQuantity with the trimmed address', () => {
    expect(
      orderDataRequest({
        ...empty,
        deliveryMethod: 'shipping',
        quantity: '2',
        recipientName: ' Bea ',
        recipientAddressLine1: '1 Main St',
        recipientCity: 'Town',
        recipientPostal: '123',
        recipientCountry: 'US',
        recipientState: '',
      }),
    ).toEqual({
      deliveryMethod: 'shipping',
      stockReservationQuantity: 2,
      shippingDetails: {
        recipientName: 'Bea',
        recipientAddressLine1: '1 Main St',
        recipientCity: 'Town',
        recipientPostal: '123',
        recipientCountry: 'US',
      },
    });
    expect(orderDataRequest({ ...empty, deliveryMethod: 'pickup', quantity: '1' })).toEqual({
      deliveryMethod: 'pickup',
      stockReservationQuantity: 1,
    });
  });
});

describe('the card holder sent to the card provider', () => {
  const shipped = {
    ...fixtureEmptyValues,
    deliveryMethod: 'shipping',
    quantity: '1',
    name: ' Bea Buyer ',
    recipientAddressLine1: 'Torstraße 1',
    recipientCity: 'Berlin',
    recipientPostal: '10119',
    recipientCountry: 'DE',
    addressLine1: '1 Other St',
    city: 'London',
    postal: 'N1 9GU',
    country: 'GB',
  } as const;

  it('is the shipping address while "same as shipping" is checked, the typed one otherwise', () => {
    expect(billingDetailsOf({ ...shipped, billingSameAsShipping: true })).toEqual({
      name: 'Bea Buyer',
      address: { line1: 'Torstraße 1', city: 'Berlin', postal_code: '10119', country: 'DE' },
    });
    expect(billingDetailsOf({ ...shipped, billingSameAsShipping: false })?.address).toEqual({
      line1: '1 Other St',
      city: 'London',
      postal_code: 'N1 9GU',
      country: 'GB',
    });
    // A pickup has no shipping address: the typed billing address, whatever the box said.
    expect(
      billingDetailsOf({ ...shipped, deliveryMethod: 'pickup', billingSameAsShipping: true })?.address?.city,
    ).toBe('London');
  });

  it('is only the name without a complete address, and nothing when empty', () => {
    expect(billingDetailsOf({ ...fixtureEmptyValues, name: 'Bea' })).toEqual({ name: 'Bea' });
    expect(billingDetailsOf(fixtureEmptyValues)).toBeUndefined();
  });
});
