import { categoryGroups, categoryLabel } from '../../../shared/config/categories';
import { marketplaceCurrency, subunitDivisor } from '../../../shared/config/marketplace';
import {
  enabledSearchFilters,
  type FilterParams,
  type RangeFilter,
  type SearchFilter,
} from '../../../shared/config/search-filters';
import { formatMoney } from '../../../shared/money';
import { parsePriceFilter } from '../../../shared/validation/filters';
import { filterParamsOf, list, paramOf } from './filter-params';

/**
 * What the search page does with its filter values (issue 21): toggle one, clear one or all, count
 * them for "Filters (3)", describe them as chips, and clean a URL of invalid ones. Only the search
 * page's chunk loads this; the URL's parsing is in filter-params.ts.
 */

/** The selected keys or values of a list filter. */
export function selectedValues(params: FilterParams, filter: SearchFilter): string[] {
  const value = params[paramOf(filter)];
  return value ? list(value) : [];
}

/** The params with `value` added to or removed from a list filter (the page starts again at 1). */
export function toggleValue<T extends FilterParams>(params: T, filter: SearchFilter, value: string): T {
  const selected = selectedValues(params, filter);
  const next = selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
  return withFilter(params, filter, next.length ? next.join(',') : undefined);
}

/** The params with one filter set to `value` (undefined: cleared), back on the first page. */
export function withFilter<T extends FilterParams & { page?: number }>(
  params: T,
  filter: SearchFilter,
  value: string | undefined,
): T {
  const next = { ...params, page: undefined } as T;
  if (value) next[paramOf(filter)] = value;
  else delete next[paramOf(filter)];
  delete next.page;
  return next;
}

/** The params without any filter (keywords, place and sort stay). */
export function withoutFilters<T extends FilterParams & { page?: number }>(params: T): T {
  const next = { ...params };
  for (const filter of enabledSearchFilters) delete next[paramOf(filter)];
  delete next.page;
  return next;
}

/** How many filters are set: the number in "Filters (3)". */
export function activeFilterCount(params: FilterParams): number {
  return enabledSearchFilters.filter((filter) => params[paramOf(filter)]).length;
}

/** "$500 – $1,500", "From $500" (the top of the range means no upper limit). */
export function priceRangeLabel(value: string, max: number): string | undefined {
  const range = parsePriceFilter(value);
  if (!range) return undefined;
  const money = (amount: number) =>
    formatMoney(
      { amount: amount * subunitDivisor(marketplaceCurrency), currency: marketplaceCurrency },
      'en-US',
      {
        fractionDigits: 0,
      },
    );
  if (range.max >= max) return `From ${money(range.min)}`;
  return range.min === 0 ? `Up to ${money(range.max)}` : `${money(range.min)} – ${money(range.max)}`;
}

/** A range filter's value in words: "$500 – $1,500", "Up to $300"; a model year "2018–2023". */
export function rangeLabel(filter: RangeFilter, value: string): string | undefined {
  return filter.type === 'priceRange' ? priceRangeLabel(value, filter.config.max) : value.replace(',', '–');
}

/** An option's label: the filter's own, a category's name, or the value itself (free text). */
export function optionLabel(filter: SearchFilter, key: string): string {
  if (filter.id === 'category') return categoryLabel(key) ?? key;
  if (filter.type === 'options')
    return filter.config.options.find((option) => option.key === key)?.label ?? key;
  return key;
}

export interface FilterChip {
  key: string;
  label: string;
  /** The params without what this chip shows. */
  remove: <T extends FilterParams>(params: T) => T;
}

/**
 * One removable chip per selected value ("Condition: New"), a whole category group as one chip, and
 * one per range ("Price: $500 – $1,500").
 */
export function filterChips(params: FilterParams): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const filter of enabledSearchFilters) {
    const value = params[paramOf(filter)];
    if (!value) continue;
    if (filter.type === 'priceRange' || filter.type === 'yearRange') {
      chips.push({
        key: filter.id,
        label: `${filter.label}: ${rangeLabel(filter, value)}`,
        remove: (p) => withFilter(p, filter, undefined),
      });
      continue;
    }
    const selected = list(value);
    const group = filter.id === 'category' ? wholeGroup(selected) : undefined;
    if (group) {
      chips.push({
        key: group,
        label: `${filter.label}: ${group}`,
        remove: (p) => withFilter(p, filter, undefined),
      });
      continue;
    }
    for (const key of selected) {
      chips.push({
        key: `${filter.id}:${key}`,
        label: `${filter.label}: ${optionLabel(filter, key)}`,
        remove: (p) => toggleValue(p, filter, key),
      });
    }
  }
  return chips;
}

/** The group's label when the selection is exactly one whole category group. */
function wholeGroup(selected: string[]): string | undefined {
  const group = categoryGroups.find((candidate) => {
    const keys = Object.keys(candidate.categories);
    return keys.length === selected.length && keys.every((key) => selected.includes(key));
  });
  return group?.label;
}

/**
 * The URL with every filter value as `filterParamsOf` keeps it (invalid values dropped), or
 * undefined when it already is. Other parameters (keywords, a query modal's) are left alone.
 */
export function cleanedFilterHref(href: string): string | undefined {
  const url = new URL(href, 'http://app.invalid');
  const raw = Object.fromEntries(url.searchParams);
  const clean = filterParamsOf(raw);
  let changed = false;
  for (const filter of enabledSearchFilters) {
    const name = paramOf(filter);
    const value = clean[name];
    if (raw[name] === value || (raw[name] === undefined && value === undefined)) continue;
    changed = true;
    if (value) url.searchParams.set(name, value);
    else url.searchParams.delete(name);
  }
  if (!changed) return undefined;
  const search = url.searchParams.toString().replace(/%2C/gi, ',');
  return `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}
