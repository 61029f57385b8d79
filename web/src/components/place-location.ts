import type { ListingLocation } from '../../../shared/api/types';
import type { Place } from '../../../shared/maps';
import type { LatLng } from '../../../shared/validation/core';

/**
 * A place picked in an address search, as a form keeps it: the address shown, its point, and the
 * city, region and country a listing's location stores: from the places answer's `region` and
 * `countryCode` (functions/places/gazetteer.ts), else read from its address "City, Region, Country".
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

/** Country names of the places answer → the listing's country code (listings are in Canada or the US). */
const countryCodes: Record<string, ListingLocation['country']> = {
  canada: 'CA',
  ca: 'CA',
  'united states': 'US',
  'united states of america': 'US',
  usa: 'US',
  us: 'US',
};

/** The picked place of a places answer, or undefined when its country is not one listings can be in. */
export function pickedPlace(
  place: Pick<Place, 'name' | 'address' | 'origin' | 'region' | 'countryCode'>,
): PickedPlace | undefined {
  const parts = place.address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const country = countryCodes[(place.countryCode ?? parts.at(-1) ?? '').toLowerCase()];
  if (!country) return undefined;
  const city = place.name.trim() || parts[0] || '';
  const region = place.region ?? (parts.length >= 3 ? (parts[parts.length - 2] ?? '') : '');
  return { address: place.address, origin: place.origin, city, region, country };
}

/** The address field's value for a listing's saved location (empty when it has none). */
export function placeFieldValueOf(location: ListingLocation | undefined, origin: LatLng): PlaceFieldValue {
  if (!location?.address) return { search: '' };
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
