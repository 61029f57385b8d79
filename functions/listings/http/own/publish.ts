import {
  listingStateAfter,
  listingsRequireApprovalEnv,
  requiresListingApproval,
  stockOnPublish,
} from '../../../../shared/listings';
import { publishErrors } from '../../../../shared/validation/listing';
import { ApiError, assertValid, httpHandler, json, requestUser } from '../../../lib/http';
import { listingStateWrite } from '../../listing-record';
import { ownListing, toOwnListing } from '../../own/common';
import { updateListing } from '../../repository';

/**
 * POST /api/own-listings/{id}/publish — §7 publishDraft: only a draft, only when the seller's payout
 * details are ready (else 409 `transaction-missing-stripe-account` with `meta.reason:
 * 'payout-details-missing'`, so the web app sends them through onboarding). Stock 0 → 1
 * (stockOnPublish, as a compare-and-set); published listings get the GSI2 keys (search). With
 * VELO_LISTINGS_REQUIRE_APPROVAL=true|1 in the environment (read on every request; default
 * `listingsRequireApproval`) the draft goes to pendingApproval instead, out of search until
 * `npm run operator -- approve-listing <id>`.
 */
export const handler = httpHandler(async (event) => {
  const { record } = await ownListing(event);
  const requiresApproval = requiresListingApproval(process.env[listingsRequireApprovalEnv]);
  const to = listingStateAfter(record.state, 'publishDraft', { requiresApproval });
  if (!to) throw new ApiError('conflict', 'Only a draft can be published.', { state: record.state });
  if (requestUser(event).profile?.payoutReady !== true) {
    throw new ApiError(
      'transaction-missing-stripe-account',
      'Add your payout details to publish the listing.',
      {
        reason: 'payout-details-missing',
      },
    );
  }
  assertValid(publishErrors(record));
  const stock = stockOnPublish(record.currentStock);
  const write = listingStateWrite(record, to);
  const updated = await updateListing(record.id, {
    set: { ...write.set, currentStock: stock.stock },
    ...(write.remove ? { remove: write.remove } : {}),
    fromStates: ['draft'],
    condition: {
      expression: 'currentStock = :oldStock',
      values: { ':oldStock': record.currentStock },
    },
  });
  return json(200, { data: toOwnListing(updated) });
});
