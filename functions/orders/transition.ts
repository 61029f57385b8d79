import { getTransition, isTransitionName } from '../../shared/process/graph';
import { partyRole } from '../../shared/process/permissions';
import { disputeReasonValidator } from '../../shared/validation/orders';
import { ApiError, type HttpEvent, httpHandler, json, jsonBody, pathParam, requestUser } from '../lib/http';
import { applyTransition, type TransitionParams } from '../transactions/engine';
import { toTransactionView } from '../transactions/record';
import { getTransaction } from '../transactions/repository';
import { isObject, optionalVersion } from './request';

const TRACKING_NUMBER_MAX = 100;

/** The protected data a party's transition carries, checked with the spec's rules. */
function protectedDataFor(name: string, raw: unknown): TransitionParams['protectedData'] {
  const data = isObject(raw) ? raw : {};
  if (name === 'dispute') {
    const reason = typeof data.disputeReason === 'string' ? data.disputeReason.trim() : '';
    const problem = disputeReasonValidator(reason);
    if (problem)
      throw new ApiError('validation-invalid-params', problem, { fields: { disputeReason: problem } });
    return { disputeReason: reason };
  }
  if (name === 'mark-delivered' && typeof data.trackingNumber === 'string' && data.trackingNumber.trim()) {
    const trackingNumber = data.trackingNumber.trim();
    if (trackingNumber.length > TRACKING_NUMBER_MAX) {
      throw new ApiError(
        'validation-invalid-params',
        `The tracking number is too long (at most ${TRACKING_NUMBER_MAX}).`,
      );
    }
    return { trackingNumber };
  }
  return undefined;
}

/**
 * POST /api/transactions/{id}/transition (spec §7 transition, non-privileged) → `{ data: TransactionView }`:
 * a party's own transition (mark-delivered with a tracking number, dispute with a reason,
 * cancel-payment). Privileged names go to /api/transition-privileged (403 here); review transitions
 * open with issue 9 (reviews), so they are refused here until then. Anyone but a party: 404.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const user = requestUser(event);
  const body = jsonBody(event);
  const name = body.transition;
  if (!isTransitionName(name)) {
    throw new ApiError('validation-invalid-params', 'transition is not a transition of the order process.');
  }
  if (getTransition(name)?.privileged) throw new ApiError('forbidden');
  if (name.startsWith('review-')) {
    throw new ApiError('validation-invalid-params', 'Reviews are not open yet.');
  }
  const tx = await getTransaction(pathParam(event, 'id'));
  const role = tx ? partyRole(tx, user.id) : undefined;
  if (!tx || !role) throw new ApiError('not-found');
  const params = isObject(body.params) ? body.params : {};
  const protectedData = protectedDataFor(name, params.protectedData);
  const expectedVersion = optionalVersion(body.expectedVersion);
  const moved = await applyTransition(tx.id, name, {
    actor: role,
    userId: user.id,
    ...(expectedVersion !== undefined ? { expectedVersion } : {}),
    ...(protectedData ? { params: { protectedData } } : {}),
  });
  return json(200, { data: toTransactionView(moved) });
});
