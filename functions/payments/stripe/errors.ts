import { ApiError } from '../../lib/errors';
import type { CardProcessorError } from './port';

/** Stripe's own words about a refusal, kept in the API error's `meta` (the web shows some verbatim). */
export function stripeErrorMeta(error: CardProcessorError) {
  return {
    stripeMessage: error.message,
    stripeType: error.type,
    ...(error.code ? { stripeCode: error.code } : {}),
  };
}

/** A refused PaymentIntent or capture: 402 `transaction-payment-failed` with Stripe's words in `meta`. */
export function paymentFailed(error: CardProcessorError): ApiError {
  return new ApiError('transaction-payment-failed', undefined, stripeErrorMeta(error));
}
