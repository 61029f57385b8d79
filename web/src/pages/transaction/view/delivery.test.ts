import { describe, expect, it } from 'vitest';
import type { TransactionView } from '../../../../../shared/api/transactions';
import { londonAddress } from '../../../../../shared/text/addresses.test-helper';
import { fixtureTransaction } from '../fixtures';
import { deliverySection } from './delivery';

describe('delivery section', () => {
  const address = londonAddress;
  const place = {
    address: 'Berlin, Germany',
    building: 'Kastanienallee 12',
    geolocation: { lat: 52.5, lng: 13.4 },
  };
  const shipped = (state: TransactionView['state']) =>
    fixtureTransaction({ state, protectedData: { shippingDetails: address } });
  const pickup = (state: TransactionView['state'], withPlace = true) =>
    fixtureTransaction({
      state,
      orderData: { deliveryMethod: 'pickup', quantity: 1 },
      protectedData: withPlace ? { pickupLocation: place } : {},
    });

  it('the seller: "Ship to" with a copy button from the purchase until the order ends', () => {
    for (const state of ['purchased', 'delivered', 'disputed'] as const) {
      expect(deliverySection(shipped(state), 'provider')).toEqual({
        kind: 'shipping',
        heading: 'Ship to',
        address,
        copy: true,
      });
    }
    for (const state of ['received', 'completed', 'reviewed', 'canceled'] as const) {
      expect(deliverySection(shipped(state), 'provider')).toBeUndefined();
    }
  });

  it('the buyer: "Shipping to", their own address', () => {
    expect(deliverySection(shipped('purchased'), 'customer')).toMatchObject({
      heading: 'Shipping to',
      copy: false,
    });
  });

  it('pickup: the place for the buyer once the API sends it; before payment, when it will come', () => {
    expect(deliverySection(pickup('purchased'), 'customer')).toEqual({
      kind: 'pickup',
      heading: 'Pickup address',
      place,
    });
    expect(deliverySection(pickup('pending-payment', false), 'customer')).toEqual({ kind: 'pickup-pending' });
    expect(deliverySection(pickup('canceled', false), 'customer')).toBeUndefined();
    expect(deliverySection(pickup('purchased'), 'provider')).toMatchObject({
      heading: 'The buyer collects it at',
    });
    expect(deliverySection(pickup('reviewed'), 'provider')).toBeUndefined();
  });
});
