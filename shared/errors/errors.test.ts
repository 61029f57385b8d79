import { describe, expect, it } from 'vitest';
import { cardErrorCodeMessages, cardErrorMessage, genericCardErrorMessage } from './card-errors';
import {
  apiErrors,
  bankConnectionFailed,
  isApiErrorCode,
  joinWithAnd,
  messages,
  payoutErrorMessage,
  payoutProviderError,
  specApiErrorCodes,
  unsupportedCountry,
  unsupportedPrice,
  unsupportedPriceTitle,
} from './catalogue';
import {
  classifyPaymentError,
  hasErrorWithCode,
  isAccountNotChargeableError,
  isAmountTooLowError,
  isQuantityMissingError,
  type PaymentErrorKind,
  paymentErrorMessage,
  paymentProviderMessages,
} from './payment-errors';
import { isPaypalPurchasable, paypalProblems, paypalProblemsOf } from './paypal-errors';

const paymentFailed = (stripeMessage: string) => ({
  status: 402,
  apiErrors: [{ status: 402, code: 'transaction-payment-failed', meta: { stripeMessage } }],
});

describe('API error catalogue (§8)', () => {
  it('has every spec code with a status and a message', () => {
    expect(specApiErrorCodes).toHaveLength(19);
    for (const code of specApiErrorCodes) {
      expect(isApiErrorCode(code)).toBe(true);
      expect(apiErrors[code].status).toBeGreaterThanOrEqual(400);
      expect(apiErrors[code].title.length).toBeGreaterThan(5);
    }
    expect(apiErrors['not-found'].status).toBe(404);
    expect(apiErrors.forbidden.status).toBe(403);
    expect(apiErrors['transaction-payment-failed'].status).toBe(402);
    expect(apiErrors['transaction-invalid-transition'].status).toBe(409);
    expect(apiErrors['email-too-many-verification-requests'].status).toBe(429);
    expect(apiErrors['request-upload-over-limit'].status).toBe(413);
    expect(apiErrors['transition-in-progress'].title).toBe('Transition already in progress');
    expect(apiErrors['paypal-disbursement-failed'].title).toBe(
      'Funds were not successfully disbursed from paypal',
    );
    expect(isApiErrorCode('toString')).toBe(false);
  });
  it('has the §8 messages', () => {
    expect(messages.transitionInProgress).toBe('Transition already in progress');
    expect(messages.paypalDisbursementFailed).toBe('Funds were not successfully disbursed from paypal');
    expect(messages.paymentExpired).toContain('15 minutes');
    expect(messages.resendVerificationTooMany).toContain('5 verification emails');
    expect(messages.imageTooBig).toContain('20 MB');
    expect(unsupportedPrice('EUR')).toBe('(EUR)');
    expect(unsupportedPriceTitle('EUR')).toBe('Unsupported currency (EUR)');
    expect(unsupportedCountry('XX')).toBe('Country not supported: XX');
  });
  it('builds payout errors with the provider message when there is one', () => {
    expect(payoutErrorMessage({ apiErrors: [{ meta: { stripeMessage: 'Invalid postal code' } }] })).toBe(
      payoutProviderError('Invalid postal code'),
    );
    expect(payoutErrorMessage({ apiErrors: [{}] })).toBe(messages.payoutAccountFailed);
    expect(payoutErrorMessage(undefined, 'accountLink')).toBe(messages.payoutAccountLinkFailed);
    expect(joinWithAnd([])).toBe('');
    expect(joinWithAnd(['a'])).toBe('a');
    expect(joinWithAnd(['a', 'b'])).toBe('a and b');
    expect(bankConnectionFailed('France', ['IBAN'])).toContain('your account number is valid in France');
  });
});

