/**
 * Search filter values (§5, §9): the price filter 'min,max' (0 to 50000, step 5, in major units;
 * the upper bound is sent to the search as max + 1 in minor units, because the search range is
 * exclusive at the top), the dates filter 'start,end' (YYYY-MM-DD), range slider handles, and the
 * location search's parameters (§2, §7): `address`, `bounds` 'ne_lat,ne_lng,sw_lat,sw_lng' and
 * `origin` 'lat,lng', and the place query of the location autocomplete.
 */
import { addUtcDays, parseIsoDay } from '../booking';
import { searchSettings } from '../config/constants';
import { marketplaceCurrency, subunitDivisor } from '../config/marketplace';
import type { Bounds } from '../maps';
import type { LatLng } from './core';

export interface PriceRange {
  min: number;
  max: number;
}

export interface RangeBounds {
  min: number;
  max: number;
  step: number;
}

export const priceFilterBounds: RangeBounds = searchSettings.priceFilter;

/** Parses 'min,max' (whole major units within the bounds, min ≤ max), or undefined when invalid. */
export function parsePriceFilter(
  value: string | undefined | null,
  bounds: RangeBounds = priceFilterBounds,
): PriceRange | undefined {
  const match = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(value ?? '');
  if (!match) return undefined;
  const min = Number(match[1]);
  const max = Number(match[2]);
  if (min < bounds.min || max > bounds.max || min > max) return undefined;
  return { min, max };
}

export function formatPriceFilter(range: PriceRange): string {
  return `${range.min},${range.max}`;
}

/** The search's price parameter: minor units, upper bound + 1 ('0,1000' USD → '0,100001'). */
export function priceFilterToSearchParam(range: PriceRange, currency: string = marketplaceCurrency): string {
  const divisor = subunitDivisor(currency);
  return `${range.min * divisor},${range.max * divisor + 1}`;
}

/** Back from the search parameter to the filter value (inverse of `priceFilterToSearchParam`). */
export function searchParamToPriceFilter(
  param: string,
  currency: string = marketplaceCurrency,
): PriceRange | undefined {
  const match = /^(\d+),(\d+)$/.exec(param);
  if (!match) return undefined;
  const divisor = subunitDivisor(currency);
  const min = Number(match[1]) / divisor;
  const max = (Number(match[2]) - 1) / divisor;
  return Number.isInteger(min) && Number.isInteger(max) && min <= max ? { min, max } : undefined;
}

/** Snaps a value onto the slider's step grid within the bounds. */
export function snapToStep(value: number, bounds: RangeBounds = priceFilterBounds): number {
  const snapped = bounds.min + Math.round((value - bounds.min) / bounds.step) * bounds.step;
  return Math.min(bounds.max, Math.max(bounds.min, snapped));
}

/**
 * Range slider handles stay ascending and within min and max (§5): each handle is clamped between
 * its neighbours.
 */
export function constrainHandles(
  values: readonly number[],
  bounds: RangeBounds = searchSettings.rangeSlider,
): number[] {
  const result: number[] = [];
  for (const value of values) {
    const lower = result.length > 0 ? (result[result.length - 1] ?? bounds.min) : bounds.min;
    result.push(Math.min(bounds.max, Math.max(lower, value)));
  }
  return result;
}

export interface DateRange {
  start: string;
  end: string;
}

/** Parses 'start,end' (real YYYY-MM-DD dates, start ≤ end), or undefined when invalid. */
export function parseDatesFilter(value: string | undefined | null): DateRange | undefined {
  const parts = (value ?? '').split(',');
  if (parts.length !== 2) return undefined;
  const [startText, endText] = parts.map((p) => p.trim()) as [string, string];
  const start = parseIsoDay(startText);
  const end = parseIsoDay(endText);
  if (!start || !end || start.getTime() > end.getTime()) return undefined;
  return { start: startText, end: endText };
}

export function formatDatesFilter(range: DateRange): string {
  return `${range.start},${range.end}`;
}

/**
 * The search's start/end instants (UTC) for a dates filter: for day-based search the end is the
 * day after the last day (exclusive); for nights the end day is the check-out day.
 */
