import { json, jsonBody, pathParam } from '../../../lib/http';
import { uploadIdOf } from '../../../lib/image-variants';
import { userHandler } from '../../../lib/user-handler';
import { addImage } from '../../images';
import { ownedListing } from '../../ownership';

/**
 * POST /api/own-listings/{id}/images {uploadId} → 201 { data: ListingImage[] }: the owner's upload
 * becomes a listing photo. Too big: 413 request-upload-over-limit; not an image we can read: 400
 * "Could not read file"; an 11th photo: 400.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const listing = await ownedListing(pathParam(event, 'id'), user.id);
  const uploadId = uploadIdOf(jsonBody(event));
  return json(201, { data: await addImage(listing, user.id, uploadId) });
});
