import { mapSettings } from '../../../shared/config/constants';
import type { LatLng } from '../../../shared/validation/core';

/**
 * The browser's position for "Near me" (issue 22, first step): one request with the spec's settings
 * (§9: 5,000 ms timeout, high accuracy), answered as a point or as a reason a person can act on.
 * Never throws: a refused or missing location is an ordinary answer the page shows.
 */
export type PositionFailure = 'refused' | 'unavailable' | 'timeout' | 'unsupported';

export type CurrentPosition = { ok: true; point: LatLng } | { ok: false; reason: PositionFailure };

/** What the page says for each failure: what happened and what to do instead. */
export const positionMessages: Record<PositionFailure, string> = {
  refused:
    "Location access is turned off for this site. Allow it in your browser's settings, or search for a place.",
  unavailable: 'Your location is not available right now. Try again, or search for a place.',
  timeout: 'Finding your location took too long. Try again, or search for a place.',
  unsupported: 'This browser cannot share its location. Search for a place instead.',
};

/** The subset of `navigator.geolocation` used here (a fake stands in for it in tests). */
export type Geolocator = Pick<Geolocation, 'getCurrentPosition'>;

// GeolocationPositionError's codes (the constants are not on the error in every browser).
const failureByCode: Record<number, PositionFailure> = { 1: 'refused', 2: 'unavailable', 3: 'timeout' };

/** `geolocation`: the browser's by default; null where there is none. */
export function currentPosition(
  geolocation: Geolocator | null = typeof navigator === 'undefined' ? null : (navigator.geolocation ?? null),
): Promise<CurrentPosition> {
  if (!geolocation) return Promise.resolve({ ok: false, reason: 'unsupported' });
  const { timeoutMs, enableHighAccuracy } = mapSettings.geolocation;
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ ok: true, point: { lat: coords.latitude, lng: coords.longitude } }),
      (error) => resolve({ ok: false, reason: failureByCode[error.code] ?? 'unavailable' }),
      { timeout: timeoutMs, enableHighAccuracy, maximumAge: 0 },
    );
  });
}
