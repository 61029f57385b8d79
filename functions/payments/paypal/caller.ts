import type { UserRecord } from '../../accounts/user-record';
import { ApiError } from '../../lib/errors';
import { type HttpEvent, requestUser, requireProfile } from '../../lib/http';

/** The signed-in seller's profile for the PayPal routes (an operator's limited session may not link accounts). */
export function paypalCaller(event: HttpEvent): UserRecord {
  const user = requestUser(event);
  if (user.limited) throw new ApiError('forbidden', 'Not available in a limited session.');
  return requireProfile(user);
}

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
