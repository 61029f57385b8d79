import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import type { ProfileImage } from '../../../shared/api/account';
import { imageSettings } from '../../../shared/config/constants';
import { imagesBucket, s3 } from '../../lib/aws';
import { ApiError, json, jsonBody } from '../../lib/http';
import { readUpload, storeVariants, wrongImageType } from '../../lib/image-variants';
import { log } from '../../lib/logger';
import { userHandler } from '../../lib/user-handler';
import {
  detectImageType,
  isAcceptedImageType,
  renderAvatarVariants,
  UnreadableImage,
} from '../avatar-images';
import { avatarUploadKey, avatarVariantKey, uploadIdPattern } from '../avatar-keys';
import { updateUser } from '../repository';
import { toCurrentUser } from '../user-record';

const unknownUpload = 'This upload does not exist or has already been used. Please upload the image again.';
const unreadable = 'The image could not be read. Please try another file.';

/**
 * PUT /api/me/avatar {uploadId} → 200 { data: CurrentUser }: makes the caller's avatar from their
 * upload. The stored file is checked again (size, and its real type from its first bytes, whatever
 * its name or declared type), then sharp makes the square JPEG variants (square-xsmall 40,
 * square-xsmall2x 80, square-small 240, square-small2x 480) under
 * images/avatars/<userId>/<imageId>/, the profile points at them, and the upload and the previous
 * avatar are deleted.
 */
export const handler = userHandler(async ({ event, user, profile }) => {
  const uploadId = jsonBody(event).uploadId;
  if (typeof uploadId !== 'string' || !uploadIdPattern.test(uploadId)) {
    throw new ApiError('validation-invalid-params', undefined, { fields: { uploadId: unknownUpload } });
  }
  const uploadKey = avatarUploadKey(user.id, uploadId);
  const bytes = await readUpload(uploadKey, unknownUpload);
  const discard = () => s3().send(new DeleteObjectCommand({ Bucket: imagesBucket(), Key: uploadKey }));

  if (bytes.length > imageSettings.maxUploadBytes) {
    await discard();
    throw new ApiError('request-upload-over-limit', undefined, { maxBytes: imageSettings.maxUploadBytes });
  }
  const type = detectImageType(bytes);
  if (!type || !isAcceptedImageType(type)) {
    await discard();
    throw new ApiError('validation-invalid-value', wrongImageType, { fields: { uploadId: wrongImageType } });
  }
  let variants: Awaited<ReturnType<typeof renderAvatarVariants>>;
  try {
    variants = await renderAvatarVariants(bytes);
  } catch (error) {
    if (!(error instanceof UnreadableImage)) throw error;
    await discard();
    throw new ApiError('validation-invalid-value', unreadable, { fields: { uploadId: unreadable } });
  }

  const imageId = randomUUID();
  const profileImage: ProfileImage = {
    id: imageId,
    variants: await storeVariants(variants, (name) => avatarVariantKey(user.id, imageId, name)),
  };
  const updated = await updateUser(user.id, { set: { profileImage } });
  await discard();
  await deletePreviousAvatar(user.id, profile.profileImage);
  return json(200, { data: toCurrentUser(updated, { limited: user.limited }) });
});

/** Best effort: a leftover old variant costs a few kB; a failed delete must not fail the request. */
async function deletePreviousAvatar(userId: string, previous: ProfileImage | undefined): Promise<void> {
  if (!previous) return;
  await Promise.all(
    Object.keys(previous.variants).map((name) =>
      s3()
        .send(
          new DeleteObjectCommand({
            Bucket: imagesBucket(),
            Key: avatarVariantKey(userId, previous.id, name),
          }),
        )
        .catch((error: unknown) => log.warn('old avatar variant not deleted', { userId, error })),
    ),
  );
}
