import { pageSizes } from '../../../shared/config/marketplace';
import { isSortKey } from '../../../shared/config/sort';
import {
  maxAddressLength,
  maxKeywordsLength,
  normaliseAddress,
  parseBoundsParam,
  parseOriginParam,
} from '../../../shared/validation/filters';
import { parseSearchFilters } from '../../../shared/validation/search-filters';
import { ApiError } from '../../lib/errors';
import { type HttpEvent, intParam } from '../../lib/http';
import type { SearchQuery } from '../search/search-index';

/**
 * The search of GET /api/listings from its query string: keywords, the filters of
 * shared/config/search-filters.ts (pub_category, price, pub_condition…), sort, page, perPage, and
 * the location search's bounds, origin and address. Anything malformed is a 400
 * validation-invalid-params naming the parameter. `address` only labels the bounds for the web
 * app, so it is checked but not used.
 */
export function searchQueryOf(event: HttpEvent): SearchQuery {
  const params = event.queryStringParameters ?? {};
  const keywords = params.keywords?.trim() || undefined;
  if (keywords && keywords.length > maxKeywordsLength) {
    throw new ApiError(
      'validation-invalid-params',
      `Keywords can be at most ${maxKeywordsLength} characters.`,
      {
        param: 'keywords',
      },
    );
  }
  const filters = parseSearchFilters(params);
  if (!filters.ok) {
    throw new ApiError('validation-invalid-params', filters.message, { param: filters.param });
  }
  const sort = params.sort;
  if (sort !== undefined && !isSortKey(sort)) {
    throw new ApiError('validation-invalid-params', `Unknown sort: ${sort}.`, { param: 'sort' });
  }
  if (sort === 'relevance' && !keywords) {
    throw new ApiError('validation-invalid-params', 'Sorting by relevance needs keywords.', {
      param: 'sort',
    });
  }
  const bounds = optionalParam(params.bounds, parseBoundsParam, 'bounds', 'ne_lat,ne_lng,sw_lat,sw_lng');
  const origin = optionalParam(params.origin, parseOriginParam, 'origin', 'lat,lng');
  optionalParam(params.address, normaliseAddress, 'address', `at most ${maxAddressLength} characters`);
  return {
    ...(keywords ? { keywords } : {}),
    ...(Object.keys(filters.values).length ? { filters: filters.values } : {}),
    ...(bounds ? { bounds } : {}),
    ...(origin ? { origin } : {}),
    ...(sort ? { sort } : {}),
    page: intParam(event, 'page', { min: 1, max: 10_000, fallback: 1 }),
    perPage: intParam(event, 'perPage', { min: 1, max: 100, fallback: pageSizes.search }),
  };
}

/** A parameter that is absent (or empty) or valid; anything else is a 400 naming the expected form. */
function optionalParam<T>(
  raw: string | undefined,
  parse: (value: string) => T | undefined,
  name: string,
  expected: string,
): T | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = parse(raw);
  if (value === undefined) {
    throw new ApiError('validation-invalid-params', `Invalid ${name}: expected ${expected}.`, {
      param: name,
    });
  }
  return value;
}
