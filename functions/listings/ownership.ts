import { ApiError } from '../lib/errors';
import type { ListingRecord } from './listing-record';
import { getListing } from './repository';

/**
 * The one ownership policy of every own-listing and listing-image route: the caller's listing, or
 * - 404 `not-found` when it is missing or deleted, or someone else's draft or pending listing
 *   (private: the answer does not confirm the id exists);
 * - 403 `forbidden` on someone else's published or closed listing (its page is public anyway).
 */
export async function ownedListing(listingId: string, userId: string): Promise<ListingRecord> {
  const record = await getListing(listingId);
  if (!record || record.deleted) throw new ApiError('not-found', 'Sorry, this listing is not available.');
  if (record.authorId === userId) return record;
  if (record.state === 'draft' || record.state === 'pendingApproval') {
    throw new ApiError('not-found', 'Sorry, this listing is not available.');
  }
  throw new ApiError('forbidden', 'This listing is not yours.');
}
