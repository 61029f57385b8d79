import { httpHandler, json } from '../../../lib/http';
import { ownListing, toOwnListing } from '../../own/common';

/** GET /api/own-listings/{id} — the owner's full view (§7 show), any state but deleted. */
export const handler = httpHandler(async (event) => {
  const { record } = await ownListing(event);
  return json(200, { data: toOwnListing(record) });
});
