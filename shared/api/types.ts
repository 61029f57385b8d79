import type { FilterParams } from '../config/search-filters';
import type { Money } from '../money';
import type { ShipsTo } from '../ships-to';

/** The API's JSON shapes, shared by the handlers (producers) and the web app (consumer). */

export interface ImageVariant {
  width: number;
  height: number;
  url: string;
}

/**
 * Variant names: `listing-card` 400×400, `listing-card-2x` 800×800, `scaled-large` up to 1600 wide;
 * `facebook` 1200×630 and `twitter` 600×314 are the social crops (§9) of a listing's first photo,
 * used for og:image and twitter:image.
 */
export type ImageVariantName =
  | 'listing-card'
  | 'listing-card-2x'
  | 'scaled-medium'
  | 'scaled-large'
  | 'scaled-xlarge'
  | 'scaled-2xlarge'
  | 'facebook'
  | 'twitter';

export interface ListingImage {
  id: string;
  variants: Partial<Record<ImageVariantName, ImageVariant>>;
}

export type ListingState = 'draft' | 'pendingApproval' | 'published' | 'closed';

export interface ListingLocation {
  address: string;
  /** Building, apartment or unit of the pickup address (owner only, like the address). */
  building?: string;
  city: string;
  region: string;
  /** ISO 3166-1 alpha-2 of a payout country (§9, shared/config/payout-countries.ts); '' until a place is set. */
  country: string;
}

export interface ListingPublicData {
  category: string;
  condition: string;
  brand?: string;
  model?: string;
  year?: number;
  size?: string;
  colour?: string;
  frameMaterial?: string;
  frameSize?: string;
  /** The frame size in cm, a whole number or one decimal (issue 21; bikes and framesets). */
  frameSizeCm?: number;
  wheelSize?: string;
  groupset?: string;
  wheelset?: string;
  pickupEnabled: boolean;
  shippingEnabled: boolean;
  /** Where it ships (shared/ships-to.ts); absent: worldwide, as before the setting existed. */
  shipsTo?: ShipsTo;
  location: ListingLocation;
  /** Keys of `listingFeatures` (shared/config/listing-fields.ts), the features tab. */
  features?: string[];
  /** The seller's rules (policies tab): payment on pickup, test rides, returns… */
  rules?: string;
  /** The seller's disclaimer (policies tab): known faults, sold as seen… */
  disclaimer?: string;
}

export interface PublicUser {
  id: string;
  displayName: string;
  abbreviatedName: string;
  bio?: string;
  banned?: boolean;
  deleted?: boolean;
}

/** What a search result card needs, nothing more. */
export interface ListingSummary {
  id: string;
  slug: string;
  title: string;
  price: Money;
  state: ListingState;
  category: string;
  condition: string;
  brand?: string;
  /** The frame's size letter (publicData.frameSize), shown on the card beside the condition. */
  frameSize?: string;
  /** The frame's size in cm (publicData.frameSizeCm), beside the letter. */
  frameSizeCm?: number;
  city: string;
  region: string;
  /** The public (fuzzy) point, §5, as on the listing: the search map's marker and the card's distance. */
  geolocation?: { lat: number; lng: number };
  createdAt: string;
  authorId: string;
  image?: ListingImage;
  /** No stock left: still found by search, after every available listing, with a "Sold" badge. */
  soldOut?: true;
}

/** A listing as the public API returns it: no pickup address, and `geolocation` is the fuzzy (obfuscated) center. */
export interface Listing {
  id: string;
  slug: string;
  title: string;
  description: string;
  price: Money;
  state: ListingState;
  publicData: Omit<ListingPublicData, 'location'> & {
    location: Omit<ListingLocation, 'address' | 'building'>;
  };
  /** The public (fuzzy) point, §5: the listing's `publicGeolocation`, never its exact point. */
  geolocation?: { lat: number; lng: number };
  currentStock: number;
  shippingFee?: { oneItem: Money; additionalItems: Money };
  createdAt: string;
  author: PublicUser;
  images: ListingImage[];
}

/**
 * The owner's view of a listing (GET/PATCH /api/own-listings/{id}): every stored field, with the
 * exact geolocation and the pickup address (address and building) that the public view hides.
 */
export interface OwnListing {
  id: string;
  slug: string;
  authorId: string;
  title: string;
  description: string;
  price: Money;
  state: ListingState;
  publicData: ListingPublicData;
  /** The point of the place picked on the location tab; absent until one is (never 0,0). */
  geolocation?: { lat: number; lng: number };
  /**
   * The fuzzy point the public sees, searches and sorts by (§5): drawn at random within the fuzzy
   * offset when the place is set (shared/maps.ts drawPublicPoint); absent with the place.
   */
  publicGeolocation?: { lat: number; lng: number };
  currentStock: number;
  shippingFee?: { oneItem: Money; additionalItems: Money };
  images: ListingImage[];
  createdAt: string;
  updatedAt: string;
}

export interface Pagination {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
}

export interface Page<T> {
  data: T[];
  meta: Pagination;
}

/**
 * The facet counts of a search (issue 21): per filter id, each value's number of listings that
 * match the query with every other filter applied (disjunctive), non-zero only.
 */
export type SearchFacets = Partial<Record<string, Record<string, number>>>;

/** GET /api/listings: a page of results and the facet counts of the whole query. */
export interface SearchPage extends Page<ListingSummary> {
  facets: SearchFacets;
}

export interface ApiErrorItem {
  id: string;
  status: number;
  code: string;
  title: string;
  meta?: Record<string, unknown>;
}

export interface ApiErrorBody {
  errors: ApiErrorItem[];
}

/** Query parameters of `GET /api/listings` (the spec's search params). */
/** A search as the page URL has it; the filters' values in the page's form (FilterParams). */
export interface ListingSearchParams extends FilterParams {
  keywords?: string;
  sort?: string;
  /** Location search (§2): the chosen place's label, its bounds `ne_lat,ne_lng,sw_lat,sw_lng`, and `lat,lng`. */
  address?: string;
  bounds?: string;
  origin?: string;
  page?: number;
  perPage?: number;
}

/** The seller's changes to an own listing (POST and PATCH /api/own-listings): every field optional. */
export interface OwnListingChanges {
  title?: string;
  description?: string;
  category?: string;
  condition?: string;
  brand?: string;
  size?: string;
  model?: string;
  year?: number | '';
  colour?: string;
  groupset?: string;
  wheelset?: string;
  frameSize?: string;
  /** '' removes it. */
  frameSizeCm?: number | '';
  wheelSize?: string;
  frameMaterial?: string;
  price?: Money;
  pickupEnabled?: boolean;
  shippingEnabled?: boolean;
  shipsTo?: ShipsTo;
  location?: { address: string; building?: string; city: string; region: string; country: string };
  geolocation?: { lat: number; lng: number };
  /** The fee for each additional item may be left out with stock 1 (the API stores the one-item fee then). */
  shippingFee?: { oneItem: Money; additionalItems?: Money };
  features?: string[];
  rules?: string;
  disclaimer?: string;
}
