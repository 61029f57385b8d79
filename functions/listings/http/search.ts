import { httpHandler, jsonText } from '../../lib/http';
import { currentSearchIndex } from '../search/catalogue-cache';
import { searchQueryOf } from './search-query';

/**
 * GET /api/listings — search published listings. `bounds` keeps the listings whose geolocation
 * lies in the box; `origin` orders by distance when no `sort` is given.
 */
export const handler = httpHandler(async (event) => {
  const index = await currentSearchIndex();
  return jsonText(200, index.searchJson(searchQueryOf(event)), { 'cache-control': 'public, max-age=5' });
});
