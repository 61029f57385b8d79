import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/errors/catalogue';
import { fixtureBuyer, fixtureListing, fixtureSavedCard } from './fixtures';
import { type CheckoutContext, checkoutLayout, enquiryCardOnly, paypalOverMaximum } from './layout';
import { initialCheckoutValues } from './values';

const simulated: CheckoutContext = { cardMode: 'simulated', paypal: true };

describe('which parts show', () => {
  const values = { deliveryMethod: 'pickup', paymentMethod: 'card', cardChoice: 'new' } as const;

  it('shows one delivery method as text and hides quantity at stock 1', () => {
    const layout = checkoutLayout(
      fixtureListing({ currentStock: 1 }, { pickupEnabled: false }),
      values,
      simulated,
    );
    expect(layout.fixedDeliveryMethod).toBe('shipping');
    expect(layout.quantityHidden).toBe(true);
    const both = checkoutLayout(fixtureListing(), values, simulated);
    expect(both.fixedDeliveryMethod).toBeUndefined();
    expect(both.deliveryChoices).toEqual(['pickup', 'shipping']);
    expect(both.quantityChoices).toEqual([1, 2, 3]);
  });

  it('shows the shipping address only for shipping', () => {
    expect(checkoutLayout(fixtureListing(), values, simulated).shipping).toBe(false);
    expect(
      checkoutLayout(fixtureListing(), { ...values, deliveryMethod: 'shipping' }, simulated).shipping,
    ).toBe(true);
  });

  it('picks how the card is entered', () => {
    const listing = fixtureListing();
    expect(checkoutLayout(listing, values, simulated)).toMatchObject({
      card: 'simulated',
      saveCardOption: true,
    });
    expect(checkoutLayout(listing, values, { ...simulated, cardMode: 'live' }).card).toBe('elements');
    expect(checkoutLayout(listing, values, { ...simulated, cardMode: null })).toMatchObject({
      card: 'missing-key',
      saveCardOption: false,
    });
    expect(
      checkoutLayout(
        listing,
        { ...values, cardChoice: 'saved' },
        { ...simulated, savedCard: fixtureSavedCard },
      ),
    ).toMatchObject({ card: 'saved', saveCardOption: false });
    expect(checkoutLayout(listing, { ...values, paymentMethod: 'paypal' }, simulated).card).toBeUndefined();
    expect(checkoutLayout(listing, values, { ...simulated, paypal: false }).paypalOffered).toBe(false);
  });

  it("hides PayPal above its maximum and says why; shows the §8 amount too low below the card's minimum", () => {
    const listing = fixtureListing();
    const usd = (amount: number) => ({ amount, currency: 'USD' });
    const atMax = checkoutLayout(listing, values, { ...simulated, payinTotal: usd(1_000_000) });
    expect(atMax.paypalOffered).toBe(true);
    expect(atMax.paypalUnavailable).toBeUndefined();
    const above = checkoutLayout(listing, values, { ...simulated, payinTotal: usd(1_000_001) });
    expect(above.paypalOffered).toBe(false);
    expect(above.paypalUnavailable).toBe(paypalOverMaximum(usd(1_000_000)));
    expect(above.paypalUnavailable).toBe(
      'PayPal takes at most $10,000 in one payment, so this order is paid by card.',
    );
    expect(above.chargeProblem).toBeUndefined();

    expect(checkoutLayout(listing, values, { ...simulated, payinTotal: usd(49) }).chargeProblem).toBe(
      messages.amountTooLow,
    );
    expect(
      checkoutLayout(listing, { ...values, paymentMethod: 'paypal' }, { ...simulated, payinTotal: usd(49) })
        .chargeProblem,
    ).toBeUndefined();
    expect(
      checkoutLayout(listing, values, { ...simulated, payinTotal: usd(100_000_000) }).chargeProblem,
    ).toBe(messages.amountTooHigh);
    expect(
      checkoutLayout(listing, values, { ...simulated, payinTotal: usd(50) }).chargeProblem,
    ).toBeUndefined();
  });
});

describe('buying from an enquiry (?transactionId=)', () => {
  it('offers card only, with one line about PayPal', () => {
    const listing = fixtureListing();
    const values = initialCheckoutValues(listing, {}, fixtureBuyer);
    const layout = checkoutLayout(listing, values, { ...simulated, enquiry: true });
    expect(layout).toMatchObject({
      paypalOffered: false,
      paypalUnavailable: enquiryCardOnly,
      card: 'simulated',
    });
    expect(checkoutLayout(listing, values, simulated).paypalUnavailable).toBeUndefined();
    // Without PayPal configured there is nothing to explain.
    expect(
      checkoutLayout(listing, values, { ...simulated, paypal: false, enquiry: true }).paypalUnavailable,
    ).toBeUndefined();
  });
});
