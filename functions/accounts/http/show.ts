import { ApiError, httpHandler, json, pathParam } from '../../lib/http';
import { getUser } from '../repository';
import { sellerFigures } from '../seller-figures';
import { toPublicUser } from '../user-record';

/** GET /api/users/{id} — a public profile, with the user's figures as a seller (issue 24). */
export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id');
  const record = await getUser(id);
  if (!record) throw new ApiError('not-found', 'This user does not exist.');
  const user = toPublicUser(record, id);
  // Deleted and banned users keep no public record (§3): no figures either.
  if (user.banned || user.deleted) return json(200, { data: user });
  const figures = await sellerFigures(id, record.createdAt);
  return json(200, { data: { ...user, figures } });
});
