import type { ListingLocation } from '../../../shared/api/types';
import { isPayoutCountry } from '../../../shared/config/payout-countries';
import type { Place } from '../../../shared/maps';
import type { LatLng } from '../../../shared/validation/core';

/**
 * A place picked in an address search, as a form keeps it: the address shown, its point, and the
 * city, region and country a listing's location stores: from the places answer's `region` and
 * `countryCode` (functions/places/gazetteer.ts); the region else read from "City, Region, Country".
 */
export interface PickedPlace {
  address: string;
  origin: LatLng;
  city: string;
  region: string;
  country: ListingLocation['country'];
}

/** The value of an address field: what is typed, and the place picked (none until one is). */
export interface PlaceFieldValue {
  search: string;
  selectedPlace?: PickedPlace | undefined;
}

/**
 * The picked place of a places answer, or undefined when it is not a place a listing can be in: a
 * city or town (not a region or country) of a payout country (§9), the answer's `countryCode`.
 */
export function pickedPlace(
  place: Pick<Place, 'name' | 'address' | 'origin' | 'region' | 'countryCode' | 'kind'>,
): PickedPlace | undefined {
  const country = place.countryCode ?? '';
  if (!isPayoutCountry(country) || (place.kind !== undefined && place.kind !== 'city')) return undefined;
  const parts = place.address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const city = place.name.trim() || parts[0] || '';
  const region = place.region ?? (parts.length >= 3 ? (parts[parts.length - 2] ?? '') : '');
  return { address: place.address, origin: place.origin, city, region, country };
}

/** The address field's value for a listing's saved location (empty when it has none). */
export function placeFieldValueOf(
  location: ListingLocation | undefined,
  origin: LatLng | undefined,
): PlaceFieldValue {
  if (!location?.address || !origin) return { search: '' };
  return {
    search: location.address,
    selectedPlace: {
      address: location.address,
      origin,
      city: location.city,
      region: location.region,
      country: location.country,
    },
  };
}
