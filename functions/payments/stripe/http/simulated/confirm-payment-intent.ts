import { ApiError, json, jsonBody, pathParam } from '../../../../lib/http';
import { userHandler } from '../../../../lib/user-handler';
import { type SimulatedPaymentConfirmation, simulatedCardProvider } from '../..';
import { simulatedCardOf, simulatedConfirmError } from './confirmation';

/**
 * POST /api/simulated-stripe/payment-intents/{id}/confirm (simulated only; 404 when the real
 * provider runs): Stripe.js's confirmCardPayment stand-in. Body `{ paymentMethodId }` (a saved
 * card) or a test card `{ number, expMonth, expYear, cvc, postalCode?, authenticate? }` →
 * `{ data: { id, status, paymentMethodId } }` (`requires_capture` on success, `requires_action` for the
 * authentication card until sent again with `authenticate: true`), or 402 `{ error: { type, code,
 * message, payment_intent: { id, status } } }` for a card error. Only the buyer the PaymentIntent
 * was made for (`metadata.customerUserId`) may confirm it; anyone else gets 404.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const provider = simulatedCardProvider();
  if (!provider) throw new ApiError('not-found');
  const paymentIntentId = pathParam(event, 'id');
  const owner = await provider.paymentIntentOwner(paymentIntentId);
  if (!owner || owner !== user.id) throw new ApiError('not-found');
  const body = jsonBody(event);
  const confirmation: SimulatedPaymentConfirmation =
    typeof body.paymentMethodId === 'string' && body.paymentMethodId
      ? { paymentMethodId: body.paymentMethodId }
      : body.number === undefined
        ? {}
        : simulatedCardOf(body);
  try {
    const intent = await provider.confirmPaymentIntent(paymentIntentId, confirmation);
    const data = {
      id: intent.id,
      status: intent.status,
      ...(intent.paymentMethodId ? { paymentMethodId: intent.paymentMethodId } : {}),
    };
    return json(200, { data });
  } catch (error) {
    return simulatedConfirmError(error, 'payment_intent');
  }
});
