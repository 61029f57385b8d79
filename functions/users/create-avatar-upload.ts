import { randomUUID } from 'node:crypto';
import type { AvatarUpload } from '../../shared/api/account';
import { imageSettings } from '../../shared/config/constants';
import { ApiError, type HttpEvent, httpHandler, json, jsonBody, requestUser } from '../lib/http';
import { presignedUpload } from '../lib/uploads';
import { isAcceptedImageType } from './avatar-images';
import { avatarUploadKey } from './avatar-keys';

/** Ours: §5 says JPG, GIF or PNG. */
export const wrongImageType = 'Please choose a JPG, GIF or PNG image.';
const badSize = 'The file size is missing or not valid.';

/**
 * POST /api/me/avatar-uploads {contentType, size} → 201 { data: AvatarUpload }: a presigned PUT
 * straight to the images bucket. The declared type must be JPG, GIF or PNG and the size at most
 * 20 MB (413 request-upload-over-limit); the size is signed into the URL, and PUT /api/me/avatar
 * checks the stored file again (size and real type), since s3rver checks nothing.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const user = requestUser(event);
  const body = jsonBody(event);
  const contentType = typeof body.contentType === 'string' ? body.contentType.trim().toLowerCase() : '';
  const size = body.size;
  if (!isAcceptedImageType(contentType)) {
    throw new ApiError('validation-invalid-value', wrongImageType, {
      fields: { contentType: wrongImageType },
    });
  }
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size <= 0) {
    throw new ApiError('validation-invalid-value', badSize, { fields: { size: badSize } });
  }
  if (size > imageSettings.maxUploadBytes) {
    throw new ApiError('request-upload-over-limit', undefined, { maxBytes: imageSettings.maxUploadBytes });
  }
  const uploadId = randomUUID();
  const data: AvatarUpload = {
    uploadId,
    url: await presignedUpload(avatarUploadKey(user.id, uploadId), contentType, size),
    headers: { 'content-type': contentType },
  };
  return json(201, { data });
});
