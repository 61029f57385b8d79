/**
 * Where a listing ships (issue 24): the seller's own country, a list of countries, or worldwide; a
 * listing saved before the setting existed ships worldwide, as it did. The listing page shows it,
 * the checkout checks the address's country against it, and line items and initiate refuse any other
 * destination with 400 and `shipsToRefusal`'s message.
 */
import { type CountryCode, countryName, isCountryCode } from './config/countries';

export type ShipsTo =
  | { scope: 'seller-country' }
  | { scope: 'countries'; countries: CountryCode[] }
  | { scope: 'worldwide' };

export const defaultShipsTo: ShipsTo = { scope: 'worldwide' };

/** The most countries a list may name (the marketplace's 36 payout countries and their neighbours). */
export const shipsToMaxCountries = 60;

interface Shipping {
  shipsTo?: ShipsTo;
  location: { country: string };
}

/** The countries a listing ships to, or 'worldwide'. */
export function shippingCountries(listing: Shipping): readonly string[] | 'worldwide' {
  const shipsTo = listing.shipsTo ?? defaultShipsTo;
  if (shipsTo.scope === 'worldwide') return 'worldwide';
  if (shipsTo.scope === 'seller-country') return [listing.location.country];
  return shipsTo.countries;
}

const nameOf = (code: string) => (isCountryCode(code) ? countryName(code) : code);

/** "Germany", "Austria, Germany and Switzerland" (by name), or "anywhere in the world". */
export function shipsToText(listing: Shipping): string {
  const countries = shippingCountries(listing);
  if (countries === 'worldwide') return 'anywhere in the world';
  const names = countries.map(nameOf).sort((a, b) => a.localeCompare(b, 'en'));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

/** The countries named when a listing does not ship worldwide ("Austria and Germany"), else undefined. */
export function namedShipsTo(listing: Shipping): string | undefined {
  return shippingCountries(listing) === 'worldwide' ? undefined : shipsToText(listing);
}

/** Why an order to `country` is refused, or undefined when the listing ships there. */
export function shipsToRefusal(listing: Shipping, country: string): string | undefined {
  const countries = shippingCountries(listing);
  if (countries === 'worldwide' || countries.includes(country)) return undefined;
  return `This seller does not ship to ${nameOf(country)}. They ship to ${shipsToText(listing)}.`;
}

/** A ships-to setting from a request body, or the field's message. */
export function parseShipsTo(value: unknown): { shipsTo: ShipsTo } | { error: string } {
  const invalid = { error: 'Choose where you ship: your country, a list of countries, or worldwide.' };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return invalid;
  const { scope, countries } = value as { scope?: unknown; countries?: unknown };
  if (scope === 'worldwide' || scope === 'seller-country') return { shipsTo: { scope } };
  if (scope !== 'countries') return invalid;
  if (!Array.isArray(countries) || countries.length === 0) {
    return { error: 'Choose at least one country you ship to.' };
  }
  if (countries.length > shipsToMaxCountries || !countries.every(isCountryCode)) {
    return { error: `Choose up to ${shipsToMaxCountries} countries from the list.` };
  }
  return { shipsTo: { scope, countries: [...new Set(countries)] } };
}
