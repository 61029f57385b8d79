import { getTransition, isTransitionName } from '../../../shared/process/graph';
import { partyRole } from '../../../shared/process/permissions';
import { ApiError, json, jsonBody } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { disputeInputOf, disputeProtectedData, transactionViewWithDispute } from '../dispute';
import { dropUploads } from '../dispute-evidence';
import { applyTransition } from '../engine';
import { protectedDataFor, reviewOf } from '../party-transition';
import { getTransaction } from '../repository';
import { isObject, optionalVersion } from '../request';
import { reviewTypeOf } from '../reviews';
import { transactionIdParam } from './params';

/**
 * POST /api/transactions/{id}/transition (spec §7 transition, non-privileged) → `{ data: TransactionView }`:
 * a party's own transition (mark-delivered: a shipped order with its carrier and tracking number, a
 * pickup with nothing; dispute with a reason id, details and up to six photo uploads (functions/orders/dispute.ts);
 * cancel-payment, the review transitions with `reviewRating` and `reviewContent`). Privileged names
 * go to /api/transition-privileged (403 here). Anyone but a party: 404.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const body = jsonBody(event);
  const name = body.transition;
  if (!isTransitionName(name)) {
    throw new ApiError('validation-invalid-params', 'transition is not a transition of the order process.');
  }
  if (getTransition(name)?.privileged) throw new ApiError('forbidden');
  const tx = await getTransaction(transactionIdParam(event));
  const role = tx ? partyRole(tx, user.id) : undefined;
  if (!tx || !role) throw new ApiError('not-found');
  const params = isObject(body.params) ? body.params : {};
  // A dispute's photos are checked and kept before the write, their uploads dropped after it.
  const dispute = name === 'dispute' ? disputeInputOf(params.protectedData) : undefined;
  const protectedData = dispute
    ? await disputeProtectedData(tx.id, dispute)
    : protectedDataFor(name, params.protectedData, tx);
  const review = reviewTypeOf(name) ? reviewOf(params) : undefined;
  const expectedVersion = optionalVersion(body.expectedVersion);
  const moved = await applyTransition(tx.id, name, {
    actor: role,
    userId: user.id,
    ...(expectedVersion !== undefined ? { expectedVersion } : {}),
    params: { ...(protectedData ? { protectedData } : {}), ...(review ? { review } : {}) },
  });
  if (dispute) await dropUploads(tx.id, dispute.uploadIds);
  return json(200, { data: await transactionViewWithDispute(moved, role) });
});
