import type { CarrierId } from '../../../shared/config/carriers';
import { getTransition, isTransitionName } from '../../../shared/process/graph';
import { partyRole } from '../../../shared/process/permissions';
import { disputeReasonValidator, validateReview, validateShipment } from '../../../shared/validation/orders';
import { ApiError, assertValid, json, jsonBody } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { applyTransition, type TransitionParams } from '../engine';
import { type TransactionRecord, toTransactionView } from '../record';
import { getTransaction } from '../repository';
import { isObject, optionalVersion, transactionIdParam } from '../request';
import { type ReviewInput, reviewTypeOf } from '../reviews';

/** The protected data a party's transition carries, checked with the spec's rules. */
function protectedDataFor(
  name: string,
  raw: unknown,
  tx: Pick<TransactionRecord, 'orderData'>,
): TransitionParams['protectedData'] {
  const data = isObject(raw) ? raw : {};
  if (name === 'dispute') {
    const reason = typeof data.disputeReason === 'string' ? data.disputeReason.trim() : '';
    const problem = disputeReasonValidator(reason);
    if (problem)
      throw new ApiError('validation-invalid-params', problem, { fields: { disputeReason: problem } });
    return { disputeReason: reason };
  }
  if (name === 'mark-delivered' && tx.orderData.deliveryMethod !== 'pickup') {
    // A shipped order: the carrier and tracking number the buyer follows the parcel with (issue 16).
    const trackingNumber = typeof data.trackingNumber === 'string' ? data.trackingNumber.trim() : '';
    assertValid(validateShipment({ carrier: data.carrier, trackingNumber }, tx.orderData.deliveryMethod));
    return { carrier: data.carrier as CarrierId, trackingNumber };
  }
  return undefined;
}

/** A review transition's review (spec §5: rating 1–5 and text required), or 400 with the field messages. */
function reviewOf(params: Record<string, unknown>): ReviewInput {
  const rating = params.reviewRating;
  const content = typeof params.reviewContent === 'string' ? params.reviewContent.trim() : '';
  assertValid(
    validateReview({ reviewRating: typeof rating === 'number' ? rating : '', reviewContent: content }),
  );
  if (typeof rating !== 'number' || !Number.isInteger(rating)) {
    throw new ApiError('validation-invalid-params', undefined, {
      fields: { reviewRating: 'Rating must be 1 to 5.' },
    });
  }
  return { rating, content };
}

/**
 * POST /api/transactions/{id}/transition (spec §7 transition, non-privileged) → `{ data: TransactionView }`:
 * a party's own transition (mark-delivered: a shipped order with its carrier and tracking number, a
 * pickup with nothing; dispute with a reason;
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
  const protectedData = protectedDataFor(name, params.protectedData, tx);
  const review = reviewTypeOf(name) ? reviewOf(params) : undefined;
  const expectedVersion = optionalVersion(body.expectedVersion);
  const moved = await applyTransition(tx.id, name, {
    actor: role,
    userId: user.id,
    ...(expectedVersion !== undefined ? { expectedVersion } : {}),
    params: { ...(protectedData ? { protectedData } : {}), ...(review ? { review } : {}) },
  });
  return json(200, { data: toTransactionView(moved, role) });
});
