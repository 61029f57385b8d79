import { describe, expect, it } from 'vitest';
import { shipmentMessages } from './messages';
import {
  bookingDatesValidator,
  bookingDateValidator,
  bookingMessage,
  checkBookingRange,
  checkProductOrder,
  enquiryMessageValidator,
  productOrderMessage,
  ratingValidator,
  shipmentRequired,
  trackingNumberOf,
  trackingNumberValidator,
  validateReview,
  validateShipment,
} from './orders';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

describe('review, dispute, enquiry (§5)', () => {
  it('needs a rating 1–5 and text', () => {
    expect(validateReview({ reviewRating: 5, reviewContent: 'Great seller' })).toEqual({});
    expect(validateReview({ reviewRating: '1', reviewContent: 'ok' })).toEqual({});
    expect(validateReview({})).toEqual({
      reviewRating: 'Rating is required.',
      reviewContent: 'You need to add a message to leave a review.',
    });
    for (const bad of [0, 6, 2.5, 'x', null]) expect(ratingValidator(bad)).toBe('Rating is required.');
    expect(validateReview({ reviewRating: 3, reviewContent: 'x'.repeat(5001) }).reviewContent).toBe(
      'Must be 5000 characters or less',
    );
  });
  it('needs an enquiry message (a dispute: disputes.test.ts)', () => {
    expect(enquiryMessageValidator('')).toBe('A message is required');
    expect(enquiryMessageValidator('Is it still available?')).toBeUndefined();
    expect(enquiryMessageValidator('x'.repeat(5001))).toBe('Must be 5000 characters or less');
  });
});

describe('product order (§5 keys)', () => {
  const listing = {
    authorId: 'seller',
    price: usd(100_00),
    currentStock: 2,
    pickupEnabled: true,
    shippingEnabled: false,
  };
  const order = { listing, viewerId: 'buyer', quantity: 1, deliveryMethod: 'pickup' };
  it('accepts a valid order', () => {
    expect(checkProductOrder(order)).toBeUndefined();
    expect(checkProductOrder({ ...order, viewerId: undefined })).toBeUndefined();
  });
  it('returns the first problem by key', () => {
    expect(checkProductOrder({ ...order, listing: { ...listing, price: null } })).toBe('listingPriceMissing');
    expect(
      checkProductOrder({ ...order, listing: { ...listing, price: { amount: 1, currency: 'EUR' } } }),
    ).toBe('listingCurrencyInvalid');
    expect(checkProductOrder({ ...order, viewerId: 'seller' })).toBe('ownListing');
    expect(checkProductOrder({ ...order, listing: { ...listing, pickupEnabled: false } })).toBe(
      'noDeliveryMethodSet',
    );
    expect(checkProductOrder({ ...order, quantity: undefined })).toBe('quantityRequired');
    expect(checkProductOrder({ ...order, quantity: 0 })).toBe('quantityRequired');
    expect(checkProductOrder({ ...order, quantity: '2' })).toBeUndefined();
    expect(checkProductOrder({ ...order, quantity: 3 })).toBe('quantityTooLarge');
    expect(checkProductOrder({ ...order, deliveryMethod: null })).toBe('deliveryMethodRequired');
    expect(checkProductOrder({ ...order, deliveryMethod: 'shipping' })).toBe('deliveryMethodRequired');
    expect(
      checkProductOrder({ ...order, listing: { ...listing, currentStock: undefined }, quantity: 50 }),
    ).toBeUndefined();
  });
  it('has the messages', () => {
    expect(productOrderMessage('deliveryMethodRequired')).toBe('Delivery method is required');
    expect(productOrderMessage('quantityRequired')).toBe('Please select a quantity');
    expect(productOrderMessage('noDeliveryMethodSet')).toBe("Provider hasn't enabled any delivery method.");
    expect(productOrderMessage('listingPriceMissing')).toBe('Oops, this listing has no price!');
    expect(productOrderMessage('listingCurrencyInvalid')).toBe(
      "Oops, the currency of the listing doesn't match the currency of the marketplace.",
    );
    expect(productOrderMessage('ownListing')).toBe("You won't be able to buy your own listing.");
  });
});

