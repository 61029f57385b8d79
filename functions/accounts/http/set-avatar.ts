import { json, jsonBody } from '../../lib/http';
import { uploadIdOf } from '../../lib/image-variants';
import { userHandler } from '../../lib/user-handler';
import { setAvatar } from '../avatar';
import { toCurrentUser } from '../user-record';

/**
 * PUT /api/me/avatar {uploadId} → 200 { data: CurrentUser }: the caller's upload becomes their
 * avatar. Too big: 413 request-upload-over-limit; not a JPG, GIF or PNG, or not readable: 400 on
 * `uploadId`.
 */
export const handler = userHandler(async ({ event, user, profile }) => {
  const uploadId = uploadIdOf(jsonBody(event));
  const updated = await setAvatar(user.id, uploadId, profile.profileImage);
  return json(200, { data: toCurrentUser(updated, { limited: user.limited }) });
});
