import { httpHandler, jsonText } from '../../lib/http';
import { currentCatalogue } from '../search/catalogue-cache';
import { searchQueryOf } from './search-query';

/**
 * GET /api/listings — search published listings. `bounds` keeps the listings whose geolocation
 * lies in the box; `origin` orders by distance when no `sort` is given.
 */
export const handler = httpHandler(async (event) => {
  const catalogue = await currentCatalogue();
  return jsonText(200, catalogue.searchJson(searchQueryOf(event)), { 'cache-control': 'public, max-age=5' });
});
