import { categoriesInGroup, categoryGroups } from '../../../shared/config/categories';
import type { FilterParams } from '../../../shared/config/search-filters';
import { isSortKey, type SortKey, sortOptionsFor } from '../../../shared/config/sort';
import type { Place } from '../../../shared/maps';
import {
  formatBoundsParam,
  formatOriginParam,
  maxKeywordsLength,
  normaliseAddress,
  parseBoundsParam,
  parseOriginParam,
} from '../../../shared/validation/filters';
import { filterParamsOf } from './filter-params';

export type { SortKey };

/**
 * The search page's query parameters (`/s?keywords=&pub_category=&sort=&page=`, and for a location
 * search `address=&bounds=&origin=`), validated. The location values stay in their URL form
 * ('ne_lat,ne_lng,sw_lat,sw_lng' and 'lat,lng'), which is also what `GET /api/listings` takes.
 */
export interface SearchParams extends FilterParams {
  keywords?: string;
  /** The place's address: the label of `bounds` (kept only with them). */
  address?: string;
  /** The box the results lie in: 'ne_lat,ne_lng,sw_lat,sw_lng'. */
  bounds?: string;
  /** The place's point 'lat,lng' (sent only when `locationSearchUsesOrigin`): nearest first. */
  origin?: string;
  sort?: SortKey;
  page?: number;
  /** The map beside (or, on a phone, above) the results; the list alone when absent. Not sent to the API. */
  view?: 'map';
}

const maxPage = 10_000;

/** Default order: relevance when there are keywords, newest otherwise. */
export function defaultSort(params: Pick<SearchParams, 'keywords'>): SortKey {
  return params.keywords ? 'relevance' : 'createdAt';
}

/** Sort options that make sense for these params (relevance needs keywords). */
export function availableSortOptions(params: Pick<SearchParams, 'keywords'>) {
  return sortOptionsFor(Boolean(params.keywords));
}

function firstString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return firstString(value[0]);
  return undefined;
}

/**
 * Turns raw query values into `SearchParams`, dropping what is invalid: empty keywords, filter
 * values the API would refuse (filter-params.ts), unknown sorts (and relevance without keywords), pages that are not whole numbers ≥ 2,
 * bounds or origins that are not coordinates in range, an address without bounds or too long.
 * The shared rules (shared/validation/filters.ts) are the ones the API answers 400 for.
 */
export function validateSearchParams(raw: Record<string, unknown>): SearchParams {
  const params: SearchParams = {};
  const keywords = firstString(raw.keywords)?.replace(/\s+/g, ' ').trim().slice(0, maxKeywordsLength);
  if (keywords) params.keywords = keywords;
  Object.assign(params, locationParams(raw));
  Object.assign(
    params,
    filterParamsOf(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, firstString(v)]))),
  );
  const sort = firstString(raw.sort);
  if (isSortKey(sort) && (sort !== 'relevance' || params.keywords)) params.sort = sort;
  const page = pageParam(raw.page);
  if (page) params.page = page;
  if (firstString(raw.view) === 'map') params.view = 'map';
  return params;
}

/** The location part of a search: `bounds` (with its `address` label) and `origin`, canonical. */
function locationParams(raw: Record<string, unknown>): Pick<SearchParams, 'address' | 'bounds' | 'origin'> {
  const params: Pick<SearchParams, 'address' | 'bounds' | 'origin'> = {};
  const bounds = parseBoundsParam(firstString(raw.bounds));
  if (bounds) {
    const address = normaliseAddress(firstString(raw.address));
    if (address) params.address = address;
    params.bounds = formatBoundsParam(bounds);
  }
  const origin = parseOriginParam(firstString(raw.origin));
  if (origin) params.origin = formatOriginParam(origin);
  return params;
}

/**
 * The search a selected place starts (§2): its address and bounds, and its origin only when the
 * site is configured to use it (`locationSearchUsesOrigin`). Keywords and filters start afresh.
 */
export function locationSearchParams(place: Place, useOrigin: boolean): SearchParams {
  const address = normaliseAddress(place.address);
  return {
    ...(address ? { address } : {}),
    bounds: formatBoundsParam(place.bounds),
    ...(useOrigin ? { origin: formatOriginParam(place.origin) } : {}),
  };
}

/** A `page` query value: a whole number from 2 up (page 1 is the default and stays out of the URL). */
export function pageParam(raw: unknown): number | undefined {
  const pageText = firstString(raw);
  if (!pageText || !/^\d+$/.test(pageText)) return undefined;
  const page = Number(pageText);
  return page >= 2 && page <= maxPage ? page : undefined;
}

/** `?page=N` of a paged list (profile listings, manage listings, inbox); page 1 stays out of the URL. */
export function pagedListSearch(raw: Record<string, unknown>): { page?: number } {
  const page = pageParam(raw.page);
  return page ? { page } : {};
}

/** The router's `parseSearch`: plain strings, first value wins (no JSON decoding of values). */
export function parseSearch(searchStr: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(
    searchStr.startsWith('?') ? searchStr.slice(1) : searchStr,
  )) {
    if (!(key in result)) result[key] = value;
  }
  return result;
}

/** The router's `stringifySearch`: `?a=b&c=d`, empty values left out, commas kept readable. */
export function stringifySearch(search: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    query.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  // Commas and slashes are legal in a query and keep `pub_category=a,b` and `from=/account` readable.
  const text = query.toString().replace(/%2C/gi, ',').replace(/%2F/gi, '/');
  return text ? `?${text}` : '';
}

/** `pub_category` value that selects a whole category group. */
export function categoryGroupParam(groupId: string): string {
  return categoriesInGroup(groupId).join(',');
}

/** Select options for the category filter: every group as a whole, then its categories. */
export function categoryFilterOptions() {
  return categoryGroups.map((group) => ({
    label: group.label,
    groupValue: categoryGroupParam(group.id),
    categories: Object.entries(group.categories).map(([value, label]) => ({ value, label: label as string })),
  }));
}
