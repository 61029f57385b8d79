import { ApiError, httpHandler, json, pathParam } from '../lib/http';
import { getUser } from '../users/repository';
import { toPublicUser } from '../users/user-record';
import { toListing } from './listing-record';
import { getListing } from './repository';

/** GET /api/listings/{id} — a published or closed listing with its author. Drafts are private. */
export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id');
  const record = await getListing(id);
  if (!record || record.state === 'draft' || record.state === 'pendingApproval') {
    throw new ApiError('not-found', 'Sorry, this listing is not available.');
  }
  const author = toPublicUser(await getUser(record.authorId), record.authorId);
  return json(200, { data: toListing(record, author) });
});
