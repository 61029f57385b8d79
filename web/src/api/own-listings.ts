import { route } from '../../../shared/api/routes';
import type { OwnListing, OwnListingChanges, Page } from '../../../shared/api/types';
import { callApi, callApiData, type RequestOptions } from './client';

/**
 * The seller's own listings (functions/listings/http/own): the manage listings page reads them 42 a page
 * and opens or closes them; the edit wizard creates a draft, saves each tab, updates the stock and
 * publishes. Every answer is the owner's view (exact location and pickup address included).
 */
export type { OwnListing, OwnListingChanges };

/**
 * The fields a wizard tab sends (any subset; the server checks each with the shared validators).
 * `location` and `geolocation` go together (the place picked in the address search).
 */

export function getOwnListings(page = 1, options?: RequestOptions): Promise<Page<OwnListing>> {
  const query = page > 1 ? `?page=${page}` : '';
  return callApi(route('ownListings'), { ...options, query });
}

/** One of the caller's listings (404 when it is not theirs and not public, 403 when it is someone else's). */
export function getOwnListing(id: string, options?: RequestOptions): Promise<OwnListing> {
  return callApiData(route('ownListing', { id }), options);
}

/** §7 createDraft: the first save of the wizard makes the draft (stock 0). */
export function createDraftListing(
  changes: OwnListingChanges,
  options?: RequestOptions,
): Promise<OwnListing> {
  return callApiData(route('createDraft'), { ...options, body: changes });
}

/** §7 update: a tab's fields; the state is kept. */
export function updateOwnListing(
  id: string,
  changes: OwnListingChanges,
  options?: RequestOptions,
): Promise<OwnListing> {
  return callApiData(route('updateListing', { id }), { ...options, body: changes });
}

/**
 * §7 stock.compareAndSet: `oldTotal` is the stock the page showed; another change since then
 * answers 409 `old-total-mismatch` (the page says the stock is out of sync and reloads it).
 */
export function setListingStock(
  id: string,
  stock: { oldTotal: number; newTotal: number },
  options?: RequestOptions,
): Promise<OwnListing> {
  return callApiData(route('setStock', { id }), { ...options, body: stock });
}

/**
 * §7 publishDraft: 409 `transaction-missing-stripe-account` (meta.reason `payout-details-missing`)
 * when the seller has no payout details yet; 400 with `meta.fields` when something required is missing.
 */
export function publishOwnListing(id: string, options?: RequestOptions): Promise<OwnListing> {
  return callApiData(route('publishDraft', { id }), options);
}

/** Published → closed: the listing leaves search. */
export function closeOwnListing(id: string, options?: RequestOptions): Promise<OwnListing> {
  return callApiData(route('closeListing', { id }), options);
}

/** Closed → published: the listing is back in search. */
export function openOwnListing(id: string, options?: RequestOptions): Promise<OwnListing> {
  return callApiData(route('openListing', { id }), options);
}
