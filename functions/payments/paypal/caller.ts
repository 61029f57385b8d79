import type { UserRecord } from '../../accounts/user-record';
import { ApiError } from '../../lib/errors';

/**
 * The tracking id of a PayPal call: the caller's own, which is their user id (one per user, kept on
 * the PayPal state). Missing means the caller's own; anyone else's is 403.
 */
export function ownTrackingId(user: UserRecord, trackingId: unknown): string {
  const own = user.paypal?.trackingId ?? user.id;
  if (trackingId === undefined || trackingId === null || trackingId === '') return own;
  if (typeof trackingId !== 'string')
    throw new ApiError('validation-invalid-params', 'trackingId must be a string.');
  if (trackingId !== own) throw new ApiError('forbidden', 'That tracking id belongs to another user.');
  return own;
}
