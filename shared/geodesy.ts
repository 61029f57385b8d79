import type { LatLng } from './validation/core';

/**
 * The little geometry the web app's first load needs (a card's distance, a rounded point), apart
 * from shared/maps.ts so the rest of the map code loads only with the map. maps.ts re-exports it.
 */
export const EARTH_RADIUS_M = 6_371_000;

export const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dφ = toRad(b.lat - a.lat);
  const dλ = toRad(b.lng - a.lng);
  const h = Math.sin(dφ / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dλ / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Decimals of a public point: 3 (about 110 m), far below the fuzzy radius but no finer. */
export const publicPointDecimals = 3;

const roundTo = (value: number, decimals: number) => Number(value.toFixed(decimals)) + 0;

/** A point rounded to `decimals` places (the public point, §5 fuzzy location; "Near me" in a URL). */
export function roundPoint(point: LatLng, decimals: number = publicPointDecimals): LatLng {
  return { lat: roundTo(point.lat, decimals), lng: roundTo(point.lng, decimals) };
}
