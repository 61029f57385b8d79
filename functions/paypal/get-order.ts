import {
  ApiError,
  type HttpEvent,
  httpHandler,
  json,
  jsonBody,
  requestUser,
  requireProfile,
} from '../lib/http';
import { paypalErrorCode, paypalOrderOwner, paypalOrderView } from '../payments/paypal/orders';
import type { PaypalOrder } from '../payments/paypal/port';
import { paypalPort } from '../payments/paypal/provider';

/**
 * POST /api/get-paypal-order (user) `{ orderId }` → `{ data: PaypalOrderView }` (§7): PayPal's current
 * status and amount of an order the caller made with create-paypal-order. Anyone else's order, an
 * order the marketplace did not make, or one PayPal no longer knows is 404.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const user = requireProfile(requestUser(event));
  const { orderId } = jsonBody(event);
  if (typeof orderId !== 'string' || !orderId) {
    throw new ApiError('validation-invalid-params', 'orderId is required.');
  }
  const record = await paypalOrderOwner(orderId);
  if (!record || record.userId !== user.id) throw new ApiError('not-found', 'PayPal order not found.');
  let order: PaypalOrder | undefined;
  try {
    order = await paypalPort().getOrder(orderId);
  } catch (error) {
    throw paypalErrorCode(error) ?? error;
  }
  if (!order) throw new ApiError('not-found', 'PayPal order not found.');
  const view = paypalOrderView(order, record);
  if (paypalPort().mode === 'simulated') delete view.approveUrl;
  return json(200, { data: view });
});
