import type { AvatarUpload, AvatarUploadRequest } from '../../../shared/api/account';
import { route } from '../../../shared/api/routes';
import type { ListingImage } from '../../../shared/api/types';
import { callApi, type RequestOptions } from './client';

/**
 * A listing's photos (functions/listings/http/images), for its owner: a presigned POST to upload a file
 * straight to storage, then the upload becomes a photo (sharp makes the variants: a couple of
 * seconds), the photos are reordered (the first is the cover) or removed. Every change answers
 * with the listing's photos as they now are.
 */
export type ImageUploadRequest = AvatarUploadRequest;
/** `{ uploadId, url, fields }`: POST multipart/form-data to `url`, every field first, the file last. */
export type ImageUpload = AvatarUpload;

/** POST /api/own-listings/{id}/image-uploads: 413 request-upload-over-limit, 400 validation-invalid-value. */
export async function createListingImageUpload(
  listingId: string,
  body: ImageUploadRequest,
  options?: RequestOptions,
): Promise<ImageUpload> {
  const target = route('createImageUpload', { id: listingId });
  return (await callApi(target, { ...options, body })).data;
}

/**
 * POST /api/own-listings/{id}/images {uploadId}: the stored file is checked (413, or 400 "Could not
 * read file") and the variants are made; answers with the listing's photos.
 */
export async function addListingImage(
  listingId: string,
  uploadId: string,
  options?: RequestOptions,
): Promise<ListingImage[]> {
  return (
    await callApi(route('addImage', { id: listingId }), {
      ...options,
      body: { uploadId },
    })
  ).data;
}

/** PATCH /api/own-listings/{id}/images {order}: every photo id exactly once (else 400). */
export async function reorderListingImages(
  listingId: string,
  order: readonly string[],
  options?: RequestOptions,
): Promise<ListingImage[]> {
  return (
    await callApi(route('reorderImages', { id: listingId }), {
      ...options,
      body: { order },
    })
  ).data;
}

/** DELETE /api/own-listings/{id}/images/{imageId}: 404 when the photo is already gone. */
export async function removeListingImage(
  listingId: string,
  imageId: string,
  options?: RequestOptions,
): Promise<ListingImage[]> {
  const target = route('removeImage', { id: listingId, imageId });
  return (await callApi(target, options)).data;
}
