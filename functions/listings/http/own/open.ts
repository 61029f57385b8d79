import { json, pathParam } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import { toOwnListing } from '../../own/common';
import { openOrClose } from '../../own/transitions';
import { ownedListing } from '../../ownership';

/** POST /api/own-listings/{id}/open — closed → published (§7 open). */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const record = await ownedListing(pathParam(event, 'id'), user.id);
  return json(200, { data: toOwnListing(await openOrClose(record, 'open')) });
});
