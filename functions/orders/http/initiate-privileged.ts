import { ApiError, json, jsonBody } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { parseOrderData, parsePaymentMethod } from '../order-request';
import { cardChoiceOf, placeOrder, quoteOrder } from '../place-order';
import { checkoutKeyOf, isObject, listingIdOf } from '../request';

/** PayPal order ids: short letters, digits and dashes (PayPal's are 17 characters). */
const PAYPAL_ORDER_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * POST /api/initiate-privileged (spec §7 initiate / initiateSpeculative with request-payment) →
 * 201 `{ data: InitiateAnswer }` (placeOrder). Speculative: the server's price, nothing written (200).
 * A retry with the same `checkoutKey` answers the same order (200) and the same PaymentIntent, also
 * when it runs at the same time as the first request (a double click).
 */
export const handler = userHandler(async ({ event, user, profile }) => {
  const body = jsonBody(event);
  const bodyParams = isObject(body.bodyParams) ? body.bodyParams : {};
  if (bodyParams.transition !== 'request-payment') {
    throw new ApiError('validation-invalid-params', 'bodyParams.transition must be request-payment.');
  }
  const params = isObject(bodyParams.params) ? bodyParams.params : {};
  const order = {
    user,
    listingId: listingIdOf(params.listingId),
    orderData: parseOrderData(params),
    method: parsePaymentMethod(params.paymentMethod),
  };
  if (body.isSpeculative === true) return json(200, { data: await quoteOrder(order) });

  const protectedData = isObject(params.protectedData) ? params.protectedData : {};
  const paypalOrderId = protectedData.paypalOrderId;
  if (order.method === 'paypal') {
    if (paypalOrderId === undefined || paypalOrderId === null || paypalOrderId === '') {
      throw new ApiError('validation-invalid-params', 'protectedData.paypalOrderId is required for PayPal.');
    }
    if (typeof paypalOrderId !== 'string' || !PAYPAL_ORDER_ID.test(paypalOrderId)) {
      throw new ApiError(
        'validation-invalid-params',
        'protectedData.paypalOrderId is not a PayPal order id.',
      );
    }
  }
  const { answer, created } = await placeOrder({
    ...order,
    profile,
    ...cardChoiceOf(params),
    checkoutKey: checkoutKeyOf(body.checkoutKey, 'checkoutKey must be a UUID made by the checkout page.'),
    ...(order.method === 'paypal' ? { paypalOrderId: paypalOrderId as string } : {}),
  });
  return json(created ? 201 : 200, { data: answer });
});