export function datesFilterToSearchParams(
  range: DateRange,
  unitType: 'day' | 'night' = 'day',
): { start: string; end: string } {
  const start = parseIsoDay(range.start);
  const end = parseIsoDay(range.end);
  if (!start || !end) throw new RangeError(`Invalid dates filter: ${range.start},${range.end}`);
  const endExclusive = unitType === 'day' ? addUtcDays(end, 1) : end;
  return { start: start.toISOString(), end: endExclusive.toISOString() };
}

/** The longest keyword search: the web app clips to it, the API refuses anything longer. */
export const maxKeywordsLength = 200;

/** The longest `address` a location search keeps (it only labels the bounds). */
export const maxAddressLength = 200;

/** The place autocomplete's query (`GET /api/places?q=`): 1 to 100 characters once trimmed. */
export const placeQueryLength = { min: 1, max: 100 } as const;

/** Plain decimal degrees: no exponent, no hex, no Infinity or NaN. */
const degreesPattern = /^-?\d+(?:\.\d+)?$/;

function parseDegrees(value: string | undefined | null, count: number): number[] | undefined {
  const parts = (value ?? '').split(',').map((part) => part.trim());
  if (parts.length !== count || !parts.every((part) => degreesPattern.test(part))) return undefined;
  return parts.map(Number);
}

const isLatitude = (value: number) => value >= -90 && value <= 90;
const isLongitude = (value: number) => value >= -180 && value <= 180;

/** Degrees as the URL writes them: at most 6 decimals (about 0.1 m), no exponent, no -0. */
function formatDegrees(value: number): string {
  return String(Number(value.toFixed(6)) + 0);
}

/** Parses `origin` 'lat,lng' (decimal degrees within range), or undefined when invalid. */
export function parseOriginParam(value: string | undefined | null): LatLng | undefined {
  const numbers = parseDegrees(value, 2);
  if (!numbers) return undefined;
  const [lat, lng] = numbers as [number, number];
  return isLatitude(lat) && isLongitude(lng) ? { lat, lng } : undefined;
}

export function formatOriginParam(origin: LatLng): string {
  return `${formatDegrees(origin.lat)},${formatDegrees(origin.lng)}`;
}

/**
 * Parses `bounds` 'ne_lat,ne_lng,sw_lat,sw_lng', or undefined when invalid. The north edge may not
 * be south of the south edge; an east edge west of the west edge is a box across the antimeridian.
 */
export function parseBoundsParam(value: string | undefined | null): Bounds | undefined {
  const numbers = parseDegrees(value, 4);
  if (!numbers) return undefined;
  const [neLat, neLng, swLat, swLng] = numbers as [number, number, number, number];
  if (!isLatitude(neLat) || !isLatitude(swLat) || !isLongitude(neLng) || !isLongitude(swLng))
    return undefined;
  if (neLat < swLat) return undefined;
  return { ne: { lat: neLat, lng: neLng }, sw: { lat: swLat, lng: swLng } };
}

export function formatBoundsParam(bounds: Bounds): string {
  return [bounds.ne.lat, bounds.ne.lng, bounds.sw.lat, bounds.sw.lng].map(formatDegrees).join(',');
}

/**
 * Whether a point lies in the box, edges included. A box whose east edge is west of its west edge
 * crosses the antimeridian: it holds the longitudes from sw.lng up to 180 and from -180 up to ne.lng.
 */
export function boundsContain(bounds: Bounds, point: LatLng): boolean {
  if (point.lat > bounds.ne.lat || point.lat < bounds.sw.lat) return false;
  return bounds.sw.lng <= bounds.ne.lng
    ? point.lng >= bounds.sw.lng && point.lng <= bounds.ne.lng
    : point.lng >= bounds.sw.lng || point.lng <= bounds.ne.lng;
}

function collapseSpaces(value: string | undefined | null): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

/** The `address` label: spaces collapsed; undefined when empty or longer than `maxAddressLength`. */
export function normaliseAddress(value: string | undefined | null): string | undefined {
  const address = collapseSpaces(value);
  return address && address.length <= maxAddressLength ? address : undefined;
}

/** The place query: spaces collapsed; undefined when empty or longer than 100 characters. */
export function normalisePlaceQuery(value: string | undefined | null): string | undefined {
  const query = collapseSpaces(value);
  return query.length >= placeQueryLength.min && query.length <= placeQueryLength.max ? query : undefined;
}
