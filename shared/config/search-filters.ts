/**
 * The search filters as data (spec §3 "filter config": id, label, type, group, queryParamNames,
 * config; issue 21). One list drives the API's parsing of `GET /api/listings`, the index, the page
 * URL and the filter UI, so a filter is added here and nowhere else. Primary filters sit in the
 * search page's bar, secondary ones under "More filters". `dates` is reserved for rentals: it is
 * declared so its parameter name is taken, and not offered while `enabled` is false.
 */
import { categoryGroups, isCategory } from './categories';
import { searchSettings } from './constants';
import {
  conditions,
  deliveryMethods,
  earliestBikeYear,
  fieldOptions,
  frameMaterials,
  sizes,
  wheelSizeKeys,
  wheelSizes,
} from './listing-fields';

export type FilterGroup = 'primary' | 'secondary';

interface FilterBase<Id extends string, Type extends string, Config> {
  id: Id;
  label: string;
  type: Type;
  group: FilterGroup;
  /** The query parameter of both the page URL and the API. */
  queryParamNames: readonly [string];
  config: Config;
  /** Offered in the UI and accepted by the API (false: reserved). */
  enabled: boolean;
}

/** Pick one or more of fixed options (`pub_condition=new,usedLikeNew`). */
export type OptionsFilter<Id extends string = string> = FilterBase<
  Id,
  'options',
  { options: readonly { key: string; label: string }[]; multiple: boolean }
>;
/** One or more free values folded for matching (`pub_brand=Trek,Canyon`). */
export type TextFilter<Id extends string = string> = FilterBase<
  Id,
  'text',
  { maxValues: number; maxLength: number }
>;
/** A whole-number range `min,max` (`pub_year=2018,2023`; the price has its own currency rule). */
export type RangeFilter<Id extends string = string> = FilterBase<
  Id,
  'priceRange' | 'yearRange',
  { min: number; max: number; step: number }
>;
export type DateRangeFilter<Id extends string = string> = FilterBase<Id, 'dateRange', Record<string, never>>;
export type SearchFilter = OptionsFilter | TextFilter | RangeFilter | DateRangeFilter;

/** Listing categories in the spec's groups, as options labelled "Group: Category". */
const categoryOptions = categoryGroups.flatMap((group) =>
  Object.entries(group.categories).map(([key, label]) => ({ key, label: `${group.label}: ${label}` })),
);

export const searchFilters = [
  {
    id: 'category',
    label: 'Category',
    type: 'options',
    group: 'primary',
    queryParamNames: ['pub_category'],
    config: { options: categoryOptions, multiple: true },
    enabled: true,
  },
  {
    id: 'price',
    label: 'Price',
    type: 'priceRange',
    group: 'primary',
    queryParamNames: ['price'],
    config: searchSettings.priceFilter,
    enabled: true,
  },
  {
    id: 'condition',
    label: 'Condition',
    type: 'options',
    group: 'primary',
    queryParamNames: ['pub_condition'],
    config: { options: fieldOptions(conditions), multiple: true },
    enabled: true,
  },
  {
    id: 'frameSize',
    label: 'Frame size',
    type: 'options',
    group: 'primary',
    queryParamNames: ['pub_frameSize'],
    config: { options: fieldOptions(sizes), multiple: true },
    enabled: true,
  },
  {
    id: 'brand',
    label: 'Brand',
    type: 'text',
    group: 'secondary',
    queryParamNames: ['pub_brand'],
    config: { maxValues: 20, maxLength: 60 },
    enabled: true,
  },
  {
    id: 'size',
    label: 'Size',
    type: 'options',
    group: 'secondary',
    queryParamNames: ['pub_size'],
    config: { options: fieldOptions(sizes), multiple: true },
    enabled: true,
  },
  {
    id: 'wheelSize',
    label: 'Wheel size',
    type: 'options',
    group: 'secondary',
    queryParamNames: ['pub_wheelSize'],
    config: { options: fieldOptions(wheelSizes, wheelSizeKeys), multiple: true },
    enabled: true,
  },
  {
    id: 'frameMaterial',
    label: 'Frame material',
    type: 'options',
    group: 'secondary',
    queryParamNames: ['pub_frameMaterial'],
    config: { options: fieldOptions(frameMaterials), multiple: true },
    enabled: true,
  },
  {
    id: 'groupset',
    label: 'Groupset',
    type: 'text',
    group: 'secondary',
    queryParamNames: ['pub_groupset'],
    config: { maxValues: 20, maxLength: 80 },
    enabled: true,
  },
  {
    id: 'year',
    label: 'Model year',
    type: 'yearRange',
    group: 'secondary',
    queryParamNames: ['pub_year'],
    // The upper end is checked against the current year when a value is parsed.
    config: { min: earliestBikeYear, max: 9999, step: 1 },
    enabled: true,
  },
  {
    id: 'delivery',
    label: 'Delivery',
    type: 'options',
    group: 'secondary',
    queryParamNames: ['pub_delivery'],
    config: { options: fieldOptions(deliveryMethods), multiple: true },
    enabled: true,
  },
  {
    id: 'dates',
    label: 'Dates',
    type: 'dateRange',
    group: 'secondary',
    queryParamNames: ['dates'],
    config: {},
    enabled: false,
  },
] as const satisfies readonly SearchFilter[];

export type SearchFilterId = (typeof searchFilters)[number]['id'];

/** The query parameters of the filters (`pub_category`, `price`, `pub_condition`…). */
export type FilterParamName = (typeof searchFilters)[number]['queryParamNames'][0];

/** The filters' values in a URL: the page's form (price in whole currency units, §5). */
export type FilterParams = Partial<Record<FilterParamName, string>>;

/** The filters people can use now (the reserved ones left out). */
export const enabledSearchFilters: readonly SearchFilter[] = searchFilters.filter((filter) => filter.enabled);

/** A filter by its id. */
export function searchFilter(id: SearchFilterId): SearchFilter {
  return searchFilters.find((filter) => filter.id === id) as SearchFilter;
}

/** Whether `key` is one of an options filter's keys (categories by the category list). */
export function isFilterOption(filter: OptionsFilter, key: string): boolean {
  if (filter.id === 'category') return isCategory(key);
  return filter.config.options.some((option) => option.key === key);
}
