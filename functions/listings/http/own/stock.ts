import { json, jsonBody, pathParam } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import { toOwnListing } from '../../own/common';
import { setStock } from '../../own/edits';
import { ownedListing } from '../../ownership';

/** POST /api/own-listings/{id}/stock { oldTotal, newTotal } — §7 stock.compareAndSet; else 409 old-total-mismatch. */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const record = await ownedListing(pathParam(event, 'id'), user.id);
  return json(200, { data: toOwnListing(await setStock(record, jsonBody(event))) });
});
