/**
 * Placing an order, the two ways a buyer can: from the checkout page (initiate, request-payment)
 * and on an enquiry (request-payment-after-enquiry). Both price the order on the server, make the
 * card payment keyed by the order and start its workflow; a retry answers the order already made
 * with its PaymentIntent again.
 */
import { randomUUID } from 'node:crypto';
import type { InitiateAnswer, OrderData, PaymentMethodKind } from '../../shared/api/transactions';
import type { Money } from '../../shared/money';
import { rememberShippingAddress } from '../accounts/shipping-address';
import type { UserRecord } from '../accounts/user-record';
import { ApiError } from '../lib/errors';
import { appendLogKeys } from '../lib/logger';
import { recordMetric } from '../lib/metrics';
import { checkApprovedOrder } from '../payments/paypal/orders';
import type { ProviderPaymentIntent } from '../payments/stripe';
import { cardPaymentFor, existingCardPayment, voidUnusedPayment } from './card-payment';
import { applyTransition, createTransaction } from './engine';
import {
  parseOrderData,
  parsePaymentMethod,
  priceFor,
  priceRequestedOrder,
  sellerPayee,
  speculativeAnswer,
} from './order-request';
import { type TransactionRecord, toTransactionView, transactionIdFor } from './record';
import { getListingConsistent, getTransaction } from './repository';
import { startWorkflowOf } from './request';

/** The buyer: their user id and profile (the saved card and Stripe customer are on it). */
export interface Buyer {
  user: { id: string };
  profile: UserRecord;
}

/** How the buyer pays by card: a saved card, and whether to keep a new one. */
export interface CardChoice {
  savedPaymentMethodId: unknown;
  setupFutureUsage: boolean;
}

export interface OrderRequest extends Buyer, CardChoice {
  listingId: string;
  orderData: OrderData;
  method: PaymentMethodKind;
}

/** An initiateSpeculative: the server's price for the order, nothing written. */
export async function quoteOrder(request: Omit<OrderRequest, 'profile' | keyof CardChoice>) {
  const { listing, priced } = await priceRequestedOrder(
    request.listingId,
    request.user.id,
    request.orderData,
    { chargeWith: request.method },
  );
  await sellerPayee(listing.authorId, request.method);
  return { transaction: speculativeAnswer(priced) } satisfies InitiateAnswer;
}

/**
 * initiate (request-payment): the §5 rules and the price; the seller must be payable by the chosen
 * method; card → a manual-capture PaymentIntent keyed by the order; PayPal → the approved PayPal
 * order must be the caller's, for this order's amount and payee; then the order and its stock
 * reservation in one write, and its workflow. `created` is false when the checkout key had made the
 * order already (a retry, or a double click running at the same time).
 */
