/**
 * Map helpers (§5, §9): fuzzy locations (an obfuscated center within the 2000 m offset, the same for
 * the same listing every time), the fuzzy circle drawn in 8-degree steps, the center a map must
 * have, bounds around the current location, and the static map size cap (640 px).
 */
import { mapSettings } from './config/constants';
import type { LatLng } from './validation/core';

const EARTH_RADIUS_M = 6_371_000;
const toRad = (deg: number) => (deg * Math.PI) / 180;
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

/** Great-circle distance in metres. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dφ = toRad(b.lat - a.lat);
  const dλ = toRad(b.lng - a.lng);
  const h = Math.sin(dφ / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dλ / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Two deterministic numbers in [0, 1) from a seed (FNV-1a then xorshift). */
function seededUnits(seed: string): [number, number] {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  const next = () => {
    h ^= h << 13;
    h >>>= 0;
    h ^= h >>> 17;
    h ^= h << 5;
    h >>>= 0;
    return h / 2 ** 32;
  };
  return [next(), next()];
}

/**
 * The obfuscated center of a fuzzy location: `origin` moved up to `offsetMeters` in a direction and
 * distance fixed by `seed` (use the listing id), so the circle does not move between page loads.
 */
export function obfuscatedCenter(
  origin: LatLng,
  seed: string,
  offsetMeters: number = mapSettings.fuzzy.offsetMeters,
): LatLng {
  const [u, v] = seededUnits(seed);
  // sqrt for an even spread over the disc
  return destination(origin, Math.sqrt(u) * offsetMeters, v * 360);
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

/** The center a map shows (§5): the obfuscated center when fuzzy is on, else the center; throws if missing. */
export function mapCenter(options: { fuzzy: boolean; center?: LatLng; obfuscatedCenter?: LatLng }): LatLng {
  const point = options.fuzzy ? options.obfuscatedCenter : options.center;
  if (!point) {
    throw new Error(options.fuzzy ? 'Map needs an obfuscated center when fuzzy is on' : 'Map needs a center');
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
 * A link that opens a place in a maps site (a pickup place, issue 16): our offline basemap has no
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
