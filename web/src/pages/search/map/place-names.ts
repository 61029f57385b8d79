import { route } from '../../../../../shared/api/routes';
import type { Bounds, Place } from '../../../../../shared/maps';
import { formatBoundsParam } from '../../../../../shared/validation/filters';
import { callApi } from '../../../api/client';

/** How many place names a view shows at most: enough to find one's way, few enough to read. */
export const placeNameCount = 6;

/**
 * The most populous cities in a view (`GET /api/places?bounds=`): the offline basemap has no labels,
 * so the search map writes these names itself, as DOM text.
 */
export async function fetchPlaceNames(bounds: Bounds, signal: AbortSignal): Promise<Place[]> {
  const body = await callApi(route('searchPlaces'), {
    query: `?bounds=${formatBoundsParam(bounds)}&limit=${placeNameCount}`,
    token: null,
    signal,
  });
  return body.data;
}
