import { ApiError, json, jsonBody } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import { paypalPort } from '../index';
import { paypalOrderView } from '../orders';
import { callPaypal, ownPaypalOrder } from '../own-order';

/**
 * POST /api/get-paypal-order (user) `{ orderId }` → `{ data: PaypalOrderView }` (§7): PayPal's current
 * status and amount of an order the caller made with create-paypal-order. Anyone else's order, an
 * order the marketplace did not make, or one PayPal no longer knows is 404.
 */
export const handler = userHandler(async ({ event, profile: user }) => {
  const { orderId } = jsonBody(event);
  if (typeof orderId !== 'string' || !orderId) {
    throw new ApiError('validation-invalid-params', 'orderId is required.');
  }
  const record = await ownPaypalOrder(orderId, user.id);
  const order = await callPaypal(() => paypalPort().getOrder(orderId));
  if (!order) throw new ApiError('not-found', 'PayPal order not found.');
  const view = paypalOrderView(order, record);
  if (paypalPort().mode === 'simulated') delete view.approveUrl;
  return json(200, { data: view });
});
