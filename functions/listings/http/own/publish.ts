import { json, pathParam } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import { toOwnListing } from '../../own/common';
import { tellSellerListingIsLive } from '../../own/listing-live-mail';
import { publishDraft } from '../../own/transitions';
import { ownedListing } from '../../ownership';

/**
 * POST /api/own-listings/{id}/publish — §7 publishDraft: a draft with every field it needs goes on
 * sale (or to approval), once the seller's payout details are ready; a listing that went live is
 * mailed to its seller ("Your listing is live").
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const record = await ownedListing(pathParam(event, 'id'), user.id);
  const updated = await publishDraft(record, user.profile?.payoutReady === true);
  await tellSellerListingIsLive(updated, user.profile);
  return json(200, { data: toOwnListing(updated) });
});
