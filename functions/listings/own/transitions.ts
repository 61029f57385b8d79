import {
  canApplyListingAction,
  type ListingAction,
  listingStateAfter,
  listingsRequireApprovalEnv,
  requiresListingApproval,
  stockOnPublish,
} from '../../../shared/listings';
import { listingLocationError, publishErrors } from '../../../shared/validation/listing';
import { ApiError, assertValid } from '../../lib/errors';
import { type ListingRecord, listingStateWrite } from '../listing-record';
import { updateListing } from '../repository';

/**
 * The owner's state changes of a listing (§7), each a conditional write on the state it was read
 * in. A published listing has the sparse GSI2 keys (search), any other does not (listingStateWrite).
 */

/**
 * publishDraft: only a draft, only when the seller's payout details are ready (else 409
 * `transaction-missing-stripe-account` with `meta.reason: 'payout-details-missing'`, so the web app
 * sends them through onboarding), only with every field publishing needs. Stock 0 → 1
 * (stockOnPublish, as a compare-and-set). With VELO_LISTINGS_REQUIRE_APPROVAL=true|1 in the
 * environment (read on every request; default `listingsRequireApproval`) the draft goes to
 * pendingApproval instead, out of search until `npm run operator -- approve-listing <id>`.
 */
export async function publishDraft(record: ListingRecord, payoutReady: boolean): Promise<ListingRecord> {
  const requiresApproval = requiresListingApproval(process.env[listingsRequireApprovalEnv]);
  const to = listingStateAfter(record.state, 'publishDraft', { requiresApproval });
  if (!to) throw new ApiError('conflict', 'Only a draft can be published.', { state: record.state });
  if (!payoutReady) {
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
  return updateListing(record.id, {
    set: { ...write.set, currentStock: stock.stock },
    ...(write.remove ? { remove: write.remove } : {}),
    fromStates: ['draft'],
    condition: { expression: 'currentStock = :oldStock', values: { ':oldStock': record.currentStock } },
  });
}

/** open (closed → published) or close (published → closed, out of search). */
export async function openOrClose(
  record: ListingRecord,
  action: Extract<ListingAction, 'open' | 'close'>,
): Promise<ListingRecord> {
  const to = listingStateAfter(record.state, action);
  if (!to || !canApplyListingAction(record.state, action)) {
    throw new ApiError(
      'conflict',
      `A ${record.state} listing cannot be ${action === 'open' ? 'opened' : 'closed'}.`,
      {
        state: record.state,
      },
    );
  }
  // A listing closed for want of a place (the location migration) goes back on sale only with one.
  if (to === 'published') assertValid({ location: listingLocationError(record) });
  return updateListing(record.id, { ...listingStateWrite(record, to), fromStates: [record.state] });
}

/** Sets the deleted flag and takes the listing out of search; a deleted listing is never shown again. */
export async function deleteOwnListing(record: ListingRecord): Promise<void> {
  await updateListing(record.id, {
    set: { deleted: true },
    remove: ['GSI2PK', 'GSI2SK'],
    fromStates: [record.state],
  });
}
