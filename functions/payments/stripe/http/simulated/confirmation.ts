import type { SimulatedCardRequest } from '../../../../../shared/api/payments';
import { json } from '../../../../lib/http';
import { CardProcessorError } from '../../port';

/** The request and the answer shape shared by the simulated Stripe.js confirmations. */

/** The test card a simulated Stripe.js confirmation sends (`authenticate: true` passes the 3-D Secure card). */
export function simulatedCardOf(body: Record<string, unknown>): SimulatedCardRequest {
  return {
    number: String(body.number ?? ''),
    expMonth: Number(body.expMonth),
    expYear: Number(body.expYear),
    cvc: String(body.cvc ?? ''),
    ...(typeof body.postalCode === 'string' ? { postalCode: body.postalCode } : {}),
    ...(body.authenticate === true ? { authenticate: true } : {}),
  };
}

/**
 * A simulated Stripe.js confirmation's refusal, answered as Stripe.js reports it: 402 for a card
 * error (else 400) `{ error: { type, code, message, payment_intent | setup_intent } }`, with the
 * intent the error is about. Anything but a CardProcessorError is thrown again.
 */
export function simulatedConfirmError(error: unknown, intent: 'payment_intent' | 'setup_intent') {
  if (!(error instanceof CardProcessorError)) throw error;
  const about = intent === 'payment_intent' ? error.options.paymentIntent : error.options.setupIntent;
  return json(error.type === 'card_error' ? 402 : 400, {
    error: {
      type: error.type,
      ...(error.code ? { code: error.code } : {}),
      message: error.message,
      ...(about ? { [intent]: about } : {}),
    },
  });
}
