import { listingMessages } from '../../../../shared/validation/messages';
import { ApiError, httpHandler, json, jsonBody } from '../../../lib/http';
import { ownListing, parseListingInput, publicPointWrite, toOwnListing } from '../../own/common';
import { updateListing } from '../../repository';

/**
 * PATCH /api/own-listings/{id} — changes listing fields (§7 update); the state is kept (a published
 * listing stays published). Conditional on the item existing, not deleted and still in the state
 * it was read in (a concurrent close/publish makes this a 409 `conflict`). A moved place gets a
 * new public point (publicPointWrite).
 */
export const handler = httpHandler(async (event) => {
  const { record } = await ownListing(event);
  const body = jsonBody(event);
  const { set, publicData } = parseListingInput(body, record.publicData);
  if (record.title && set.title === '') {
    throw new ApiError('validation-invalid-params', listingMessages.titleRequired, {
      fields: { title: listingMessages.titleRequired },
    });
  }
  const updated = await updateListing(record.id, {
    set: { ...set, ...publicPointWrite(set, record), ...(publicData ? { publicData } : {}) },
    fromStates: [record.state],
  });
  return json(200, { data: toOwnListing(updated) });
});
