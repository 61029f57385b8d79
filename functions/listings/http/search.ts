import { httpHandler, jsonText } from '../../lib/http';
import { recordMetric } from '../../lib/metrics';
import { currentCatalogue } from '../search/catalogue-cache';
import { searchQueryOf } from './search-query';

/**
 * GET /api/listings — search published listings. `bounds` keeps the listings whose geolocation
 * lies in the box; `origin` orders by distance when no `sort` is given. Its time (catalogue brought
 * up to date, query answered) is the SearchLatency metric; a refused query records none.
 */
export const handler = httpHandler(async (event) => {
  const started = performance.now();
  const catalogue = await currentCatalogue();
  const body = catalogue.searchJson(searchQueryOf(event));
  recordMetric('searchLatency', performance.now() - started);
  return jsonText(200, body, { 'cache-control': 'public, max-age=5' });
});
