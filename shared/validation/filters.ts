/**
 * Search filter values (§5, §9): the price filter 'min,max' (0 to 50000, step 5, in major units;
 * the upper bound is sent to the search as max + 1 in minor units, because the search range is
 * exclusive at the top), the dates filter 'start,end' (YYYY-MM-DD) and range slider handles.
 */
import { addUtcDays, parseIsoDay } from '../booking';
import { searchSettings } from '../config/constants';
import { marketplaceCurrency, subunitDivisor } from '../config/marketplace';

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
