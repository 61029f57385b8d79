import { ApiError, invalidField, json, jsonBody, pathParam } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import { changeImages } from '../../images';

const notAPermutation = 'The order must list every photo of the listing exactly once.';

/**
 * PATCH /api/own-listings/{id}/images {order: [imageId…]} → 200 { data: ListingImage[] }: puts the
 * owner's photos in this order (the first is the card and social image). The order must be a
 * permutation of the current ids, else 400; the write is conditional on the list not having
 * changed since it was read.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const order = jsonBody(event).order;
  if (!Array.isArray(order) || !order.every((id) => typeof id === 'string')) {
    throw new ApiError('validation-invalid-params', notAPermutation, { fields: { order: notAPermutation } });
  }
  const { after } = await changeImages(pathParam(event, 'id'), user.id, (current) => {
    const byId = new Map(current.map((image) => [image.id, image]));
    if (
      order.length !== current.length ||
      new Set(order).size !== order.length ||
      !order.every((id) => byId.has(id))
    ) {
      throw invalidField('order', notAPermutation);
    }
    return order.map((id) => byId.get(id)!);
  });
  return json(200, { data: after });
});
