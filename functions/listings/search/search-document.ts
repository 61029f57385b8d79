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
