import { randomUUID } from 'node:crypto';
import type { ProfileImage } from '../../shared/api/account';
import {
  deleteUpload,
  deleteVariantFiles,
  storeVariants,
  variantsFromUpload,
  wrongImageType,
} from '../lib/image-variants';
import { avatarVariants } from './avatar-images';
import { avatarUploadKey, avatarVariantKey } from './avatar-keys';
import { updateUser } from './repository';
import type { UserRecord } from './user-record';

/** Ours: the spec names no message for a file that is not an image. */
const unreadable = 'The image could not be read. Please try another file.';

/**
 * Makes a user's avatar from their upload: the checked upload's square JPEG variants
 * (square-xsmall 40, square-xsmall2x 80, square-small 240, square-small2x 480) under
 * images/avatars/<userId>/<imageId>/, the profile pointed at them, then the upload and the
 * previous avatar's files deleted.
 */
export async function setAvatar(
  userId: string,
  uploadId: string,
  previous: ProfileImage | undefined,
): Promise<UserRecord> {
  const uploadKey = avatarUploadKey(userId, uploadId);
  const variants = await variantsFromUpload(uploadKey, avatarVariants, {
    wrongType: wrongImageType,
    unreadable,
  });
  const imageId = randomUUID();
  const profileImage: ProfileImage = {
    id: imageId,
    variants: await storeVariants(variants, (name) => avatarVariantKey(userId, imageId, name)),
  };
  const updated = await updateUser(userId, { set: { profileImage } });
  await deleteUpload(uploadKey);
  if (previous) {
    await deleteVariantFiles(
      Object.keys(previous.variants),
      (name) => avatarVariantKey(userId, previous.id, name),
      { userId, imageId: previous.id },
    );
  }
  return updated;
}
