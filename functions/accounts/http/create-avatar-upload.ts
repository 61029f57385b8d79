import { json, jsonBody } from '../../lib/http';
import { imageUploadFor } from '../../lib/image-variants';
import { userHandler } from '../../lib/user-handler';
import { avatarUploadKey } from '../avatar-keys';

/**
 * POST /api/me/avatar-uploads {contentType, size} → 201 { data: AvatarUpload }: a presigned POST
 * `{ uploadId, url, fields }` straight to the images bucket. The declared type must be JPG, GIF or
 * PNG and the size at most 20 MB (413 request-upload-over-limit); the policy caps the size and fixes
 * the type, and PUT /api/me/avatar checks the stored file again (size and real type), since s3rver
 * enforces no policy.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const data = await imageUploadFor(jsonBody(event), (uploadId) => avatarUploadKey(user.id, uploadId));
  return json(201, { data });
});
