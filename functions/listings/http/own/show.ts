import { json, pathParam } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import { toOwnListing } from '../../own/common';
import { ownedListing } from '../../ownership';

/** GET /api/own-listings/{id} — the owner's full view (§7 show), any state but deleted. */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const record = await ownedListing(pathParam(event, 'id'), user.id);
  return json(200, { data: toOwnListing(record) });
});
