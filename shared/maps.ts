/**
 * Map helpers (§5, §9): fuzzy locations (a public point drawn at random within the 2000 m offset
 * and stored with the listing), the fuzzy circle drawn in 8-degree steps, the center a map must
 * have, bounds around the current location, and the static map size cap (640 px).
 */
import { mapSettings } from './config/constants';
import { EARTH_RADIUS_M, roundPoint, toRad } from './geodesy';
import type { LatLng } from './validation/core';

// The web app's first load imports these from geodesy.ts alone; everything else here loads with the map.
export { distanceMeters, publicPointDecimals, roundPoint } from './geodesy';

const toDeg = (rad: number) => (rad * 180) / Math.PI;

/** The point `distance` metres from `origin` towards `bearing` degrees (great circle). */
export function destination(origin: LatLng, distance: number, bearing: number): LatLng {
  const δ = distance / EARTH_RADIUS_M;
  const θ = toRad(bearing);
  const φ1 = toRad(origin.lat);
  const λ1 = toRad(origin.lng);
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ));
  const λ2 =
    λ1 + Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
  return { lat: toDeg(φ2), lng: ((toDeg(λ2) + 540) % 360) - 180 };
}

/** Two independent uniform numbers in [0, 1) from the platform's secure random source. */
export function secureUnits(): [number, number] {
  const words = new Uint32Array(2);
  globalThis.crypto.getRandomValues(words);
  return [words[0]! / 2 ** 32, words[1]! / 2 ** 32];
}

/**
 * The public point of a listing (§5 fuzzy location): drawn once, when its place is set, uniformly
 * over the disc of `offsetMeters` around the exact point, from a secure random source, then rounded.
 * It is stored and is the only point the public ever sees, searches or sorts by: nothing derives it
 * from the listing id (which anyone can read), and it does not change between page loads.
 */
export function drawPublicPoint(
  exact: LatLng,
  units: () => [number, number] = secureUnits,
  offsetMeters: number = mapSettings.fuzzy.offsetMeters,
): LatLng {
  const [u, v] = units();
  // sqrt for an even spread over the disc
  return roundPoint(destination(exact, Math.sqrt(u) * offsetMeters, v * 360));
}

/** The fuzzy circle as a polygon: a point every `stepDegrees` (8) around `center`. */
export function circlePath(
  center: LatLng,
  radiusMeters: number = mapSettings.fuzzy.offsetMeters,
  stepDegrees: number = mapSettings.fuzzy.circleStepDegrees,
): LatLng[] {
  const points: LatLng[] = [];
  for (let bearing = 0; bearing < 360; bearing += stepDegrees)
    points.push(destination(center, radiusMeters, bearing));
  return points;
}

/** The center a map shows (§5): the public point when fuzzy is on, else the center; throws if missing. */
export function mapCenter(options: { fuzzy: boolean; center?: LatLng; publicPoint?: LatLng }): LatLng {
  const point = options.fuzzy ? options.publicPoint : options.center;
  if (!point) {
    throw new Error(options.fuzzy ? 'Map needs a public point when fuzzy is on' : 'Map needs a center');
  }
  return point;
}

/** A box on the map by its north-east and south-west corners (ne.lng < sw.lng: it crosses 180°). */
export interface Bounds {
  ne: LatLng;
  sw: LatLng;
}

/** What a place is: a city (town, village), or a region or country as a whole. */
export type PlaceKind = 'city' | 'region' | 'country';

/**
 * A place the location search offers (`GET /api/places`): its name, the address shown and put in
 * the search URL, the point (`origin`) and the box the search filters by (`bounds`).
 */
export interface Place {
  id: string;
  /** A city, or a region or country (whose bounds cover its cities); a city when absent. */
  kind?: PlaceKind;
  name: string;
  address: string;
  /** The place's province or state (full name), when known, and its ISO 3166-1 alpha-2 country. */
  region?: string;
  countryCode?: string;
  origin: LatLng;
  bounds: Bounds;
}

/**
 * A search box no smaller than the fuzzy disc: a box less than 2 × `offsetMeters` tall or wide is
 * widened around its middle, so no box can single out a listing's public point more finely than the
 * fuzzy radius blurs its exact one.
 */
export function widenedBounds(bounds: Bounds, offsetMeters: number = mapSettings.fuzzy.offsetMeters): Bounds {
  const minimum = boundsAround(boundsMiddle(bounds), offsetMeters);
  const tall = bounds.ne.lat - bounds.sw.lat >= minimum.ne.lat - minimum.sw.lat;
  const wide = longitudeSpan(bounds) >= longitudeSpan(minimum);
  return {
    ne: { lat: tall ? bounds.ne.lat : minimum.ne.lat, lng: wide ? bounds.ne.lng : minimum.ne.lng },
    sw: { lat: tall ? bounds.sw.lat : minimum.sw.lat, lng: wide ? bounds.sw.lng : minimum.sw.lng },
  };
}

/** Degrees of longitude a box spans, eastwards from its south-west corner. */
function longitudeSpan(bounds: Bounds): number {
  const span = bounds.ne.lng - bounds.sw.lng;
  return span >= 0 ? span : span + 360;
}

/** The middle of a box (across 180° when ne.lng < sw.lng). */
export function boundsMiddle(bounds: Bounds): LatLng {
  const lng = ((bounds.sw.lng + longitudeSpan(bounds) / 2 + 540) % 360) - 180;
  return { lat: (bounds.ne.lat + bounds.sw.lat) / 2, lng };
}

/** Bounds `distance` metres around a point (current-location search uses 1000 m). */
export function boundsAround(
  center: LatLng,
  distance: number = mapSettings.currentLocationBoundsDistanceMeters,
): Bounds {
  const north = destination(center, distance, 0).lat;
  const south = destination(center, distance, 180).lat;
  const east = destination(center, distance, 90).lng;
  const west = destination(center, distance, 270).lng;
  return { ne: { lat: north, lng: east }, sw: { lat: south, lng: west } };
}

/** A static map image size no wider than 640 px, keeping the aspect ratio. */
export function staticMapSize(width: number, height: number): { width: number; height: number } {
  const max = mapSettings.staticMap.maxWidthPx;
  if (width <= max) return { width: Math.round(width), height: Math.round(height) };
  return { width: max, height: Math.round((height * max) / width) };
}

/**
 * A link that opens a place in a maps site (a pickup place): our offline basemap has no
 * streets, so the buyer goes to OpenStreetMap, which every browser and phone opens. With a street
 * address it searches for it; without one it marks the point.
 */
export function openInMapsUrl(point: LatLng, address?: string): string {
  const query = address?.trim();
  if (query) return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
  const lat = point.lat.toFixed(6);
  const lng = point.lng.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}
