import type { ListingSummary, Page } from '../../../shared/api/types';
import { pageSizes } from '../../../shared/config/marketplace';
import { getUser } from '../../accounts/repository';
import { type HttpEvent, httpHandler, intParam, json, pathParam } from '../../lib/http';
import { toListingSummary } from '../listing-record';
import { queryByAuthor } from '../repository';

/**
 * GET /api/users/{id}/listings?page= — the author's published listings, newest first, 24 a page
 * (the search page size), from GSI1. A banned, deleted or unknown author has none to show.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const authorId = pathParam(event, 'id');
  const page = intParam(event, 'page', { min: 1, max: 10_000, fallback: 1 });
  const perPage = pageSizes.search;
  const author = await getUser(authorId);
  const listings =
    author && !author.banned && !author.deleted ? await queryByAuthor(authorId, 'published') : [];
  const body: Page<ListingSummary> = {
    data: listings.slice((page - 1) * perPage, page * perPage).map(toListingSummary),
    meta: { page, perPage, totalItems: listings.length, totalPages: Math.ceil(listings.length / perPage) },
  };
  return json(200, body, { 'cache-control': 'public, max-age=5' });
});
