import { normalisePlaceQuery, parseBoundsParam, placeQueryLength } from '../../../shared/validation/filters';
import { ApiError, httpHandler, intParam, json } from '../../lib/http';
import { containerGazetteer } from '../world-cities';

/** How many places an answer has: 5 unless `limit` says otherwise, 10 at most. */
export const placeLimits = { fallback: 5, max: 10 } as const;

/**
 * GET /api/places?q=tor&limit=5 — places for the location search's autocomplete, best first:
 * `{ data: [{ id, kind, name, address, region?, countryCode, origin: {lat, lng}, bounds: {ne, sw} }] }`
 * (`kind`: a city, or a region or country as a whole). Cities, regions and countries of the 36 payout
 * countries, found by English or native name (München, Wien). `q` is 1 to 100 characters.
 *
 * GET /api/places?bounds=ne_lat,ne_lng,sw_lat,sw_lng&limit=6 — instead of `q`: the most populous
 * cities in the box, most populous first (the search map names them: the offline basemap has no
 * labels of its own).
 *
 * Public; answered from the offline gazetteer in the Lambda's memory (no table read).
 */
export const handler = httpHandler(async (event) => {
  const params = event.queryStringParameters ?? {};
  const limit = intParam(event, 'limit', { min: 1, max: placeLimits.max, fallback: placeLimits.fallback });
  const gazetteer = await containerGazetteer();
  // The gazetteer changes only with a deployment: browsers and CloudFront may keep answers a day.
  const cacheControl = { 'cache-control': 'public, max-age=86400' };
  if (params.q === undefined && params.bounds !== undefined) {
    const bounds = parseBoundsParam(params.bounds);
    if (!bounds) {
      throw new ApiError('validation-invalid-params', undefined, {
        param: 'bounds',
        expected: 'ne_lat,ne_lng,sw_lat,sw_lng',
      });
    }
    return json(200, { data: gazetteer.largestIn(bounds, limit) }, cacheControl);
  }
  const query = normalisePlaceQuery(params.q);
  if (!query) {
    throw new ApiError('validation-invalid-params', undefined, {
      param: 'q',
      expected: `${placeQueryLength.min} to ${placeQueryLength.max} characters`,
    });
  }
  return json(200, { data: gazetteer.search(query, limit) }, cacheControl);
});
