import { noContent, pathParam } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import { deleteOwnListing } from '../../own/transitions';
import { ownedListing } from '../../ownership';

/** DELETE /api/own-listings/{id} → 204: the listing is deleted and out of search for good. */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  await deleteOwnListing(await ownedListing(pathParam(event, 'id'), user.id));
  return noContent();
});
