import { latestBikeYear } from '../../../shared/config/listing-fields';
import {
  enabledSearchFilters,
  type FilterParamName,
  type FilterParams,
  isFilterOption,
  type OptionsFilter,
  type SearchFilter,
} from '../../../shared/config/search-filters';
import { formatPriceFilter, parsePriceFilter } from '../../../shared/validation/filters';

/**
 * The search page's filters in its URL (issue 21): each enabled filter of
 * shared/config/search-filters.ts under its own parameter, the price in whole currency units. What
 * the API would refuse is dropped from the URL value by value (an unknown condition goes, the
 * others stay). What the search page does with them (chips, toggles, counts) is in
 * filter-edits.ts, so the first page load carries only this parsing.
 */

export const paramOf = (filter: SearchFilter) => filter.queryParamNames[0] as FilterParamName;

export const list = (raw: string) => [
  ...new Set(
    raw
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean),
  ),
];

/** One filter's URL value, cleaned, or undefined when nothing valid is left. */
function cleanValue(filter: SearchFilter, raw: string): string | undefined {
  switch (filter.type) {
    case 'options': {
      const keys = list(raw).filter((key) => isFilterOption(filter as OptionsFilter, key));
      return keys.length ? keys.join(',') : undefined;
    }
    case 'text': {
      const values = list(raw)
        .filter((value) => value.length <= filter.config.maxLength)
        .slice(0, filter.config.maxValues);
      return values.length ? values.join(',') : undefined;
    }
    case 'priceRange': {
      const range = parsePriceFilter(raw);
      return range ? formatPriceFilter(range) : undefined;
    }
    case 'yearRange': {
      // The API's rule (shared/validation/search-filters.ts) without its messages, which the
      // first page load would otherwise carry.
      const match = /^\s*(\d{4})\s*,\s*(\d{4})\s*$/.exec(raw);
      const [min, max] = [Number(match?.[1]), Number(match?.[2])];
      return match && min >= filter.config.min && min <= max && max <= latestBikeYear()
        ? `${min},${max}`
        : undefined;
    }
    default:
      return undefined;
  }
}

/** The valid filter values of a raw query (the router's search object). */
export function filterParamsOf(raw: Record<string, unknown>): FilterParams {
  const params: FilterParams = {};
  for (const filter of enabledSearchFilters) {
    const value = raw[paramOf(filter)];
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text !== 'string') continue;
    const clean = cleanValue(filter, text);
    if (clean) params[paramOf(filter)] = clean;
  }
  return params;
}
