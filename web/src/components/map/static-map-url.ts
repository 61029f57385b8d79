import { apiPath } from '../../../../shared/api/routes';
import { mapSettings } from '../../../../shared/config/constants';
import { listingPlaceText } from '../../../../shared/text/addresses';
import type { LatLng } from '../../../../shared/validation/core';

/** The listing page's map image: 640 × 360 (at most 640 wide, §9), the fuzzy zoom 13. */
export const staticMapSize = { width: mapSettings.staticMap.maxWidthPx, height: 360 } as const;

/**
 * The URL of GET /api/static-map for a center. Coordinates are rounded to 5 decimals (about a
 * metre), so the same listing always asks for the same, cacheable, URL.
 */
export function staticMapUrl(
  center: LatLng,
  {
    zoom = mapSettings.fuzzy.defaultZoomLevel,
    width = staticMapSize.width,
    height = staticMapSize.height,
    scale = 1,
  }: { zoom?: number; width?: number; height?: number; scale?: 1 | 2 } = {},
): string {
  const query = `center=${center.lat.toFixed(5)},${center.lng.toFixed(5)}&zoom=${zoom}&width=${width}&height=${height}`;
  return `${apiPath('staticMap')}?${query}${scale === 2 ? '&scale=2' : ''}`;
}

/** "Approximate location: Toronto, ON" — the map's text alternative. */
export function approximateLocationLabel(location: {
  city?: string;
  region?: string;
  country?: string;
}): string {
  const place = listingPlaceText(location);
  return place ? `Approximate location: ${place}` : 'Approximate location';
}
