/**
 * Addresses as lines of text: the buyer's shipping address on the sale page, the order
 * page and the seller's "New order" e-mail, and a pickup place. One format for every place it shows.
 */
import type { PickupLocation } from '../api/transactions';
import { countryName, isCountryCode } from '../config/countries';
import { openInMapsUrl } from '../maps';
import type { ShippingAddressValues } from '../validation/addresses';

function present(value: string | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** The country's English name (a code we do not know stays as it is). */
function countryText(code: string | undefined): string | undefined {
  if (!present(code)) return undefined;
  return isCountryCode(code) ? countryName(code) : code;
}

/**
 * Recipient, street lines, city with state, postal code and country, one per line (the phone is
 * apart: `shippingPhone`).
 */
export function shippingAddressLines(address: ShippingAddressValues): string[] {
  const city = [address.recipientCity, address.recipientState].filter(present).join(', ');
  return [
    address.recipientName,
    address.recipientAddressLine1,
    address.recipientAddressLine2,
    city,
    address.recipientPostal,
    countryText(address.recipientCountry),
  ]
    .filter(present)
    .map((line) => line.trim());
}

export function shippingPhone(address: ShippingAddressValues): string | undefined {
  return present(address.recipientPhoneNumber) ? address.recipientPhoneNumber.trim() : undefined;
}

/**
 * A pickup place: the seller's "building, street and unit" when given, then the place picked in the
 * search (city, region, country).
 */
export function pickupLocationLines(location: PickupLocation): string[] {
  return [location.building, location.address].filter(present).map((line) => line.trim());
}

/** Where a pickup place opens in a maps site: a search for its street when it has one. */
export function pickupMapsUrl(location: PickupLocation): string {
  return openInMapsUrl(location.geolocation, pickupLocationLines(location).join(', '));
}

/**
 * Where a listing is, as the public reads it: "München, Bavaria, Germany". The region is left out
 * when it repeats the city (Berlin, Berlin; Wien, Wien), the country is named in full.
 */
export function listingPlaceText(location: { city?: string; region?: string; country?: string }): string {
  const city = location.city?.trim() ?? '';
  const region = location.region?.trim() ?? '';
  const repeatsCity = city !== '' && region.toLowerCase().startsWith(city.toLowerCase());
  return [city, repeatsCity ? undefined : region, countryText(location.country)].filter(present).join(', ');
}
