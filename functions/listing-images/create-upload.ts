import { randomUUID } from 'node:crypto';
import type { AvatarUpload } from '../../shared/api/account';
import { imageSettings } from '../../shared/config/constants';
import { ApiError, type HttpEvent, httpHandler, json, jsonBody, pathParam, requestUser } from '../lib/http';
import { isAcceptedImageType } from '../lib/image-variants';
import { presignedUpload } from '../lib/uploads';
import { listingImageUploadKey, ownListing, wrongImageType } from './listing-images';

const badSize = 'The file size is missing or not valid.';

/**
 * POST /api/own-listings/{id}/image-uploads {contentType, size} → 201 { data: { uploadId, url,
 * headers } }: a presigned PUT (size signed in) straight to the images bucket, for the owner of
 * the listing (anyone else: 404). JPG, GIF or PNG, at most 20 MB (413 request-upload-over-limit,
 * "The maximum file size is 20 MB."). POST …/images checks the stored file again, since s3rver
 * checks nothing.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const user = requestUser(event);
  const listing = await ownListing(pathParam(event, 'id'), user.id);
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
    url: await presignedUpload(listingImageUploadKey(listing.id, uploadId), contentType, size),
    headers: { 'content-type': contentType },
  };
  return json(201, { data });
});
