import { ApiError, type HttpResult, httpHandler } from '../../lib/http';
import { staticMapProvider } from '../maps/index';
import { parseStaticMapQuery } from '../maps/params';

/** The image depends only on the query (and the basemap, which changes only with a deployment). */
export const staticMapCacheControl = 'public, max-age=2592000, stale-while-revalidate=86400';

/**
 * GET /api/static-map?center=lat,lng&zoom=13&width=640&height=360[&scale=2] — the listing page's
 * map image (§7 "static map images by center, zoom, size"; §9 at most 640 px wide), with the
 * fuzzy circle around the center. Public. A PNG from the offline renderer, or Amazon Location's
 * image when configured (functions/places/maps/index.ts). 400 validation-invalid-params names the
 * parameter and what it must be.
 */
export const handler = httpHandler(async (event): Promise<HttpResult> => {
  const request = parseStaticMapQuery(event.queryStringParameters ?? {});
  if ('param' in request) {
    throw new ApiError('validation-invalid-params', request.message, { param: request.param });
  }
  const image = await staticMapProvider().render(request);
  return {
    statusCode: 200,
    headers: {
      'content-type': image.contentType,
      'cache-control': staticMapCacheControl,
    },
    body: image.body.toString('base64'),
    isBase64Encoded: true,
  };
});
