import { randomUUID } from 'node:crypto';
import { requireVerifiedEmail } from '../../accounts/verified';
import { ApiError, json, jsonBody } from '../../lib/http';
import { appendLogKeys } from '../../lib/logger';
import { userHandler } from '../../lib/user-handler';
import { openEnquiry } from '../enquiries';
import { toTransactionView } from '../record';
import { checkoutKeyOf, isObject, listingIdOf } from '../request';

/**
 * POST /api/transactions `{ transition: 'enquire', params: { listingId }, checkoutKey? }` (spec §7
 * initiate, non-privileged) → 201 `{ data: TransactionView }`: an enquiry about a published listing
 * that is not the caller's own. The first message is sent with the messages route. A retry with the
 * same key, or any Contact while the caller's enquiry about this listing is still open, answers that
 * enquiry (200); at most 10 new enquiries a day (429 too-many-requests). An unverified address may
 * not enquire (403, issue 25).
 */
export const handler = userHandler(async ({ event, user, profile }) => {
  requireVerifiedEmail(profile);
  const body = jsonBody(event);
  if (body.transition !== 'enquire') {
    throw new ApiError(
      'validation-invalid-params',
      'Only enquire starts a transaction here; orders use initiate-privileged.',
    );
  }
  const params = isObject(body.params) ? body.params : {};
  const listingId = listingIdOf(params.listingId);
  const key = body.checkoutKey;
  const { transaction, created } = await openEnquiry({
    customerId: user.id,
    listingId,
    checkoutKey: key === undefined ? randomUUID() : checkoutKeyOf(key, 'checkoutKey must be a UUID.'),
  });
  appendLogKeys({ transactionId: transaction.id });
  return json(created ? 201 : 200, { data: toTransactionView(transaction, 'customer') });
});