export async function placeOrder(
  request: OrderRequest & { checkoutKey: string; paypalOrderId?: string },
): Promise<{ answer: InitiateAnswer; created: boolean }> {
  const { user, listingId, method, checkoutKey } = request;
  // A retry of a placed order answers that order before any check of the listing as it is now:
  // the order's own reservation may have taken the last bikes.
  const transactionId = transactionIdFor(user.id, checkoutKey);
  appendLogKeys({ transactionId });
  const existing = await getTransaction(transactionId);
  if (existing) return { answer: await placedAnswer(existing, listingId), created: false };

  let cardIntentId: string | undefined;
  try {
    const { listing, priced } = await priceRequestedOrder(listingId, user.id, request.orderData, {
      chargeWith: method,
    });
    const payee = await sellerPayee(listing.authorId, method);
    const card =
      method === 'card'
        ? await cardFor(request, { transactionId, listingId: listing.id, amount: priced.payinTotal })
        : undefined;
    cardIntentId = card?.id;
    const paypal =
      method === 'paypal'
        ? await checkApprovedOrder({
            orderId: request.paypalOrderId as string,
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
      ...(paypal ? { protectedData: { paypalOrderId: request.paypalOrderId as string } } : {}),
      payment: card
        ? { stripePaymentIntentId: card.id }
        : { paypalPayeeMerchantId: paypal?.payeeMerchantId ?? payee.paypalMerchantId! },
    });
    // A new order exists, pending payment (a repeated request finds the one it made before).
    if (created.created) recordMetric('ordersPlaced');
    return { answer: await started(created.transaction, card), created: created.created };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A request with the same key made the order meanwhile (a double click: its reservation took
    // the last bike). That order is the answer; its PaymentIntent is this one (same key): keep it.
    const made = await getTransaction(transactionId);
    if (made) return { answer: await placedAnswer(made, listingId), created: false };
    // Refused for good (no stock, listing gone): nothing stays authorised. After anything else the
    // client retries with the same key and gets the same PaymentIntent back, so it stays usable.
    if (cardIntentId) await voidUnusedPayment(transactionId, cardIntentId);
    throw error;
  }
}

/**
 * request-payment-after-enquiry by the enquiry's customer: the order priced on the listing as it is
 * now, card only (PayPal orders start from the checkout page), the stock reserved and the card
 * payment made as initiate does. `params` are the transition's, parsed only when the step is new.
 */
export async function payForEnquiry(
  request: Buyer & {
    tx: TransactionRecord;
    params: Record<string, unknown>;
    speculative: boolean;
    expectedVersion?: number;
  },
): Promise<InitiateAnswer> {
  const { user, tx, params } = request;
  // Asked again after it was taken (a retry, a double click): the order it made, with its payment.
  if (requestedPayment(tx)) return withPayment(tx);
  const orderData = parseOrderData(params);
  const method = parsePaymentMethod(params.paymentMethod);
  const priced = priceFor(await getListingConsistent(tx.listingId), user.id, orderData, {
    chargeWith: method,
  });
  await sellerPayee(tx.providerId, method);
  if (method === 'paypal') {
    throw new ApiError('validation-invalid-params', 'PayPal orders start from the checkout page.');
  }
  if (request.speculative) return { transaction: speculativeAnswer(priced) };
  const card = await cardFor(
    { ...request, ...cardChoiceOf(params) },
    // One enquiry may need several attempts (one refused for stock voids its PaymentIntent).
    { transactionId: tx.id, listingId: tx.listingId, amount: priced.payinTotal, attempt: randomUUID() },
  );
  let ordered: TransactionRecord;
  try {
    ordered = await applyTransition(tx.id, 'request-payment-after-enquiry', {
      actor: 'customer',
      userId: user.id,
      ...(request.expectedVersion !== undefined ? { expectedVersion: request.expectedVersion } : {}),
      params: { orderData, paymentMethod: 'card', payment: { stripePaymentIntentId: card.id } },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A request at the same time took the step (a double click): answer its order; this attempt's
    // PaymentIntent is not the order's, so it is voided. Refused for good (no stock): voided too.
    const now = await getTransaction(tx.id);
    if (now?.payment?.stripePaymentIntentId !== card.id) await voidUnusedPayment(tx.id, card.id);
    if (now && requestedPayment(now)) return withPayment(now);
    throw error;
  }
  // The enquiry became an order pending payment (the write above committed it).
  recordMetric('ordersPlaced');
  return started(ordered, card);
}

/** The card fields of an order request's params. */
export function cardChoiceOf(params: Record<string, unknown>): CardChoice {
  return {
    savedPaymentMethodId: params.stripePaymentMethodId,
    setupFutureUsage: params.setupFutureUsage === true,
  };
}

function cardFor(
  request: Buyer & CardChoice,
  order: { transactionId: string; listingId: string; amount: Money; attempt?: string },
): Promise<ProviderPaymentIntent> {
  return cardPaymentFor({
    user: request.user,
    profile: request.profile,
    savedPaymentMethodId: request.savedPaymentMethodId,
    setupFutureUsage: request.setupFutureUsage,
    ...order,
  }).then(({ intent }) => intent);
}

/**
 * A new order: its workflow started, its shipping address kept as the buyer's saved one (the next
 * checkout starts from it), answered with its PaymentIntent's client secret (card orders).
 */
async function started(
  tx: TransactionRecord,
  card: ProviderPaymentIntent | undefined,
): Promise<InitiateAnswer> {
  const address = tx.orderData.shippingDetails;
  await Promise.all([
    startWorkflowOf(tx.id, tx.version),
    address ? rememberShippingAddress(tx.customerId, address) : undefined,
  ]);
  return {
    transaction: toTransactionView(tx, 'customer'),
    ...(card ? { stripePaymentIntentClientSecret: card.clientSecret, stripePaymentIntentId: card.id } : {}),
  };
}

/** An order made before, with its PaymentIntent again (if it is a card order). */
async function withPayment(tx: TransactionRecord): Promise<InitiateAnswer> {
  return { transaction: toTransactionView(tx, 'customer'), ...(await existingCardPayment(tx)) };
}

/** The order a checkout key already made, with its PaymentIntent; another listing's key: 400. */
async function placedAnswer(existing: TransactionRecord, listingId: string): Promise<InitiateAnswer> {
  if (existing.listingId !== listingId || existing.transitions[0]?.transition !== 'request-payment') {
    throw new ApiError('validation-invalid-params', 'The checkout key was used for another order.');
  }
  return withPayment(existing);
}

/** Whether request-payment-after-enquiry has been taken on the order. */
function requestedPayment(tx: TransactionRecord): boolean {
  return tx.transitions.some((step) => step.transition === 'request-payment-after-enquiry');
}
