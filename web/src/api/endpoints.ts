import type { PublicProfile } from '../../../shared/api/account';
import type { Listing, ListingSearchParams, ListingSummary, Page } from '../../../shared/api/types';
import { apiGet, type RequestOptions } from './client';

/** Query string for `GET /api/listings` (no leading `?` when empty). */
export function listingsQuery(params: ListingSearchParams): string {
  const query = new URLSearchParams();
  if (params.keywords) query.set('keywords', params.keywords);
  if (params.pub_category) query.set('pub_category', params.pub_category);
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
  return apiGet<Page<ListingSummary>>(`/listings${listingsQuery(params)}`, options);
}

export async function getListing(id: string, options?: RequestOptions): Promise<Listing> {
  const body = await apiGet<{ data: Listing }>(`/listings/${encodeURIComponent(id)}`, options);
  return body.data;
}

export async function getUser(id: string, options?: RequestOptions): Promise<PublicProfile> {
  const body = await apiGet<{ data: PublicProfile }>(`/users/${encodeURIComponent(id)}`, options);
  return body.data;
}

/** A user's published listings (`GET /api/users/{id}/listings`), newest first, paged. */
export function getUserListings(
  userId: string,
  page = 1,
  options?: RequestOptions,
): Promise<Page<ListingSummary>> {
  const query = page > 1 ? `?page=${page}` : '';
  return apiGet<Page<ListingSummary>>(`/users/${encodeURIComponent(userId)}/listings${query}`, options);
}

/** A hosted asset (`GET /api/assets/{version}/{path}`): its JSON and the version it came from. */
export interface HostedAsset<T> {
  data: T;
  meta: { version: string };
}

export function getHostedAsset<T>(path: string, version = 'latest', options?: RequestOptions) {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  // Assets are public: no token, so the answer can be cached by the CDN.
  return apiGet<HostedAsset<T>>(`/assets/${encodeURIComponent(version)}/${encoded}`, {
    token: null,
    ...options,
  });
}
