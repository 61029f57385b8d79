import type { InitiateAnswer } from '../../../shared/api/transactions';
import { ApiError, type HttpResult, json, jsonBody } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { checkApprovedOrder } from '../../payments/paypal/orders';
import { cardPaymentFor, existingCardPayment, voidUnusedPayment } from '../card-payment';
import { createTransaction } from '../engine';
import {
  parseOrderData,
  parsePaymentMethod,
  priceRequestedOrder,
  sellerPayee,
  speculativeAnswer,
} from '../order-request';
import { type TransactionRecord, toTransactionView, transactionIdFor } from '../record';
import { getTransaction } from '../repository';
import { checkoutKeyOf, isObject, listingIdOf, startWorkflowOf } from '../request';

/** PayPal order ids: short letters, digits and dashes (PayPal's are 17 characters). */
const PAYPAL_ORDER_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * POST /api/initiate-privileged (spec §7 initiate / initiateSpeculative with request-payment) →
 * 201 `{ data: InitiateAnswer }`. Speculative: the server's price, nothing written (200). Otherwise,
 * in order: the §5 rules and the price; the seller must be payable by the chosen method; card → a
 * manual-capture PaymentIntent keyed by the order (its client secret goes back to the browser);
 * PayPal → the approved PayPal order must be the caller's, for this order's amount and payee; then
 * the order and its stock reservation in one write, and its workflow. A retry with the same
 * `checkoutKey` answers the same order (200) and the same PaymentIntent, also when it runs at the
 * same time as the first request (a double click): a refusal is then answered with the order the
 * other request made, and its PaymentIntent (the same one) is not voided.
 */
export const handler = userHandler(async ({ event, user, profile }) => {
  const body = jsonBody(event);
  const bodyParams = isObject(body.bodyParams) ? body.bodyParams : {};
  if (bodyParams.transition !== 'request-payment') {
    throw new ApiError('validation-invalid-params', 'bodyParams.transition must be request-payment.');
  }
  const params = isObject(bodyParams.params) ? bodyParams.params : {};
  const listingId = listingIdOf(params.listingId);
  const orderData = parseOrderData(params);
  const method = parsePaymentMethod(params.paymentMethod);
  const speculative = body.isSpeculative === true;
  const protectedData = isObject(params.protectedData) ? params.protectedData : {};
  const paypalOrderId = protectedData.paypalOrderId;
  if (!speculative && method === 'paypal') {
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

  if (speculative) {
    const { listing, priced } = await priceRequestedOrder(listingId, user.id, orderData, {
      chargeWith: method,
    });
    await sellerPayee(listing.authorId, method);
    const answer: InitiateAnswer = { transaction: speculativeAnswer(priced) };
    return json(200, { data: answer });
  }

  // A retry of a placed order answers that order before any check of the listing as it is now:
  // the order's own reservation may have taken the last bikes.
  const checkoutKey = checkoutKeyOf(
    body.checkoutKey,
    'checkoutKey must be a UUID made by the checkout page.',
  );
  const transactionId = transactionIdFor(user.id, checkoutKey);
  const existing = await getTransaction(transactionId);
  if (existing) return answerExisting(existing, listingId);

  let cardIntentId: string | undefined;
  try {
    const { listing, priced } = await priceRequestedOrder(listingId, user.id, orderData, {
      chargeWith: method,
    });
    const payee = await sellerPayee(listing.authorId, method);
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
    cardIntentId = card?.intent.id;
    const paypal =
      method === 'paypal'
        ? await checkApprovedOrder({
            orderId: paypalOrderId as string,
            userId: user.id,
            transactionId,
            payinTotal: priced.payinTotal,
          })
        : undefined;

    const created = await createTransaction({
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
    const { transaction } = created;
    await startWorkflowOf(transaction.id, transaction.version);
    const answer: InitiateAnswer = {
      transaction: toTransactionView(transaction, 'customer'),
      ...(card
        ? { stripePaymentIntentClientSecret: card.intent.clientSecret, stripePaymentIntentId: card.intent.id }
        : {}),
    };
    return json(created.created ? 201 : 200, { data: answer });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A request with the same key made the order meanwhile (a double click: its reservation took
    // the last bike). That order is the answer; its PaymentIntent is this one (same key): keep it.
    const made = await getTransaction(transactionId);
    if (made) return answerExisting(made, listingId);
    // Refused for good (no stock, listing gone): nothing stays authorised. After anything else the
    // client retries with the same key and gets the same PaymentIntent back, so it stays usable.
    if (cardIntentId) await voidUnusedPayment(transactionId, cardIntentId);
    throw error;
  }
});

/** The order a checkout key already made (200), with its PaymentIntent; another listing's key: 400. */
async function answerExisting(existing: TransactionRecord, listingId: string): Promise<HttpResult> {
  if (existing.listingId !== listingId || existing.transitions[0]?.transition !== 'request-payment') {
    throw new ApiError('validation-invalid-params', 'The checkout key was used for another order.');
  }
  const answer: InitiateAnswer = {
    transaction: toTransactionView(existing, 'customer'),
    ...(await existingCardPayment(existing)),
  };
  return json(200, { data: answer });
}
