import { getUser } from '../../accounts/repository';
import { toPublicUser } from '../../accounts/user-record';
import { ApiError, httpHandler, json, pathParam } from '../../lib/http';
import { toListing } from '../listing-record';
import { getListing } from '../repository';

/**
 * GET /api/listings/{id} — a published or closed listing with its author (fuzzy location only, no
 * pickup address: toListing). Drafts, pending and deleted listings are private, and
 * the listings of a banned or deleted author are gone with them.
 */
export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id');
  const record = await getListing(id);
  const unavailable = new ApiError('not-found', 'Sorry, this listing is not available.');
  if (!record || record.deleted || record.state === 'draft' || record.state === 'pendingApproval')
    throw unavailable;
  const author = await getUser(record.authorId);
  if (author?.banned || author?.deleted) throw unavailable;
  return json(200, { data: toListing(record, toPublicUser(author, record.authorId)) });
});
