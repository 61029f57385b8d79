import { randomUUID } from 'node:crypto';
import type { InitiateAnswer } from '../../../shared/api/transactions';
import { messages } from '../../../shared/errors/catalogue';
import { getTransition, type TransitionName } from '../../../shared/process/graph';
import { partyRole } from '../../../shared/process/permissions';
import { ApiError, json, jsonBody } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { cardPaymentFor, existingCardPayment, voidUnusedPayment } from '../card-payment';
import { applyTransition, type TransitionParams } from '../engine';
import {
  parseOrderData,
  parsePaymentMethod,
  priceFor,
  sellerPayee,
  speculativeAnswer,
} from '../order-request';
import { type TransactionRecord, toTransactionView } from '../record';
import { getListingConsistent, getTransaction } from '../repository';
import { isObject, optionalVersion, startWorkflowOf, transactionIdOf } from '../request';

/** PayPal ids (orders, captures, disbursements): short letters, digits, dashes and underscores. */
const PAYPAL_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The privileged transitions a party asks for through this route (the rest go through /transition). */
const privilegedByParty: readonly TransitionName[] = [
  'request-payment-after-enquiry',
  'confirm-payment',
  'cancel',
  'mark-received-from-purchased',
  'mark-received',
];

/**
 * POST /api/transition-privileged (spec §7 transition / transitionSpeculative, privileged) →
 * `{ data: InitiateAnswer }`. Only a party of the order, only for their own role's transitions;
 * the engine applies them with the money of docs/design/orders.md §2 (confirm-payment captures,
 * cancel refunds, mark-received pays the seller first). request-payment-after-enquiry prices the
 * order on the listing, reserves the stock and makes the card payment as initiate does.
 */
export const handler = userHandler(async ({ event, user, profile }) => {
  const body = jsonBody(event);
  const name = body.transition;
  if (typeof name !== 'string' || !getTransition(name)) {
    throw new ApiError('validation-invalid-params', 'transition is not a transition of the order process.');
  }
  if (!privilegedByParty.includes(name as TransitionName)) throw new ApiError('forbidden');
  const tx = await getTransaction(transactionIdOf(body.transactionId));
  const role = tx ? partyRole(tx, user.id) : undefined;
  if (!tx || !role) throw new ApiError('not-found');
  const params = isObject(body.params) ? body.params : {};
  const expectedVersion = optionalVersion(body.expectedVersion);

  if (name === 'request-payment-after-enquiry') {
    if (role !== 'customer') throw new ApiError('forbidden');
    // Asked again after it was taken (a retry, a double click): the order it made, with its payment.
    if (requestedPayment(tx)) return answerRequested(tx);
    const orderData = parseOrderData(params);
    const method = parsePaymentMethod(params.paymentMethod);
    const priced = priceFor(await getListingConsistent(tx.listingId), user.id, orderData, {
      chargeWith: method,
    });
    await sellerPayee(tx.providerId, method);
    if (method === 'paypal') {
      throw new ApiError('validation-invalid-params', 'PayPal orders start from the checkout page.');
    }
    if (body.isSpeculative === true) {
      return json(200, { data: { transaction: speculativeAnswer(priced) } satisfies InitiateAnswer });
    }
    const card = await cardPaymentFor({
      user,
      profile,
      transactionId: tx.id,
      listingId: tx.listingId,
      amount: priced.payinTotal,
      savedPaymentMethodId: params.stripePaymentMethodId,
      setupFutureUsage: params.setupFutureUsage === true,
      // One enquiry may need several attempts (one refused for stock voids its PaymentIntent).
      attempt: randomUUID(),
    });
    let ordered: Awaited<ReturnType<typeof applyTransition>>;
    try {
      ordered = await applyTransition(tx.id, name, {
        actor: 'customer',
        userId: user.id,
        ...(expectedVersion !== undefined ? { expectedVersion } : {}),
        params: { orderData, paymentMethod: 'card', payment: { stripePaymentIntentId: card.intent.id } },
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // A request at the same time took the step (a double click): answer its order; this attempt's
      // PaymentIntent is not the order's, so it is voided. Refused for good (no stock): voided too.
      const now = await getTransaction(tx.id);
      if (now?.payment?.stripePaymentIntentId !== card.intent.id)
        await voidUnusedPayment(tx.id, card.intent.id);
      if (now && requestedPayment(now)) return answerRequested(now);
      throw error;
    }
    await startWorkflowOf(ordered.id, ordered.version);
    const answer: InitiateAnswer = {
      transaction: toTransactionView(ordered, role),
      stripePaymentIntentClientSecret: card.intent.clientSecret,
      stripePaymentIntentId: card.intent.id,
    };
    return json(200, { data: answer });
  }

  if (body.isSpeculative === true) {
    return json(200, { data: { transaction: toTransactionView(tx, role) } satisfies InitiateAnswer });
  }
  const transitionParams: TransitionParams = {};
  const disbursementId = params.paypalDisbursementId;
  if (disbursementId !== undefined && disbursementId !== null) {
    if (typeof disbursementId !== 'string' || !PAYPAL_ID.test(disbursementId)) {
      throw new ApiError(
        'validation-invalid-params',
        'paypalDisbursementId is not a PayPal disbursement id.',
      );
    }
    transitionParams.protectedData = { paypalDisbursementId: disbursementId };
  }
  try {
    const moved = await applyTransition(tx.id, name, {
      actor: role,
      userId: user.id,
      ...(expectedVersion !== undefined ? { expectedVersion } : {}),
      params: transitionParams,
    });
    return json(200, { data: { transaction: toTransactionView(moved, role) } satisfies InitiateAnswer });
  } catch (error) {
    throw await confirmFailure(error, tx.id, name);
  }
});

/** Whether request-payment-after-enquiry has been taken on the order. */
function requestedPayment(tx: TransactionRecord): boolean {
  return tx.transitions.some((step) => step.transition === 'request-payment-after-enquiry');
}

/** The order request-payment-after-enquiry made, with its PaymentIntent's client secret (200). */
async function answerRequested(tx: TransactionRecord) {
  const answer: InitiateAnswer = {
    transaction: toTransactionView(tx, 'customer'),
    ...(await existingCardPayment(tx)),
  };
  return json(200, { data: answer });
}

/** A confirm-payment that lost to the 15-minute timer answers the §8 payment-expired message. */
async function confirmFailure(error: unknown, transactionId: string, name: string): Promise<unknown> {
  if (
    name !== 'confirm-payment' ||
    !(error instanceof ApiError) ||
    error.code !== 'transaction-invalid-transition'
  ) {
    return error;
  }
  const now = await getTransaction(transactionId);
  return now?.state === 'payment-expired'
    ? new ApiError('transaction-invalid-transition', messages.paymentExpired)
    : error;
}
