import { ApiError, json, jsonBody, pathParam } from '../../../../lib/http';
import { userHandler } from '../../../../lib/user-handler';
import { paypalPort } from '../../index';
import { paypalOrderView } from '../../orders';
import { callPaypal, ownPaypalOrder } from '../../own-order';
import { approveSimulatedOrder, cancelSimulatedOrder } from '../../simulated';

/**
 * POST /api/simulated-paypal/orders/{id}/approve (user) `{ action: 'approve' | 'cancel' }` →
 * `{ data: PaypalOrderView }`: the simulated PayPal's stand-in for the buyer's PayPal popup. Only
 * with the simulated PayPal (404 with the real one) and only for the order's buyer (404 otherwise).
 * Approving moves CREATED → APPROVED, cancelling CREATED/APPROVED → VOIDED (both idempotent); a
 * captured or voided order is refused with 402 `transaction-payment-failed`.
 */
export const handler = userHandler(async ({ event, profile: user }) => {
  if (paypalPort().mode !== 'simulated') throw new ApiError('not-found');
  const orderId = pathParam(event, 'id');
  const { action } = jsonBody(event);
  if (action !== 'approve' && action !== 'cancel') {
    throw new ApiError('validation-invalid-params', "action must be 'approve' or 'cancel'.");
  }
  const record = await ownPaypalOrder(orderId, user.id);
  const order = await callPaypal(() =>
    action === 'approve' ? approveSimulatedOrder(orderId) : cancelSimulatedOrder(orderId),
  );
  return json(200, { data: paypalOrderView(order, record) });
});
