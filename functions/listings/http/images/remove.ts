import { ApiError, json, pathParam } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import { changeImages, deleteImageFiles } from '../../images';

/**
 * DELETE /api/own-listings/{id}/images/{imageId} → 200 { data: ListingImage[] }: removes one of the
 * owner's photos (conditional write on the list), then its files (best effort). Unknown image: 404.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const listingId = pathParam(event, 'id');
  const imageId = pathParam(event, 'imageId');
  const { before, after } = await changeImages(listingId, user.id, (current) => {
    if (!current.some((image) => image.id === imageId))
      throw new ApiError('not-found', 'This photo does not exist.');
    return current.filter((image) => image.id !== imageId);
  });
  const removed = before.find((image) => image.id === imageId);
  if (removed) await deleteImageFiles(listingId, removed);
  return json(200, { data: after });
});
