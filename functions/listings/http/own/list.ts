import type { Page } from '../../../../shared/api/types';
import { pageSizes } from '../../../../shared/config/marketplace';
import { intParam, json } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import { type OwnListing, toOwnListing } from '../../own/common';
import { queryOwnListings } from '../../repository';

/**
 * GET /api/own-listings?page=N — §7 query: the caller's listings in every state but deleted,
 * newest first, 42 a page (GSI1 by author, a Query).
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user: { id: userId } }) => {
  const page = intParam(event, 'page', { min: 1, max: 10_000, fallback: 1 });
  const perPage = intParam(event, 'perPage', {
    min: 1,
    max: pageSizes.manageListings,
    fallback: pageSizes.manageListings,
  });
  const listings = await queryOwnListings(userId);
  const body: Page<OwnListing> = {
    data: listings.slice((page - 1) * perPage, page * perPage).map(toOwnListing),
    meta: { page, perPage, totalItems: listings.length, totalPages: Math.ceil(listings.length / perPage) },
  };
  return json(200, body);
});
