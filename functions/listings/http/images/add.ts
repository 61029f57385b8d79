import { randomUUID } from 'node:crypto';
import type { ListingImage } from '../../../../shared/api/types';
import { ApiError, json, jsonBody, pathParam } from '../../../lib/http';
import {
  deleteUpload,
  detectImageType,
  isAcceptedImageType,
  type RenderedVariant,
  readUpload,
  renderVariants,
  storeVariants,
  UnreadableImage,
  uploadIdPattern,
} from '../../../lib/image-variants';
import { userHandler } from '../../../lib/user-handler';
import {
  appendImage,
  deleteImageFiles,
  listingImageKey,
  listingImageUploadKey,
  listingVariants,
  maxListingImages,
  tooManyImages,
  unreadableImage,
} from '../../images';
import { ownedListing } from '../../ownership';

const unknownUpload = 'This upload does not exist or has already been used. Please upload the image again.';

/**
 * POST /api/own-listings/{id}/images {uploadId} → 201 { data: ListingImage[] }: turns the owner's
 * upload into a listing photo. The stored file is checked again — its size (413
 * request-upload-over-limit) and its real type from its first bytes, whatever its name or declared
 * type (anything else, or a file sharp cannot decode: 400 "Could not read file") — then sharp makes
 * the JPEG variants under images/listings/{listingId}/{imageId}/, the image is appended to the
 * listing's images (conditional write, at most 10), and the upload is deleted.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const listing = await ownedListing(pathParam(event, 'id'), user.id);
  const uploadId = jsonBody(event).uploadId;
  if (typeof uploadId !== 'string' || !uploadIdPattern.test(uploadId)) {
    throw new ApiError('validation-invalid-params', undefined, { fields: { uploadId: unknownUpload } });
  }
  if ((listing.images ?? []).length >= maxListingImages) {
    throw new ApiError('validation-invalid-value', tooManyImages, { fields: { uploadId: tooManyImages } });
  }
  const uploadKey = listingImageUploadKey(listing.id, uploadId);
  const bytes = await readUpload(uploadKey, unknownUpload);
  const unreadable = async () => {
    await deleteUpload(uploadKey);
    return new ApiError('validation-invalid-value', unreadableImage, {
      fields: { uploadId: unreadableImage },
    });
  };
  const type = detectImageType(bytes);
  if (!type || !isAcceptedImageType(type)) throw await unreadable();
  let variants: Array<RenderedVariant>;
  try {
    variants = await renderVariants(bytes, listingVariants);
  } catch (error) {
    if (!(error instanceof UnreadableImage)) throw error;
    throw await unreadable();
  }

  const imageId = randomUUID();
  const image: ListingImage = {
    id: imageId,
    variants: await storeVariants(variants, (name) => listingImageKey(listing.id, imageId, name)),
  };
  let images: ListingImage[];
  try {
    images = await appendImage(listing.id, user.id, image);
  } catch (error) {
    await deleteImageFiles(listing.id, image);
    throw error;
  }
  await deleteUpload(uploadKey);
  return json(201, { data: images });
});
