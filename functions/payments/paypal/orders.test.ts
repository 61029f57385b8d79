import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/errors/catalogue';
import { ApiError } from '../../lib/errors';
import { paypalErrorCode, paypalOrderView } from './orders';
import { PaypalRefusal } from './port';

describe('paypalErrorCode', () => {
  it('turns a refusal of a payment into 402 transaction-payment-failed with what PayPal said', () => {
    const error = paypalErrorCode(new PaypalRefusal('INSTRUMENT_DECLINED', 'The instrument was declined.'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'transaction-payment-failed',
      status: 402,
      message: messages.paypalPaymentError,
      meta: {
        paypalIssue: 'INSTRUMENT_DECLINED',
        paypalMessage: 'The instrument was declined.',
        paypalStatus: 422,
      },
    });
    expect(paypalErrorCode(new PaypalRefusal('ORDER_CANCELED', 'Canceled.'))?.message).toBe(
      messages.paypalPaymentCanceled,
    );
  });

  it('turns a refusal of a disbursement into 502 paypal-disbursement-failed', () => {
    expect(paypalErrorCode(new PaypalRefusal('INSUFFICIENT_FUNDS', 'No.'), 'disbursement')).toMatchObject({
      code: 'paypal-disbursement-failed',
      status: 502,
      message: messages.paypalDisbursementFailed,
    });
  });

  it('leaves ambiguous failures (timeouts, 5xx) alone', () => {
    expect(paypalErrorCode(new Error('socket hang up'))).toBeUndefined();
    expect(paypalErrorCode({ statusCode: 503 })).toBeUndefined();
  });
});

describe('paypalOrderView', () => {
  it('shows status, our Money and the approve link', () => {
    expect(
      paypalOrderView({
        id: 'O1',
        status: 'CREATED',
        amount: { currency_code: 'USD', value: '1935.00' },
        links: [
          { href: 'https://api/self', rel: 'self' },
          { href: 'https://paypal/approve', rel: 'payer-action' },
        ],
      }),
    ).toEqual({
      id: 'O1',
      status: 'CREATED',
      amount: { amount: 193_500, currency: 'USD' },
      approveUrl: 'https://paypal/approve',
    });
  });
});
