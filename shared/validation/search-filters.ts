/**
 * The search filters' API parameters (issue 21, pinned): parsed from `GET /api/listings`'s query by
 * the filter list of shared/config/search-filters.ts. A known parameter with an invalid value is
 * refused (the caller answers 400 naming it); an unknown parameter is not looked at; a reserved
 * filter's parameter is ignored until the filter is enabled.
 *
 * - options: `pub_condition=new,usedLikeNew`, each key one of the filter's options;
 * - text: `pub_brand=Trek,Canyon`, up to the filter's count and length, trimmed, empty ones dropped;
 * - price: `price=<min minor units>,<max minor units + 1>` (the upper bound is exclusive, §5);
 * - year: `pub_year=2018,2023`, within the earliest bike year and next year.
 */

import { latestBikeYear } from '../config/listing-fields';
import {
  enabledSearchFilters,
  type FilterParams,
  isFilterOption,
  type OptionsFilter,
  type RangeFilter,
  type SearchFilter,
  type SearchFilterId,
} from '../config/search-filters';
import { parsePriceFilter, priceFilterToSearchParam } from './filters';

export type FilterValue =
  | { type: 'options'; keys: string[] }
  | { type: 'text'; values: string[] }
  | { type: 'range'; min: number; max: number };

export type SearchFilterValues = Partial<Record<SearchFilterId, FilterValue>>;

export type ParsedFilters =
  | { ok: true; values: SearchFilterValues }
  | { ok: false; param: string; message: string };

/** A list parameter's values, trimmed, empty ones dropped (`a, b,,c` → a, b, c). */
export const valueList = (raw: string) =>
  raw
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);

const rangeOf = (raw: string): { min: number; max: number } | undefined => {
  const match = /^\s*(\d{1,12})\s*,\s*(\d{1,12})\s*$/.exec(raw);
  return match ? { min: Number(match[1]), max: Number(match[2]) } : undefined;
};

/** A model-year range `from,to` within the earliest bike year and next year, or undefined. */
export function yearRangeOf(filter: RangeFilter, raw: string, now: Date = new Date()) {
  const range = rangeOf(raw);
  return range && range.min <= range.max && range.min >= filter.config.min && range.max <= latestBikeYear(now)
    ? range
    : undefined;
}

/** One filter's value from its parameter, or a message saying what was expected. */
export function parseFilterParam(
  filter: SearchFilter,
  raw: string,
  now: Date = new Date(),
): FilterValue | { invalid: string } {
  switch (filter.type) {
    case 'options': {
      const keys = valueList(raw);
      const unknown = keys.find((key) => !isFilterOption(filter as OptionsFilter, key));
      if (unknown !== undefined) return { invalid: `Unknown ${filter.label.toLowerCase()}: ${unknown}.` };
      return { type: 'options', keys: [...new Set(keys)] };
    }
    case 'text': {
      const values = valueList(raw);
      if (
        values.length > filter.config.maxValues ||
        values.some((value) => value.length > filter.config.maxLength)
      )
        return {
          invalid: `${filter.label}: at most ${filter.config.maxValues} values of ${filter.config.maxLength} characters.`,
        };
      return { type: 'text', values: [...new Set(values)] };
    }
    case 'priceRange': {
      const range = rangeOf(raw);
      if (!range || range.min >= range.max)
        return { invalid: 'Invalid price: expected min,max in minor units, the upper bound exclusive.' };
      return { type: 'range', ...range };
    }
    case 'yearRange': {
      const range = yearRangeOf(filter, raw, now);
      if (!range)
        return {
          invalid: `Invalid ${filter.label.toLowerCase()}: expected from,to between ${filter.config.min} and ${latestBikeYear(now)}.`,
        };
      return { type: 'range', ...range };
    }
    case 'dateRange':
      return { invalid: `${filter.label} cannot be filtered yet.` };
  }
}

/** Every enabled filter present in `params`; the first invalid one refuses the whole query. */
export function parseSearchFilters(
  params: Record<string, string | undefined>,
  now: Date = new Date(),
): ParsedFilters {
  const values: SearchFilterValues = {};
  for (const filter of enabledSearchFilters) {
    const [param] = filter.queryParamNames;
    const raw = params[param];
    if (raw === undefined || raw.trim() === '') continue;
    const value = parseFilterParam(filter, raw, now);
    if ('invalid' in value) return { ok: false, param, message: value.invalid };
    values[filter.id as SearchFilterId] = value;
  }
  return { ok: true, values };
}

/**
 * The API's parameters for the page URL's filter values: the same names and values, except the
 * price, which the page keeps in whole currency units and the API takes in minor units with the
 * upper bound exclusive (§5: `price=500,1500` → `price=50000,150001`).
 */
export function apiFilterParams(params: FilterParams, currency?: string): [string, string][] {
  const result: [string, string][] = [];
  for (const filter of enabledSearchFilters) {
    const [param] = filter.queryParamNames;
    const value = params[param as keyof FilterParams];
    if (!value) continue;
    if (filter.type !== 'priceRange') {
      result.push([param, value]);
      continue;
    }
    const range = parsePriceFilter(value);
    if (range) result.push([param, priceFilterToSearchParam(range, currency)]);
  }
  return result;
}
