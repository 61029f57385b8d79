/**
 * Listing rules (§4, §6): states and allowed changes, the page a listing links to, publishing
 * setting stock 0 → 1, and the "has listings" rule.
 */
import type { ImageVariant, ListingImage, ListingState } from './api/types';
import { listingsRequireApproval } from './config/marketplace';

export const listingStates = [
  'draft',
  'pendingApproval',
  'published',
  'closed',
] as const satisfies readonly ListingState[];

export function isListingState(value: unknown): value is ListingState {
  return typeof value === 'string' && (listingStates as readonly string[]).includes(value);
}

/** Owner actions on a listing and the state each leads to. */
export const listingActions = {
  /** publishDraft: a draft goes live (or to pending approval when the marketplace approves listings). */
  publishDraft: { from: ['draft'], to: 'published' },
  /** Operator approval of a pending listing: it goes live. */
  approve: { from: ['pendingApproval'], to: 'published' },
  /** Operator rejection of a pending listing: back to draft, so the seller can edit and publish again. */
  reject: { from: ['pendingApproval'], to: 'draft' },
  close: { from: ['published'], to: 'closed' },
  open: { from: ['closed'], to: 'published' },
} as const satisfies Record<string, { from: readonly ListingState[]; to: ListingState }>;

export type ListingAction = keyof typeof listingActions;

export function canApplyListingAction(state: ListingState, action: ListingAction): boolean {
  return (listingActions[action].from as readonly ListingState[]).includes(state);
}

/** The state after an action, or undefined when the action is not allowed from `state`. */
export function listingStateAfter(
  state: ListingState,
  action: ListingAction,
  options: { requiresApproval?: boolean } = {},
): ListingState | undefined {
  if (!canApplyListingAction(state, action)) return undefined;
  if (action === 'publishDraft' && options.requiresApproval) return 'pendingApproval';
  return listingActions[action].to;
}

/** The environment variable that switches listing approval on or off without a code change. */
export const listingsRequireApprovalEnv = 'VELO_LISTINGS_REQUIRE_APPROVAL';

/**
 * Whether publishing sends a draft to pendingApproval, from the value of VELO_LISTINGS_REQUIRE_APPROVAL:
 * `true` or `1` turn approval on, `false` or `0` off (case and spaces ignored); unset or anything
 * else keeps the marketplace default (`listingsRequireApproval`, shared/config/marketplace.ts).
 */
export function requiresListingApproval(
  value: string | undefined,
  fallback: boolean = listingsRequireApproval,
): boolean {
  const setting = value?.trim().toLowerCase();
  if (setting === 'true' || setting === '1') return true;
  if (setting === 'false' || setting === '0') return false;
  return fallback;
}

/** The new listing page's listing id (§2: the zero id; shared/pages.ts builds its path). */
export const NEW_LISTING_ID = '00000000-0000-0000-0000-000000000000';

export const editListingTabs = [
  'details',
  'pricing',
  'delivery',
  'photos',
  'location',
  'availability',
  'features',
  'policies',
] as const;
export type EditListingTab = (typeof editListingTabs)[number];

/**
 * Stock after publishing (§4, §9): a draft with stock 0 gets stock 1, anything else is kept. The
 * compare-and-set to make is returned too (undefined when nothing changes).
 */
export function stockOnPublish(currentStock: number): {
  stock: number;
  compareAndSet?: { oldTotal: number; newTotal: number };
} {
  if (currentStock === 0) return { stock: 1, compareAndSet: { oldTotal: 0, newTotal: 1 } };
  return { stock: currentStock };
}

/** A stock update is out of sync when the old total the client saw differs from the server's (§5). */
export function isStockOutOfSync(oldTotal: number, serverTotal: number): boolean {
  return oldTotal !== serverTotal;
}

export function isOwnListing(listing: { authorId: string }, userId: string | undefined): boolean {
  return userId !== undefined && listing.authorId === userId;
}

export interface PurchasableListing {
  state: ListingState;
  currentStock: number;
  authorId: string;
  deleted?: boolean;
}

export type PurchaseBlock =
  | 'closed'
  | 'not-published'
  | 'out-of-stock'
  | 'own-listing'
  | 'seller-not-onboarded';

/**
 * Why a listing cannot be bought now, or undefined when it can (§2 order panel, §6): closed,
 * not published, stock 0, own listing, or the seller has not finished payout onboarding.
 */
export function purchaseBlock(
  listing: PurchasableListing,
  viewerId: string | undefined,
  sellerOnboarded: boolean,
): PurchaseBlock | undefined {
  if (listing.state === 'closed') return 'closed';
  if (listing.state !== 'published' || listing.deleted) return 'not-published';
  if (isOwnListing(listing, viewerId)) return 'own-listing';
  if (listing.currentStock <= 0) return 'out-of-stock';
  if (!sellerOnboarded) return 'seller-not-onboarded';
  return undefined;
}

/** Quantity options 1..stock; stock exactly 1 fixes the quantity at 1 and hides the picker (§5). */
export function quantityOptions(currentStock: number): { options: number[]; fixed: boolean } {
  const max = Math.max(0, Math.floor(currentStock));
  return { options: Array.from({ length: max }, (_, i) => i + 1), fixed: max === 1 };
}

/** Delivery methods a listing offers; one enabled method is preselected and shown as fixed text (§5). */
export function deliveryOptions(listing: { pickupEnabled?: boolean; shippingEnabled?: boolean }): {
  options: ('pickup' | 'shipping')[];
  preselected?: 'pickup' | 'shipping';
} {
  const options: ('pickup' | 'shipping')[] = [];
  if (listing.pickupEnabled) options.push('pickup');
  if (listing.shippingEnabled) options.push('shipping');
  return options.length === 1 ? { options, preselected: options[0] } : { options };
}

/** The largest variant of a listing photo (the gallery's fallback `src`). */
export function largestListingVariant(image: ListingImage): ImageVariant | undefined {
  const v = image.variants;
  return v['scaled-large'] ?? v['scaled-medium'] ?? v['listing-card-2x'] ?? v['listing-card'];
}

/** The listing page's main photo: `src`, and a `srcset`/`sizes` pair when there are scaled variants. */
export interface GalleryImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
}

/**
 * The main photo's sources, one definition for the gallery's <img> and the head renderer's
 * preload of it (a preload only helps when its srcset and sizes match the image's).
 */
export function galleryImageSources(image: ListingImage): GalleryImageSources | undefined {
  const main = largestListingVariant(image);
  if (!main) return undefined;
  // Every scaled width once (a small photo's larger variants are not enlarged: same width).
  const scaled = (['scaled-medium', 'scaled-large', 'scaled-xlarge', 'scaled-2xlarge'] as const).map(
    (name) => image.variants[name],
  );
  const responsive = scaled.filter(
    (variant, index): variant is ImageVariant =>
      variant !== undefined && scaled.findIndex((other) => other?.width === variant.width) === index,
  );
  return {
    src: main.url,
    width: main.width,
    height: main.height,
    ...(responsive.length > 1
      ? {
          srcSet: responsive.map((variant) => `${variant.url} ${variant.width}w`).join(', '),
          sizes: '(max-width: 767px) 100vw, 60vw',
        }
      : {}),
  };
}
