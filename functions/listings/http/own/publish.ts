import { json, pathParam } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import { toOwnListing } from '../../own/common';
import { publishDraft } from '../../own/transitions';
import { ownedListing } from '../../ownership';

/**
 * POST /api/own-listings/{id}/publish — §7 publishDraft: a draft with every field it needs goes on
 * sale (or to approval), once the seller's payout details are ready.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const record = await ownedListing(pathParam(event, 'id'), user.id);
  const updated = await publishDraft(record, user.profile?.payoutReady === true);
  return json(200, { data: toOwnListing(updated) });
});
