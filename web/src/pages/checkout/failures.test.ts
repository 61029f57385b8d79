import { describe, expect, it } from 'vitest';
import { apiErrors, messages } from '../../../../shared/errors/catalogue';
import { productOrderMessages } from '../../../../shared/validation/messages';
import { ApiRequestError } from '../../api/client';
import { CardProviderError } from '../../payments/card-provider';
import { checkoutFailure, lineItemsFailure, PaypalCanceled } from './failures';
import { fixtureApiError } from './fixtures';

describe('errors → §8 messages', () => {
  it('maps the order codes', () => {
    expect(
      checkoutFailure('initiate', fixtureApiError(409, 'transaction-listing-insufficient-stock')).message,
    ).toBe(messages.notEnoughStock);
    expect(checkoutFailure('initiate', fixtureApiError(404, 'transaction-listing-not-found')).message).toBe(
      messages.listingUnavailable,
    );
    expect(
      checkoutFailure('initiate', fixtureApiError(409, 'transaction-missing-stripe-account')).message,
    ).toBe(messages.providerLacksPayoutInfo);
    expect(
      checkoutFailure('paypal-order', fixtureApiError(409, 'transaction-missing-stripe-account')).message,
    ).toBe(messages.providerLacksPayoutInfo);
    expect(checkoutFailure('initiate', fixtureApiError(409, 'old-total-mismatch')).message).toBe(
      messages.stockOutOfSync,
    );
    expect(checkoutFailure('initiate', fixtureApiError(400, 'transaction-charge-zero-payin')).message).toBe(
      messages.amountTooLow,
    );
    expect(checkoutFailure('initiate', fixtureApiError(400, 'transaction-charge-too-high')).message).toBe(
      messages.amountTooHigh,
    );
    expect(checkoutFailure('initiate', fixtureApiError(403, 'forbidden')).message).toBe(
      productOrderMessages.ownListing,
    );
  });

  it('maps payment failures', () => {
    expect(
      checkoutFailure(
        'initiate',
        fixtureApiError(402, 'transaction-payment-failed', {
          stripeMessage: 'Amount must be at least $0.50 usd',
        }),
      ).message,
    ).toBe(messages.amountTooLow);
    expect(
      checkoutFailure(
        'initiate',
        fixtureApiError(402, 'transaction-payment-failed', {
          stripeCode: 'payment_intent_authentication_failure',
        }),
      ).message,
    ).toBe(messages.paymentMethodAuthenticationFailed);
    expect(
      checkoutFailure(
        'initiate',
        fixtureApiError(402, 'transaction-payment-failed', { stripeMessage: 'nope' }),
      ).message,
    ).toBe(apiErrors['transaction-payment-failed'].title);
    expect(
      checkoutFailure(
        'confirm-card',
        new CardProviderError({
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message: 'x',
        }),
      ).message,
    ).toBe(messages.paymentMethodAuthenticationFailed);
    expect(
      checkoutFailure('confirm-card', new CardProviderError({ type: 'api_error', message: 'x' })).message,
    ).toBe(messages.couldNotHandlePaymentData);
    expect(checkoutFailure('confirm-card', new Error('boom')).message).toBe(
      messages.couldNotHandlePaymentData,
    );
  });

  it('maps PayPal failures', () => {
    expect(checkoutFailure('paypal-approve', new PaypalCanceled('x')).message).toBe(
      messages.paypalPaymentCanceled,
    );
    expect(checkoutFailure('paypal-approve', new Error('x')).message).toBe(messages.paypalPaymentError);
    expect(
      checkoutFailure(
        'initiate',
        fixtureApiError(
          402,
          'transaction-payment-failed',
          { paypalStatus: 'VOIDED' },
          messages.paypalPaymentCanceled,
        ),
      ).message,
    ).toBe(messages.paypalPaymentCanceled);
    expect(
      checkoutFailure(
        'initiate',
        fixtureApiError(
          402,
          'transaction-payment-failed',
          { paypalStatus: 'CREATED' },
          messages.paypalPaymentError,
        ),
      ).message,
    ).toBe(messages.paypalPaymentError);
    expect(
      checkoutFailure(
        'confirm-payment',
        fixtureApiError(402, 'transaction-payment-failed', { paypalIssue: 'INSTRUMENT_DECLINED' }),
      ).message,
    ).toBe(messages.paypalPaymentError);
  });

  it('says payment made but not confirmed, or expired after 15 minutes', () => {
    expect(checkoutFailure('confirm-payment', new ApiRequestError(0, null))).toEqual({
      message: messages.paymentNotConfirmed,
      retry: 'confirm-payment',
    });
    expect(
      checkoutFailure(
        'confirm-payment',
        fixtureApiError(409, 'transaction-invalid-transition', undefined, messages.paymentExpired),
      ),
    ).toEqual({ message: messages.paymentExpired });
    expect(
      checkoutFailure('confirm-payment', fixtureApiError(409, 'transaction-invalid-transition'), {
        initiatedAt: 0,
        now: 15 * 60 * 1000,
      }),
    ).toEqual({ message: messages.paymentExpired });
    expect(
      checkoutFailure('confirm-payment', new ApiRequestError(500, null), {
        initiatedAt: 0,
        now: 16 * 60 * 1000,
      }).message,
    ).toBe(messages.paymentExpired);
  });

  it('says what failed after the order was made', () => {
    expect(checkoutFailure('save-card', new Error('x'))).toMatchObject({
      message: messages.saveDefaultPaymentMethodFailed,
      link: { href: '/account/payment-methods' },
      orderKept: true,
    });
    expect(checkoutFailure('message', new Error('x'))).toMatchObject({
      message: messages.initialMessageFailed,
      orderKept: true,
    });
  });

  it('puts field errors of a 400 on the fields', () => {
    const failure = checkoutFailure(
      'initiate',
      fixtureApiError(400, 'validation-invalid-params', {
        fields: {
          'shippingDetails.recipientCity': 'City is required',
          stockReservationQuantity: 'Please select a quantity',
        },
      }),
    );
    expect(failure.fields).toEqual({
      recipientCity: 'City is required',
      quantity: 'Please select a quantity',
    });
  });

  it('explains a failed breakdown', () => {
    expect(lineItemsFailure(new ApiRequestError(500, null))).toBe(messages.breakdownFailed);
    expect(lineItemsFailure(fixtureApiError(400, 'transaction-charge-too-high'))).toBe(
      messages.amountTooHigh,
    );
    expect(lineItemsFailure(fixtureApiError(400, 'transaction-charge-zero-payin'))).toBe(
      messages.amountTooLow,
    );
    expect(lineItemsFailure(fixtureApiError(409, 'transaction-listing-insufficient-stock'))).toBe(
      messages.notEnoughStock,
    );
  });

  it('has a message for a missing publishable key and a failed network', () => {
    expect(messages.missingPublishableKey).toContain('publishable key');
    expect(checkoutFailure('initiate', new ApiRequestError(0, null)).message).toBe(
      messages.topbarNetworkError,
    );
  });
});
