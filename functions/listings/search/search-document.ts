import type { ListingImage, ListingPublicData, ListingSummary } from '../../../shared/api/types';
import type { ListingRecord } from '../listing-record';

/**
 * What the search index reads of a listing, and all it may read: no pickup address or building and
 * no exact point (only the public one, §5). A listing record is one; so will be a search delta and
 * a snapshot's entry (issue 23), which carry nothing more.
 */
export interface SearchDocument
  extends Pick<
    ListingRecord,
    'id' | 'authorId' | 'title' | 'description' | 'price' | 'state' | 'currentStock' | 'createdAt'
  > {
  publicData: Omit<ListingPublicData, 'location'> & {
    location: Omit<ListingPublicData['location'], 'address' | 'building'>;
  };
  publicGeolocation?: ListingSummary['geolocation'];
  images: readonly ListingImage[];
}

/**
 * The search document of a listing record: exactly the SearchDocument fields, copied by name (never
 * a spread of the record), so a field added to the record stays out of deltas and snapshots until
 * it is added here; the location without the pickup address and building.
 */
export function searchDocumentOf(record: ListingRecord | SearchDocument): SearchDocument {
  const {
    address: _address,
    building: _building,
    ...location
  } = record.publicData.location as ListingRecord['publicData']['location'];
  return {
    id: record.id,
    authorId: record.authorId,
    title: record.title,
    description: record.description,
    price: record.price,
    state: record.state,
    currentStock: record.currentStock,
    createdAt: record.createdAt,
    publicData: { ...record.publicData, location },
    ...(record.publicGeolocation ? { publicGeolocation: record.publicGeolocation } : {}),
    images: record.images,
  };
}
