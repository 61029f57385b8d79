import { describe, expect, it } from 'vitest';
import type { SavedCard } from '../../../../../shared/api/payments';
import {
  cardExpiryLabel,
  cardLabel,
  showsExpiredWarning,
  simulatedCardRequest,
  validateCardForm,
} from './card-rules';

const card = (month: number, year: number): SavedCard => ({
  stripePaymentMethodId: 'pm_1',
  brand: 'visa',
  last4Digits: '4242',
  expirationMonth: month,
  expirationYear: year,
});

describe('saved card', () => {
  it('is labelled with the brand and last four, and its expiry', () => {
    expect(cardLabel(card(4, 2030))).toBe('Visa •••• 4242');
    expect(cardLabel({ brand: 'unknown', last4Digits: '0005' })).toBe('Card •••• 0005');
    expect(cardExpiryLabel(card(4, 2030))).toBe('Expires 04/2030');
  });

  it('warns when the default card has expired (valid through the end of its month)', () => {
    const now = new Date('2026-11-22T02:00:00Z');
    expect(showsExpiredWarning(undefined, now)).toBe(false);
    expect(showsExpiredWarning(card(11, 2026), now)).toBe(false);
    expect(showsExpiredWarning(card(12, 2026), now)).toBe(false);
    expect(showsExpiredWarning(card(10, 2026), now)).toBe(true);
    expect(showsExpiredWarning(card(12, 2025), now)).toBe(true);
    expect(showsExpiredWarning(card(1, 2027), now)).toBe(false);
  });
});

describe('simulated card form', () => {
  it('asks for the number, expiry and CVC', () => {
    expect(validateCardForm({})).toEqual({
      cardNumber: 'Enter the card number.',
      expMonth: 'Enter the expiry month.',
      expYear: 'Enter the expiry year.',
      cvc: 'Enter the security code.',
    });
    expect(validateCardForm({ cardNumber: '4242', expMonth: '13', expYear: '3', cvc: '1' })).toEqual({
      cardNumber: 'Your card number is incomplete.',
      expMonth: "The card's expiration month is invalid.",
      expYear: "The card's expiration year is invalid.",
      cvc: "The card's security code is invalid.",
    });
    expect(
      validateCardForm({ cardNumber: '4242 4242 4242 4242', expMonth: '4', expYear: '2030', cvc: '123' }),
    ).toEqual({});
  });

  it('sends the digits, numbers and a four-digit year', () => {
    expect(
      simulatedCardRequest({
        cardNumber: '4242 4242-4242 4242',
        expMonth: '04',
        expYear: '30',
        cvc: ' 123 ',
      }),
    ).toEqual({ number: '4242424242424242', expMonth: 4, expYear: 2030, cvc: '123' });
    expect(
      simulatedCardRequest({
        cardNumber: '4242',
        expMonth: '4',
        expYear: '2031',
        cvc: '1',
        postalCode: ' 94110 ',
      }),
    ).toMatchObject({ expYear: 2031, postalCode: '94110' });
  });
});
