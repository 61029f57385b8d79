import type { InitiateAnswer } from '../../shared/api/transactions';
import {
  ApiError,
  type HttpEvent,
  httpHandler,
  json,
  jsonBody,
  requestUser,
  requireProfile,
} from '../lib/http';
import { checkApprovedOrder } from '../payments/paypal/orders';
import { createTransaction } from '../transactions/engine';
import { toTransactionView, transactionIdFor } from '../transactions/record';
import { getTransaction } from '../transactions/repository';
import { cardPaymentFor, existingCardPayment, voidUnusedPayment } from './card-payment';
import { parseOrderData, parsePaymentMethod, priceRequestedOrder, sellerPayee } from './order-request';
import { isObject, startWorkflowOf } from './request';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /api/initiate-privileged (spec §7 initiate / initiateSpeculative with request-payment) →
 * 201 `{ data: InitiateAnswer }`. Speculative: the server's price, nothing written (200). Otherwise,
 * in order: the §5 rules and the price; the seller must be payable by the chosen method; card → a
 * manual-capture PaymentIntent keyed by the order (its client secret goes back to the browser);
 * PayPal → the approved PayPal order must be the caller's, for this order's amount and payee; then
 * the order and its stock reservation in one write, and its workflow. A retry with the same
 * `checkoutKey` answers the same order (200) and the same PaymentIntent.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const user = requestUser(event);
  const profile = requireProfile(user);
  const body = jsonBody(event);
  const bodyParams = isObject(body.bodyParams) ? body.bodyParams : {};
  if (bodyParams.transition !== 'request-payment') {
    throw new ApiError('validation-invalid-params', 'bodyParams.transition must be request-payment.');
  }
  const params = isObject(bodyParams.params) ? bodyParams.params : {};
  const orderData = parseOrderData(params);
  const method = parsePaymentMethod(params.paymentMethod);
  const speculative = body.isSpeculative === true;

  // A retry of a placed order answers that order before any check of the listing as it is now:
  // the order's own reservation may have taken the last bikes.
  const checkoutKey = typeof body.checkoutKey === 'string' ? body.checkoutKey : '';
  if (!speculative && !UUID.test(checkoutKey)) {
    throw new ApiError('validation-invalid-params', 'checkoutKey must be a UUID made by the checkout page.');
  }
  const transactionId = speculative ? undefined : transactionIdFor(user.id, checkoutKey);
  const existing = transactionId ? await getTransaction(transactionId) : undefined;
  if (existing) {
    if (
      existing.listingId !== params.listingId ||
      existing.transitions[0]?.transition !== 'request-payment'
    ) {
      throw new ApiError('validation-invalid-params', 'The checkout key was used for another order.');
    }
    return json(200, {
      data: { transaction: toTransactionView(existing), ...(await existingCardPayment(existing)) },
    });
  }

  const { listing, priced } = await priceRequestedOrder(params.listingId, user.id, orderData);
  const payee = await sellerPayee(listing.authorId, method);

  if (speculative || !transactionId) {
    const answer: InitiateAnswer = { transaction: { speculative: true, ...priced } };
    return json(200, { data: answer });
  }

  const protectedData = isObject(params.protectedData) ? params.protectedData : {};
  const card =
    method === 'card'
      ? await cardPaymentFor({
          user,
          profile,
          transactionId,
          listingId: listing.id,
          amount: priced.payinTotal,
          savedPaymentMethodId: params.stripePaymentMethodId,
          setupFutureUsage: params.setupFutureUsage === true,
        })
      : undefined;
  const paypalOrderId = protectedData.paypalOrderId;
  if (method === 'paypal' && typeof paypalOrderId !== 'string') {
    throw new ApiError('validation-invalid-params', 'protectedData.paypalOrderId is required for PayPal.');
  }
  const paypal =
    method === 'paypal'
      ? await checkApprovedOrder({
          orderId: paypalOrderId as string,
          userId: user.id,
          transactionId,
          payinTotal: priced.payinTotal,
        })
      : undefined;

  let created: Awaited<ReturnType<typeof createTransaction>>;
  try {
    created = await createTransaction({
      transition: 'request-payment',
      customerId: user.id,
      listingId: listing.id,
      checkoutKey,
      orderData: priced.orderData,
      paymentMethod: method,
      ...(paypal ? { protectedData: { paypalOrderId: paypalOrderId as string } } : {}),
      payment: card
        ? { stripePaymentIntentId: card.intent.id }
        : { paypalPayeeMerchantId: paypal?.payeeMerchantId ?? payee.paypalMerchantId! },
    });
  } catch (error) {
    // Refused for good (no stock, listing gone): nothing stays authorised. After anything else the
    // client retries with the same key and gets the same PaymentIntent back, so it stays usable.
    if (card && error instanceof ApiError) await voidUnusedPayment(transactionId, card.intent.id);
    throw error;
  }
  const { transaction } = created;
  await startWorkflowOf(transaction.id, transaction.version);
  const answer: InitiateAnswer = {
    transaction: toTransactionView(transaction),
    ...(card
      ? { stripePaymentIntentClientSecret: card.intent.clientSecret, stripePaymentIntentId: card.intent.id }
      : {}),
  };
  return json(created.created ? 201 : 200, { data: answer });
});
