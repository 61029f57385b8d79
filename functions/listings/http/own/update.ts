import { json, jsonBody, pathParam } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import { toOwnListing } from '../../own/common';
import { editListing } from '../../own/edits';
import { ownedListing } from '../../ownership';

/** PATCH /api/own-listings/{id} — changes listing fields (§7 update); the state is kept. */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const record = await ownedListing(pathParam(event, 'id'), user.id);
  return json(200, { data: toOwnListing(await editListing(record, jsonBody(event))) });
});
