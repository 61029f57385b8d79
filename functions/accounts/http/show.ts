import { ApiError, httpHandler, json, pathParam } from '../../lib/http';
import { getUser } from '../repository';
import { toPublicUser } from '../user-record';

/** GET /api/users/{id} — a public profile. */
export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id');
  const record = await getUser(id);
  if (!record) throw new ApiError('not-found', 'This user does not exist.');
  return json(200, { data: toPublicUser(record, id) });
});