describe('booking dates (§5 keys)', () => {
  it('requires dates', () => {
    expect(bookingDateValidator({ date: day('2026-03-10') })).toBeUndefined();
    expect(bookingDateValidator({})).toBe('Oops, make sure your date is correct!');
    expect(bookingDateValidator(null)).toBe('Oops, make sure your date is correct!');
    expect(bookingDateValidator({ date: new Date('x') })).toBe('Oops, make sure your date is correct!');
    expect(
      bookingDatesValidator({ startDate: day('2026-03-10'), endDate: day('2026-03-11') }),
    ).toBeUndefined();
    expect(bookingDatesValidator({ endDate: day('2026-03-11') })).toBe('The start date is not valid');
    expect(bookingDatesValidator({ startDate: day('2026-03-10') })).toBe('The end date is not valid');
    expect(bookingDatesValidator(undefined)).toBe('The start date is not valid');
  });
  const today = day('2026-03-10');
  const base = { unitType: 'night' as const, today };
  it('checks a range against the window, minimum nights and unavailable days', () => {
    expect(
      checkBookingRange({ ...base, startDate: day('2026-03-10'), endDate: day('2026-03-12') }),
    ).toBeUndefined();
    expect(checkBookingRange({ ...base, startDate: day('2026-03-09'), endDate: day('2026-03-12') })).toBe(
      'invalidStartDate',
    );
    expect(checkBookingRange({ ...base, startDate: null, endDate: day('2026-03-12') })).toBe(
      'invalidStartDate',
    );
    expect(checkBookingRange({ ...base, startDate: day('2026-03-12'), endDate: day('2026-03-11') })).toBe(
      'invalidEndDate',
    );
    expect(checkBookingRange({ ...base, startDate: day('2026-03-12') })).toBe('invalidEndDate');
    expect(checkBookingRange({ ...base, startDate: day('2026-03-12'), endDate: day('2026-03-12') })).toBe(
      'minimumNights',
    );
    expect(
      checkBookingRange({
        ...base,
        unitType: 'day',
        startDate: day('2026-03-12'),
        endDate: day('2026-03-12'),
      }),
    ).toBeUndefined();
    const isBlocked = (d: Date) => d.toISOString().startsWith('2026-03-11');
    expect(
      checkBookingRange({ ...base, startDate: day('2026-03-10'), endDate: day('2026-03-13'), isBlocked }),
    ).toBe('unavailableDays');
    // The check-out day of a night range may be the first day after the window.
    expect(
      checkBookingRange({ ...base, startDate: day('2026-06-06'), endDate: day('2026-06-08') }),
    ).toBeUndefined();
    expect(
      checkBookingRange({
        ...base,
        unitType: 'day',
        startDate: day('2026-06-06'),
        endDate: day('2026-06-08'),
      }),
    ).toBe('unavailableDays');
  });
  it('checks the listing first', () => {
    const listing = { authorId: 'owner', price: usd(1000) };
    const range = { ...base, startDate: day('2026-03-10'), endDate: day('2026-03-12') };
    expect(checkBookingRange({ ...range, listing, viewerId: 'someone' })).toBeUndefined();
    expect(checkBookingRange({ ...range, listing, viewerId: 'owner' })).toBe('ownListing');
    expect(checkBookingRange({ ...range, listing: { ...listing, price: null } })).toBe('listingPriceMissing');
    expect(
      checkBookingRange({ ...range, listing: { ...listing, price: { amount: 1, currency: 'SEK' } } }),
    ).toBe('listingCurrencyInvalid');
    expect(bookingMessage('requiredDate')).toBe('Oops, make sure your date is correct!');
    expect(bookingMessage('invalidStartDate')).toBe('The start date is not valid');
    expect(bookingMessage('invalidEndDate')).toBe('The end date is not valid');
  });
});

describe('mark shipped: carrier and tracking number (browser and API)', () => {
  it('a shipped order asks for them; a pickup, handed over, does not', () => {
    expect(shipmentRequired('shipping')).toBe(true);
    expect(shipmentRequired(undefined)).toBe(true);
    expect(shipmentRequired('pickup')).toBe(false);
    expect(validateShipment({}, 'pickup')).toEqual({});
  });

  it('the tracking number is trimmed text; anything else is none', () => {
    expect(trackingNumberOf('  1Z999AA10123456784 ')).toBe('1Z999AA10123456784');
    expect(trackingNumberOf(42)).toBe('');
    expect(trackingNumberOf(undefined)).toBe('');
  });

  it('tracking number: required, at most 100 characters once trimmed', () => {
    expect(trackingNumberValidator('')).toBe(shipmentMessages.trackingNumberRequired);
    expect(trackingNumberValidator('   ')).toBe(shipmentMessages.trackingNumberRequired);
    expect(trackingNumberValidator('x'.repeat(100))).toBeUndefined();
    expect(trackingNumberValidator(` ${'x'.repeat(100)} `)).toBeUndefined();
    expect(trackingNumberValidator('x'.repeat(101))).toBe(shipmentMessages.trackingNumberTooLong);
  });

  it('a shipped order needs a known carrier and the tracking number', () => {
    expect(validateShipment({ carrier: 'ups', trackingNumber: '1Z999' }, 'shipping')).toEqual({});
    expect(validateShipment({ carrier: 'pigeon', trackingNumber: '' }, 'shipping')).toEqual({
      carrier: shipmentMessages.carrierRequired,
      trackingNumber: shipmentMessages.trackingNumberRequired,
    });
  });
});
