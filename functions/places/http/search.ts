import { normalisePlaceQuery, placeQueryLength } from '../../../shared/validation/filters';
import { ApiError, httpHandler, intParam, json } from '../../lib/http';
import { containerGazetteer } from '../world-cities';

/** How many places an answer has: 5 unless `limit` says otherwise, 10 at most. */
export const placeLimits = { fallback: 5, max: 10 } as const;

/**
 * GET /api/places?q=tor&limit=5 — places for the location search's autocomplete, best first:
 * `{ data: [{ id, kind, name, address, region?, countryCode, origin: {lat, lng}, bounds: {ne, sw} }] }`
 * (`kind`: a city, or a region or country as a whole). Cities, regions and countries of the 36 payout
 * countries, found by English or native name (München, Wien). Public; answered from the offline
 * gazetteer in the Lambda's memory (no table read). `q` is 1 to 100 characters.
 */
export const handler = httpHandler(async (event) => {
  const params = event.queryStringParameters ?? {};
  const query = normalisePlaceQuery(params.q);
  if (!query) {
    throw new ApiError('validation-invalid-params', undefined, {
      param: 'q',
      expected: `${placeQueryLength.min} to ${placeQueryLength.max} characters`,
    });
  }
  const limit = intParam(event, 'limit', { min: 1, max: placeLimits.max, fallback: placeLimits.fallback });
  const gazetteer = await containerGazetteer();
  // The gazetteer changes only with a deployment: browsers and CloudFront may keep answers a day.
  return json(200, { data: gazetteer.search(query, limit) }, { 'cache-control': 'public, max-age=86400' });
});
