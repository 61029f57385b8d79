import { httpHandler, noContent } from '../../../lib/http';
import { ownListing } from '../../own/common';
import { updateListing } from '../../repository';

/**
 * DELETE /api/own-listings/{id} — sets the deleted flag (conditional on the state it was read in) and
 * takes it out of search (removes the GSI2 keys); a deleted listing is never shown again.
 */
export const handler = httpHandler(async (event) => {
  const { record } = await ownListing(event);
  await updateListing(record.id, {
    set: { deleted: true },
    remove: ['GSI2PK', 'GSI2SK'],
    fromStates: [record.state],
  });
  return noContent();
});