describe('payment error classification (§8)', () => {
  it('recognises amount too low', () => {
    expect(isAmountTooLowError(paymentFailed('Amount must be at least $0.50 usd'))).toBe(true);
    expect(isAmountTooLowError(paymentFailed('Amount must convert to at least 50 cents.'))).toBe(true);
    expect(isAmountTooLowError({ apiErrors: [{ code: 'transaction-charge-zero-payin' }] })).toBe(true);
    expect(isAmountTooLowError(paymentFailed('Your card was declined.'))).toBe(false);
    expect(
      isAmountTooLowError({
        apiErrors: [
          {
            status: 400,
            code: 'transaction-payment-failed',
            meta: { stripeMessage: 'Amount must be at least 1' },
          },
        ],
      }),
    ).toBe(false);
    expect(classifyPaymentError(paymentFailed('Amount must be at least $0.50 usd'))).toBe('amountTooLow');
  });
  it('recognises a seller account that cannot take charges', () => {
    expect(
      isAccountNotChargeableError(paymentFailed('Your account cannot currently make charges. Visit…')),
    ).toBe(true);
    expect(isAccountNotChargeableError(paymentFailed('See verification.disabled_reason for details'))).toBe(
      true,
    );
    expect(
      isAccountNotChargeableError({ apiErrors: [{ status: 402, code: 'transaction-payment-failed' }] }),
    ).toBe(false);
    expect(classifyPaymentError(paymentFailed('Your account cannot currently make charges.'))).toBe(
      'accountNotChargeable',
    );
  });
  it('recognises conflicts, forbidden and the quantity error', () => {
    const conflict = (code: string) => ({ status: 409, apiErrors: [{ status: 409, code }] });
    const cases: [unknown, PaymentErrorKind][] = [
      [conflict('transaction-listing-insufficient-stock'), 'insufficientStock'],
      [conflict('transaction-booking-time-not-available'), 'bookingTimeNotAvailable'],
      [conflict('transaction-invalid-transition'), 'invalidTransition'],
      [conflict('transaction-already-reviewed-by-customer'), 'alreadyReviewed'],
      [conflict('transaction-already-reviewed-by-provider'), 'alreadyReviewed'],
      [conflict('old-total-mismatch'), 'stockOutOfSync'],
      [conflict('transition-in-progress'), 'conflict'],
      [conflict('something-else'), 'conflict'],
      [{ apiErrors: [{ code: 'transaction-listing-not-found' }] }, 'listingNotFound'],
      [{ apiErrors: [{ code: 'transaction-missing-stripe-account' }] }, 'missingPayoutAccount'],
      [{ status: 403 }, 'forbidden'],
      [{ apiErrors: [{ code: 'forbidden' }] }, 'forbidden'],
      [
        { status: 400, statusText: 'Error: transition should contain quantity information' },
        'quantityMissing',
      ],
      [{ status: 429 }, 'tooManyRequests'],
      [paymentFailed('Your card was declined.'), 'paymentFailed'],
      [{ status: 402 }, 'paymentFailed'],
      [{ status: 500 }, 'unknown'],
      [undefined, 'unknown'],
    ];
    for (const [error, kind] of cases) expect(classifyPaymentError(error as never)).toBe(kind);
    expect(isQuantityMissingError({ status: 400 })).toBe(false);
    expect(isQuantityMissingError(undefined)).toBe(false);
    expect(hasErrorWithCode(undefined, 'x')).toBe(false);
    // A conflict code on a non-409 answer is not a conflict.
    expect(
      classifyPaymentError({ status: 400, apiErrors: [{ status: 400, code: 'old-total-mismatch' }] }),
    ).toBe('unknown');
  });
  it('gives a message for each kind', () => {
    const kinds: PaymentErrorKind[] = [
      'amountTooLow',
      'accountNotChargeable',
      'listingNotFound',
      'insufficientStock',
      'bookingTimeNotAvailable',
      'missingPayoutAccount',
      'invalidTransition',
      'alreadyReviewed',
      'stockOutOfSync',
      'conflict',
      'forbidden',
      'quantityMissing',
      'tooManyRequests',
      'paymentFailed',
      'unknown',
    ];
    for (const kind of kinds) expect(paymentErrorMessage(kind).length).toBeGreaterThan(10);
    expect(paymentErrorMessage('amountTooLow')).toBe(messages.amountTooLow);
    expect(paymentErrorMessage('paymentFailed', paymentFailed('Your card was declined.'))).toBe(
      'The payment processor gave the following errors: Your card was declined.',
    );
    expect(paymentProviderMessages(paymentFailed(''))).toEqual([]);
    expect(paymentProviderMessages(undefined)).toEqual([]);
  });
});

describe('card errors (§8)', () => {
  it('maps codes, then types, then a generic message', () => {
    expect(cardErrorMessage({ type: 'card_error', code: 'card_declined' })).toBe('The card was declined.');
    expect(cardErrorMessage({ type: 'validation_error', code: 'incomplete_number' })).toBe(
      'Your card number is incomplete.',
    );
    expect(cardErrorMessage({ code: 'invalid_expiry_year_past' })).toBe(
      "Your card's expiration date is in the past.",
    );
    expect(cardErrorMessage({ type: 'rate_limit_error' })).toBe(
      'Too many requests to the payment processor.',
    );
    expect(cardErrorMessage({ type: 'card_error', code: 'mystery' })).toBe('Payment card cannot be handled.');
    expect(cardErrorMessage({ type: 'weird' })).toBe(genericCardErrorMessage);
    expect(cardErrorMessage(undefined)).toBe(genericCardErrorMessage);
    for (const code of [
      'card_declined',
      'expired_card',
      'incomplete_number',
      'incorrect_number',
      'incorrect_cvc',
      'invalid_cvc',
      'incorrect_zip',
      'invalid_expiry_month',
      'invalid_expiry_year',
      'invalid_expiry_month_past',
      'invalid_swipe_data',
      'missing',
      'processing_error',
    ]) {
      expect(Object.hasOwn(cardErrorCodeMessages, code)).toBe(true);
    }
  });
});

describe('PayPal problems (§8)', () => {
  it('lists what blocks a seller', () => {
    expect(paypalProblemsOf(undefined)).toEqual(['accountNotLinked']);
    expect(paypalProblemsOf({ merchantId: 'M1', paypalOffboarded: true })).toEqual(['accountNotLinked']);
    expect(paypalProblemsOf({ merchantId: 'M1' })).toEqual(['sellerNotOnboarded']);
    expect(
      paypalProblemsOf({
        merchantId: 'M1',
        paypalOnboarded: true,
        isPaymentsReceivable: false,
        isPrimaryEmailValidated: false,
        hasOAuthPermissions: false,
      }),
    ).toEqual(['paymentsNotReceivable', 'primaryEmailNotValidated', 'missingOAuthPermissions']);
    const ok = {
      merchantId: 'M1',
      paypalOnboarded: true,
      isPaymentsReceivable: true,
      isPrimaryEmailValidated: true,
    };
    expect(isPaypalPurchasable(ok)).toBe(true);
    expect(isPaypalPurchasable({ ...ok, paypalOnboarded: false })).toBe(false);
    expect(paypalProblems.paymentsNotReceivable).toContain('cannot receive payments');
  });
});
