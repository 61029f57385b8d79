import { json, jsonBody, pathParam } from '../../../lib/http';
import { imageUploadFor } from '../../../lib/image-variants';
import { userHandler } from '../../../lib/user-handler';
import { listingImageUploadKey } from '../../images';
import { ownedListing } from '../../ownership';

/**
 * POST /api/own-listings/{id}/image-uploads {contentType, size} → 201 { data: { uploadId, url,
 * fields } }: a presigned POST straight to the images bucket (policy: this key, this Content-Type,
 * 1 byte…20 MB), for the owner of the listing (anyone else: 404). JPG, GIF or PNG, at most 20 MB
 * (413 request-upload-over-limit, "The maximum file size is 20 MB."). POST …/images checks the
 * stored file again, since s3rver enforces no policy.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const listing = await ownedListing(pathParam(event, 'id'), user.id);
  const data = await imageUploadFor(jsonBody(event), (uploadId) =>
    listingImageUploadKey(listing.id, uploadId),
  );
  return json(201, { data });
});
