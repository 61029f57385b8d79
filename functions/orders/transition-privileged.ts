import type { InitiateAnswer } from '../../shared/api/transactions';
import { messages } from '../../shared/errors/catalogue';
import { getTransition, type TransitionName } from '../../shared/process/graph';
import { partyRole } from '../../shared/process/permissions';
import {
  ApiError,
  type HttpEvent,
  httpHandler,
  json,
  jsonBody,
  requestUser,
  requireProfile,
} from '../lib/http';
import { applyTransition, type TransitionParams } from '../transactions/engine';
import { toTransactionView } from '../transactions/record';
import { getListingConsistent, getTransaction } from '../transactions/repository';
import { cardPaymentFor, voidUnusedPayment } from './card-payment';
import { parseOrderData, parsePaymentMethod, priceFor, sellerPayee } from './order-request';
import { isObject, optionalVersion, startWorkflowOf } from './request';

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
export const handler = httpHandler(async (event: HttpEvent) => {
  const user = requestUser(event);
  const profile = requireProfile(user);
  const body = jsonBody(event);
  const name = body.transition;
  if (typeof name !== 'string' || !getTransition(name)) {
    throw new ApiError('validation-invalid-params', 'transition is not a transition of the order process.');
  }
  if (!privilegedByParty.includes(name as TransitionName)) throw new ApiError('forbidden');
  const transactionId = body.transactionId;
  if (typeof transactionId !== 'string')
    throw new ApiError('validation-invalid-params', 'transactionId is required.');
  const tx = await getTransaction(transactionId);
  const role = tx ? partyRole(tx, user.id) : undefined;
  if (!tx || !role) throw new ApiError('not-found');
  const params = isObject(body.params) ? body.params : {};
  const expectedVersion = optionalVersion(body.expectedVersion);

  if (name === 'request-payment-after-enquiry') {
    const orderData = parseOrderData(params);
    const method = parsePaymentMethod(params.paymentMethod);
    const priced = priceFor(await getListingConsistent(tx.listingId), user.id, orderData);
    await sellerPayee(tx.providerId, method);
    if (method === 'paypal') {
      throw new ApiError('validation-invalid-params', 'PayPal orders start from the checkout page.');
    }
    if (body.isSpeculative === true) {
      return json(200, { data: { transaction: { speculative: true, ...priced } } satisfies InitiateAnswer });
    }
    const card = await cardPaymentFor({
      user,
      profile,
      transactionId: tx.id,
      listingId: tx.listingId,
      amount: priced.payinTotal,
      savedPaymentMethodId: params.stripePaymentMethodId,
      setupFutureUsage: params.setupFutureUsage === true,
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
      if (error instanceof ApiError) await voidUnusedPayment(tx.id, card.intent.id);
      throw error;
    }
    await startWorkflowOf(ordered.id, ordered.version);
    const answer: InitiateAnswer = {
      transaction: toTransactionView(ordered),
      stripePaymentIntentClientSecret: card.intent.clientSecret,
      stripePaymentIntentId: card.intent.id,
    };
    return json(200, { data: answer });
  }

  if (body.isSpeculative === true) {
    return json(200, { data: { transaction: toTransactionView(tx) } satisfies InitiateAnswer });
  }
  const transitionParams: TransitionParams = {};
  if (typeof params.paypalDisbursementId === 'string') {
    transitionParams.protectedData = { paypalDisbursementId: params.paypalDisbursementId };
  }
  try {
    const moved = await applyTransition(tx.id, name, {
      actor: role,
      userId: user.id,
      ...(expectedVersion !== undefined ? { expectedVersion } : {}),
      params: transitionParams,
    });
    return json(200, { data: { transaction: toTransactionView(moved) } satisfies InitiateAnswer });
  } catch (error) {
    throw await confirmFailure(error, tx.id, name);
  }
});

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
