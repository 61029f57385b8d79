import { canApplyListingAction, type ListingAction, listingStateAfter } from '../../../shared/listings';
import { listingLocationError } from '../../../shared/validation/listing';
import { ApiError, assertValid } from '../../lib/errors';
import { type HttpEvent, json } from '../../lib/http';
import { listingStateWrite } from '../listing-record';
import { updateListing } from '../repository';
import { ownListing, toOwnListing } from './common';

/**
 * Open or close (§7): a conditional write on the current state (canApplyListingAction). A published
 * listing has the sparse GSI2 keys (search), a closed one does not (listingStateWrite).
 */
export async function applyAction(event: HttpEvent, action: Extract<ListingAction, 'open' | 'close'>) {
  const { record } = await ownListing(event);
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
  const updated = await updateListing(record.id, {
    ...listingStateWrite(record, to),
    fromStates: [record.state],
  });
  return json(200, { data: toOwnListing(updated) });
}
