import type { ListingImage, ListingState, Page } from '../../../shared/api/types';
import type { Money } from '../../../shared/money';
import { apiGet, apiRequest, type RequestOptions } from './client';

/**
 * The seller's own listings (functions/own-listings): the manage listings page reads them 42 a page
 * and opens or closes them.
 */
export interface OwnListing {
  id: string;
  slug: string;
  title: string;
  price: Money;
  state: ListingState;
  images: ListingImage[];
  currentStock?: number;
}

export function getOwnListings(page = 1, options?: RequestOptions): Promise<Page<OwnListing>> {
  const query = page > 1 ? `?page=${page}` : '';
  return apiGet<Page<OwnListing>>(`/own-listings${query}`, options);
}

async function applyAction(
  id: string,
  action: 'open' | 'close',
  options?: RequestOptions,
): Promise<OwnListing> {
  const path = `/own-listings/${encodeURIComponent(id)}/${action}`;
  return (await apiRequest<{ data: OwnListing }>('POST', path, options)).data;
}

/** Published → closed: the listing leaves search. */
export function closeOwnListing(id: string, options?: RequestOptions): Promise<OwnListing> {
  return applyAction(id, 'close', options);
}

/** Closed → published: the listing is back in search. */
export function openOwnListing(id: string, options?: RequestOptions): Promise<OwnListing> {
  return applyAction(id, 'open', options);
}
