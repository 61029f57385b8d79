import { json, jsonBody } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import { toOwnListing } from '../../own/common';
import { createDraft } from '../../own/edits';

/** POST /api/own-listings → 201 { data: OwnListing }: a new draft of the caller (§7 createDraft). */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const record = await createDraft(user.id, jsonBody(event));
  return json(201, { data: toOwnListing(record) });
});
