import type { PublicProfile } from '../../../shared/api/account';
import type { HostedAsset } from '../../../shared/api/contracts';
import { route } from '../../../shared/api/routes';
import type { Listing, ListingSearchParams, ListingSummary, Page } from '../../../shared/api/types';
import { apiFilterParams } from '../../../shared/validation/search-filters';
import { callApi, type RequestOptions } from './client';

/** Query string for `GET /api/listings` (no leading `?` when empty). */
export function listingsQuery(params: ListingSearchParams): string {
  const query = new URLSearchParams();
  if (params.keywords) query.set('keywords', params.keywords);
  for (const [name, value] of apiFilterParams(params)) query.set(name, value);
  if (params.sort) query.set('sort', params.sort);
  for (const key of ['address', 'bounds', 'origin'] as const) {
    const value = params[key];
    if (value) query.set(key, value);
  }
  if (params.page && params.page > 1) query.set('page', String(params.page));
  if (params.perPage) query.set('perPage', String(params.perPage));
  const text = query.toString();
  return text ? `?${text}` : '';
}

export function searchListings(params: ListingSearchParams, options?: RequestOptions) {
  return callApi(route('searchListings'), { ...options, query: listingsQuery(params) });
}

export async function getListing(id: string, options?: RequestOptions): Promise<Listing> {
  const body = await callApi(route('showListing', { id }), options);
  return body.data;
}

export async function getUser(id: string, options?: RequestOptions): Promise<PublicProfile> {
  const body = await callApi(route('showUser', { id }), options);
  return body.data;
}

/** A user's published listings (`GET /api/users/{id}/listings`), newest first, paged. */
export function getUserListings(
  userId: string,
  page = 1,
  options?: RequestOptions,
): Promise<Page<ListingSummary>> {
  const query = page > 1 ? `?page=${page}` : '';
  return callApi(route('userListings', { id: userId }), { ...options, query });
}

export type { HostedAsset };

/** A hosted asset's JSON, unchecked (its reader validates it: web/src/lib/page-assets.ts), and its version. */
export function getHostedAsset(
  path: string,
  version = 'latest',
  options?: RequestOptions,
): Promise<HostedAsset<unknown>> {
  // Assets are public: no token, so the answer can be cached by the CDN.
  return callApi(route('hostedAsset', { version, path }), { token: null, ...options });
}
