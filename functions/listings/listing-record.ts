import type { Listing, ListingState, ListingSummary, OwnListing, PublicUser } from '../../shared/api/types';
import { createSlug } from '../../shared/text/slug';
import { keys } from '../lib/table-design';
import type { SearchDocument } from './search/search-document';

/**
 * A listing as stored in the table (one item; stock lives on it so stock changes are conditional
 * writes): the owner's view (shared/api/types.ts OwnListing) without the derived slug, plus the
 * keys and the deleted flag.
 */
export interface ListingRecord extends Omit<OwnListing, 'slug'> {
  PK: string;
  SK: string;
  GSI1PK: string;
  GSI1SK: string;
  GSI2PK?: string;
  GSI2SK?: string;
  entity: 'listing';
  /** Set by DELETE /api/own-listings/{id}: the listing is never shown anywhere again. */
  deleted?: boolean;
}

export type ListingFields = Omit<
  ListingRecord,
  'PK' | 'SK' | 'GSI1PK' | 'GSI1SK' | 'GSI2PK' | 'GSI2SK' | 'entity'
>;

/** Builds the item with its keys; only published listings get the (sparse) GSI2 keys. */
export function listingRecord(fields: ListingFields): ListingRecord {
  return {
    ...keys.listing(fields.id),
    ...keys.listingByAuthor(fields.authorId, fields.createdAt, fields.id),
    ...(fields.state === 'published' ? keys.publishedListing(fields.id, fields.createdAt) : {}),
    entity: 'listing',
    ...fields,
  };
}

/**
 * What a change of state writes: the state, and the sparse GSI2 (search) keys exactly when the
 * new state is published (removed otherwise). The one definition for publish, open and close
 * (functions/listings/http/own) and the operator's approve and reject (infra/operator).
 */
export function listingStateWrite(
  record: Pick<ListingRecord, 'id' | 'createdAt'>,
  to: ListingState,
): { set: Record<string, unknown>; remove?: string[] } {
  return to === 'published'
    ? { set: { state: to, ...keys.publishedListing(record.id, record.createdAt) } }
    : { set: { state: to }, remove: ['GSI2PK', 'GSI2SK'] };
}

/** A listing's search card: from the public fields only (a record, or the index's search document). */
export function toListingSummary(record: SearchDocument): ListingSummary {
  return {
    id: record.id,
    slug: createSlug(record.title),
    title: record.title,
    price: record.price,
    state: record.state,
    category: record.publicData.category,
    condition: record.publicData.condition,
    ...(record.publicData.brand ? { brand: record.publicData.brand } : {}),
    ...(record.publicData.frameSize ? { frameSize: record.publicData.frameSize } : {}),
    ...(record.publicData.frameSizeCm ? { frameSizeCm: record.publicData.frameSizeCm } : {}),
    city: record.publicData.location.city,
    region: record.publicData.location.region,
    ...(record.publicGeolocation ? { geolocation: record.publicGeolocation } : {}),
    createdAt: record.createdAt,
    authorId: record.authorId,
    ...(record.images[0] ? { image: record.images[0] } : {}),
    ...(record.currentStock > 0 ? {} : { soldOut: true as const }),
  };
}

/**
 * The public view of a listing: only the fuzzy location (the stored public point, §5) and no pickup
 * address or building; features, rules and disclaimer are public. Exact coordinates, the address
 * and the building go to the owner only (functions/listings/http/own).
 */
export function toListing(record: ListingRecord, author: PublicUser): Listing {
  const { address: _address, building: _building, ...location } = record.publicData.location;
  return {
    id: record.id,
    slug: createSlug(record.title),
    title: record.title,
    description: record.description,
    price: record.price,
    state: record.state,
    publicData: { ...record.publicData, location },
    ...(record.publicGeolocation ? { geolocation: record.publicGeolocation } : {}),
    currentStock: record.currentStock,
    ...(record.shippingFee ? { shippingFee: record.shippingFee } : {}),
    createdAt: record.createdAt,
    author,
    images: record.images,
  };
}
