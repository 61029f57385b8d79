import { randomUUID } from 'node:crypto';
import {
  ApiError,
  type HttpEvent,
  httpHandler,
  json,
  jsonBody,
  requestUser,
  requireProfile,
} from '../lib/http';
import { createTransaction } from '../transactions/engine';
import { toTransactionView } from '../transactions/record';
import { isObject } from './request';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /api/transactions `{ transition: 'enquire', params: { listingId }, checkoutKey? }` (spec §7
 * initiate, non-privileged) → 201 `{ data: TransactionView }`: an enquiry about a published listing
 * that is not the caller's own. The first message is sent with the messages route. A retry with the
 * same key answers the same enquiry (200).
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const user = requestUser(event);
  requireProfile(user);
  const body = jsonBody(event);
  if (body.transition !== 'enquire') {
    throw new ApiError(
      'validation-invalid-params',
      'Only enquire starts a transaction here; orders use initiate-privileged.',
    );
  }
  const params = isObject(body.params) ? body.params : {};
  if (typeof params.listingId !== 'string' || !params.listingId) {
    throw new ApiError('validation-invalid-params', 'listingId is required.');
  }
  const key = body.checkoutKey;
  if (key !== undefined && (typeof key !== 'string' || !UUID.test(key))) {
    throw new ApiError('validation-invalid-params', 'checkoutKey must be a UUID.');
  }
  const { transaction, created } = await createTransaction({
    transition: 'enquire',
    customerId: user.id,
    listingId: params.listingId,
    checkoutKey: typeof key === 'string' ? key : randomUUID(),
  });
  return json(created ? 201 : 200, { data: toTransactionView(transaction) });
});
