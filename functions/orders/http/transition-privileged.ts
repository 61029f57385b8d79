import type { InitiateAnswer } from '../../../shared/api/transactions';
import { privilegedPartyTransitions } from '../../../shared/process/effects';
import { getTransition, type TransitionName } from '../../../shared/process/graph';
import { partyRole } from '../../../shared/process/permissions';
import { ApiError, json, jsonBody } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { applyTransition } from '../engine';
import { confirmFailure, disbursementOf } from '../party-transition';
import { payForEnquiry } from '../place-order';
import { toTransactionView } from '../record';
import { getTransaction } from '../repository';
import { isObject, optionalVersion, transactionIdOf } from '../request';

/**
 * POST /api/transition-privileged (spec §7 transition / transitionSpeculative, privileged) → `{ data:
 * InitiateAnswer }`: a party's own role's transitions, with the money of docs/design/orders.md
 * ("The write protocol") (confirm-payment captures, cancel refunds, mark-received pays the seller);
 * request-payment-after-enquiry: payForEnquiry.
 */
export const handler = userHandler(async ({ event, user, profile }) => {
  const body = jsonBody(event);
  const name = body.transition;
  if (typeof name !== 'string' || !getTransition(name)) {
    throw new ApiError('validation-invalid-params', 'transition is not a transition of the order process.');
  }
  if (!privilegedPartyTransitions.includes(name as TransitionName)) throw new ApiError('forbidden');
  const tx = await getTransaction(transactionIdOf(body.transactionId));
  const role = tx ? partyRole(tx, user.id) : undefined;
  if (!tx || !role) throw new ApiError('not-found');
  const params = isObject(body.params) ? body.params : {};
  const expectedVersion = optionalVersion(body.expectedVersion);
  if (name === 'request-payment-after-enquiry') {
    if (role !== 'customer') throw new ApiError('forbidden');
    const speculative = body.isSpeculative === true;
    const answer = await payForEnquiry({ user, profile, tx, params, speculative, expectedVersion });
    return json(200, { data: answer });
  }
  if (body.isSpeculative === true) {
    return json(200, { data: { transaction: toTransactionView(tx, role) } satisfies InitiateAnswer });
  }
  const protectedData = disbursementOf(params.paypalDisbursementId);
  try {
    const moved = await applyTransition(tx.id, name, {
      actor: role,
      userId: user.id,
      ...(expectedVersion !== undefined ? { expectedVersion } : {}),
      params: protectedData ? { protectedData } : {},
    });
    return json(200, { data: { transaction: toTransactionView(moved, role) } satisfies InitiateAnswer });
  } catch (error) {
    throw await confirmFailure(error, tx.id, name);
  }
});
