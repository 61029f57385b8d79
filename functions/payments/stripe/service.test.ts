import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../lib/errors';
import { CardProcessorError, type ProviderAccount } from './port';
import { accountView, cardError, payoutError, savedCard } from './service';

describe('views', () => {
  const account: ProviderAccount = {
    id: 'acct_1',
    country: 'CA',
    currency: 'CAD',
    businessType: 'company',
    chargesEnabled: true,
    payoutsEnabled: true,
    transfersActive: true,
    detailsSubmitted: true,
    requirementsDue: [],
    requirementErrors: [],
    bankAccountLast4: '6789',
  };
  it('maps an account with its status box', () => {
    expect(accountView(account)).toEqual({
      stripeAccountId: 'acct_1',
      accountType: 'company',
      country: 'CA',
      currency: 'CAD',
      bankAccountLast4: '6789',
      chargesEnabled: true,
      payoutsEnabled: true,
      transfersActive: true,
      requirementsDue: [],
      status: 'verificationSuccess',
    });
  });
  it("maps a card with the spec's brand keys", () => {
    expect(savedCard({ id: 'pm_1', brand: 'discover', last4: '1117', expMonth: 1, expYear: 2031 })).toEqual({
      stripePaymentMethodId: 'pm_1',
      brand: 'discovery',
      last4Digits: '1117',
      expirationMonth: 1,
      expirationYear: 2031,
    });
    expect(
      savedCard({ id: 'pm_2', brand: 'cartes_bancaires', last4: '1', expMonth: 1, expYear: 1 }).brand,
    ).toBe('unknown');
  });
});

const caught = (run: () => never): ApiError => {
  try {
    run();
  } catch (error) {
    return error as ApiError;
  }
};

describe('payoutError (§8)', () => {
  it('gives per-field messages for bad bank details', () => {
    const error = caught(() =>
      payoutError(
        new CardProcessorError('invalid_request_error', 'Could not connect…', {
          code: 'invalid_bank_account',
          fields: { iban: 'Bank account number (IBAN) is not valid.' },
        }),
        'account',
      ),
    );
    expect(error).toMatchObject({
      code: 'validation-invalid-params',
      status: 400,
      message: 'Could not connect…',
    });
    expect(error.meta).toMatchObject({ fields: { iban: 'Bank account number (IBAN) is not valid.' } });
  });
  it('quotes the provider message for request errors and keeps it in meta.stripeMessage', () => {
    const error = caught(() =>
      payoutError(
        new CardProcessorError('invalid_request_error', 'Token used', { code: 'token_already_used' }),
        'account',
      ),
    );
    expect(error.message).toBe(
      'Whoops, something went wrong. The payment provider returned an error message: "Token used"',
    );
    expect(error.meta).toEqual({ stripeMessage: 'Token used', stripeCode: 'token_already_used' });
  });
  it('is the generic message for other provider failures, and rethrows anything else', () => {
    expect(
      caught(() => payoutError(new CardProcessorError('api_error', 'down'), 'accountLink')).message,
    ).toBe('Whoops, something went wrong. Please contact your marketplace administrators.');
    const plain = new Error('boom');
    expect(caught(() => payoutError(plain, 'account'))).toBe(plain);
  });
});

describe('cardError', () => {
  it("uses the card-error messages and the provider's code", () => {
    const declined = caught(() =>
      cardError(new CardProcessorError('card_error', 'Your card was declined.', { code: 'card_declined' })),
    );
    expect(declined).toMatchObject({ code: 'validation-invalid-value', message: 'The card was declined.' });
    const missing = caught(() =>
      cardError(new CardProcessorError('invalid_request_error', 'No such', { code: 'resource_missing' })),
    );
    expect(missing.code).toBe('not-found');
    expect(caught(() => cardError(new CardProcessorError('api_error', 'down'))).code).toBe('server-error');
  });
});
