import { roundPoint } from '../../../shared/geodesy';
import type { Bounds } from '../../../shared/maps';
import type { LatLng } from '../../../shared/validation/core';
import {
  formatBoundsParam,
  formatOriginParam,
  parseBoundsParam,
  parseOriginParam,
} from '../../../shared/validation/filters';
import type { SearchParams } from './params';

/** The search without its place, box or origin (and back on page 1). */
export function withoutLocation(search: SearchParams): SearchParams {
  const { address: _address, bounds: _bounds, origin: _origin, page: _page, ...rest } = search;
  return rest;
}

/** Decimals of the person's point in the URL: 2, about 1 km, no finer than the distances shown. */
const nearMeDecimals = 2;

/**
 * "Near me": the results nearest to the person first, from anywhere (decisions.md: no 1 km box, which
 * would leave most people with no results). The point goes in the URL rounded to about 1 km, so a
 * shared link, the history or a log does not give away a street. An explicit sort gives way to
 * nearest first.
 */
export function nearMeSearch(search: SearchParams, point: LatLng): SearchParams {
  const { sort: _sort, ...rest } = withoutLocation(search);
  return { ...rest, origin: formatOriginParam(roundPoint(point, nearMeDecimals)) };
}

/**
 * "Search this area": the box the map shows, without the place it replaces (and that place's point:
 * "nearest to München" means nothing over Berlin); the person's own position ("Near me") stays.
 */
export function areaSearch(search: SearchParams, bounds: Bounds): SearchParams {
  const { address, origin, page: _page, ...rest } = search;
  return { ...rest, ...(origin && !address ? { origin } : {}), bounds: formatBoundsParam(bounds) };
}

/** The search's box and origin as points (the map's view and the cards' distances). */
export function searchLocation(search: Pick<SearchParams, 'bounds' | 'origin'>): {
  bounds: Bounds | undefined;
  origin: LatLng | undefined;
} {
  return { bounds: parseBoundsParam(search.bounds), origin: parseOriginParam(search.origin) };
}

/** What the location chip says: the place, the map's area, or the person's position; none without. */
export function locationLabel(
  search: Pick<SearchParams, 'address' | 'bounds' | 'origin'>,
): string | undefined {
  if (search.address) return `Near ${search.address}`;
  if (search.bounds) return 'In the map area';
  if (search.origin) return 'Near you';
  return undefined;
}
