/**
 * The edit-listing wizard's rules (§2 edit wizard), free of React so they are unit tested: which
 * tabs a listing has and in what order, when a tab can be opened, the tab after a tab, tab
 * addresses, and which bike fields a category shows.
 */
import type { OwnListing } from '../../../../shared/api/types';
import { categoryGroupOf } from '../../../../shared/config/categories';
import {
  type FrameSizeRange,
  frameSizeLetterOf,
  takesFrameSizeCm,
} from '../../../../shared/config/frame-sizes';
import { type BikeFieldKey, sizeRequiredFor } from '../../../../shared/config/listing-fields';
import type { EditListingTab } from '../../../../shared/listings';
import { editListingPath } from '../../../../shared/pages';
import { frameSizeCmOf, frameSizeCmValidator } from '../../../../shared/validation/frame-size';
import type { EditListingType } from './tab-props';

export const editListingTypes = ['new', 'draft', 'edit'] as const satisfies readonly EditListingType[];

export function isEditListingType(value: unknown): value is EditListingType {
  return typeof value === 'string' && (editListingTypes as readonly string[]).includes(value);
}

/** What a listing sells by: products (stock, pickup or shipping) or bookings (night, day, hour). */
export type ListingKind = 'product' | 'booking';

/**
 * The tabs of each kind, in wizard order. Products (the marketplace's main flow, §1) have a location
 * tab right after delivery (where the item is, and the pickup street); no availability tab: that
 * is for bookings only. Photos come last because the draft is published from there.
 */
export const wizardTabs: Record<ListingKind, readonly EditListingTab[]> = {
  product: ['details', 'pricing', 'delivery', 'location', 'features', 'policies', 'photos'],
  booking: ['details', 'location', 'pricing', 'availability', 'features', 'policies', 'photos'],
};

export const tabLabels: Record<EditListingTab, string> = {
  details: 'Details',
  pricing: 'Pricing',
  delivery: 'Delivery',
  features: 'Features',
  policies: 'Policies',
  photos: 'Photos',
  location: 'Location',
  availability: 'Availability',
};

/** Every listing here sells by units with stock (§1). */
export const listingKind = (_listing: OwnListing | undefined): ListingKind => 'product';

export function tabsFor(kind: ListingKind): readonly EditListingTab[] {
  return wizardTabs[kind];
}

export function isWizardTab(tabs: readonly EditListingTab[], value: unknown): value is EditListingTab {
  return typeof value === 'string' && (tabs as readonly string[]).includes(value);
}

/**
 * Whether a tab's part of the listing has been saved. Pricing cannot be told from the data alone
 * (a new draft already has price 0 and stock 0, and 0 is a valid price), nor can the optional
 * features and policies tabs: for those, a save in this visit (`savedTabs`) or a later part of
 * the listing being there counts too.
 */
export function isTabComplete(
  tab: EditListingTab,
  listing: OwnListing | undefined,
  savedTabs: ReadonlySet<EditListingTab> = new Set(),
): boolean {
  if (!listing) return false;
  if (savedTabs.has(tab)) return true;
  const data = listing.publicData;
  const hasPhotos = listing.images.length > 0;
  switch (tab) {
    case 'details':
      return Boolean(
        listing.title &&
          listing.description &&
          data.category &&
          data.condition &&
          data.brand &&
          (data.size || !sizeRequiredFor(data.category)),
      );
    case 'pricing':
      return listing.price.amount > 0 || listing.currentStock > 0 || listing.state !== 'draft';
    case 'delivery':
      return data.pickupEnabled || data.shippingEnabled;
    case 'features':
      return (
        (data.features?.length ?? 0) > 0 ||
        Boolean(data.rules || data.disclaimer) ||
        hasPhotos ||
        listing.state !== 'draft'
      );
    case 'policies':
      return Boolean(data.rules || data.disclaimer) || hasPhotos || listing.state !== 'draft';
    case 'photos':
      return hasPhotos;
    case 'location':
      return Boolean(data.location.address && listing.geolocation);
    case 'availability':
      return false;
  }
}

/**
 * The tabs that can be opened. When editing, all of them; for a new listing or a draft, like a
 * wizard: every tab up to and including the first one that has not been saved yet (a new listing
 * without a draft: only the first).
 */
export function enabledTabs(
  tabs: readonly EditListingTab[],
  type: EditListingType,
  listing: OwnListing | undefined,
  savedTabs: ReadonlySet<EditListingTab> = new Set(),
): Set<EditListingTab> {
  if (type === 'edit' && listing) return new Set(tabs);
  const enabled = new Set<EditListingTab>();
  for (const tab of tabs) {
    enabled.add(tab);
    if (!isTabComplete(tab, listing, savedTabs)) break;
  }
  return enabled;
}

export function nextTab(tabs: readonly EditListingTab[], tab: EditListingTab): EditListingTab | undefined {
  const index = tabs.indexOf(tab);
  return index >= 0 ? tabs[index + 1] : undefined;
}

/** `/l/{slug}/{id}/{type}/{tab}`; a listing that exists is never of type `new` (it is a draft). */
export function editListingTabPath(
  listing: Pick<OwnListing, 'id' | 'slug' | 'title'> | undefined,
  type: EditListingType,
  tab: EditListingTab,
): string {
  return editListingPath(listing, type, tab);
}

/** The wizard's page title: creating (new, draft) or editing. */
export const wizardTitle = (type: EditListingType) => (type === 'edit' ? 'Edit listing' : 'Create a listing');

/** The tabs' submit button: "Next" while creating, "Save changes" when editing. */
export const submitLabel = (type: EditListingType) => (type === 'edit' ? 'Save changes' : 'Next');

/** The optional bike fields of the details tab (brand is required on every listing and always shown). */
export const optionalBikeFields = [
  'model',
  'year',
  'colour',
  'frameSize',
  'frameSizeCm',
  'wheelSize',
  'frameMaterial',
  'groupset',
  'wheelset',
] as const satisfies readonly BikeFieldKey[];
export type OptionalBikeField = (typeof optionalBikeFields)[number];

/**
 * Which bike fields (besides brand and size, which every listing has) the details tab shows for a
 * category. The rule, by category group (§3):
 * - Complete Bikes: model, year, colour, frame size (letter and cm), wheel size, frame material,
 *   groupset, wheelset;
 * - Framesets: model, year, colour, frame size (letter and cm), frame material;
 * - Forks & Suspension: model, year, wheel size;
 * - Wheels & Tires: model, wheel size;
 * - every other group, and no category yet: none.
 */
export const bikeFieldsByGroup: Record<string, readonly OptionalBikeField[]> = {
  completeBikes: optionalBikeFields,
  framesets: ['model', 'year', 'colour', 'frameSize', 'frameSizeCm', 'frameMaterial'],
  forksAndSuspension: ['model', 'year', 'wheelSize'],
  wheelsAndTires: ['model', 'wheelSize'],
};

export function bikeFieldsForCategory(category: string | undefined): readonly OptionalBikeField[] {
  const group = category ? categoryGroupOf(category) : undefined;
  const fields = (group ? bikeFieldsByGroup[group] : undefined) ?? [];
  // The size in cm only where a size table reads it (shared/config/frame-sizes.ts).
  return fields.filter((field) => field !== 'frameSizeCm' || takesFrameSizeCm(category ?? ''));
}

/**
 * The size letter to suggest for a frame size in cm: the category's table's letter, while the
 * letter is still empty and the cm a valid size (undefined otherwise).
 */
export function suggestedFrameSize(
  category: string,
  frameSizeCm: string,
  frameSize: string,
): FrameSizeRange['size'] | undefined {
  if (frameSize || frameSizeCmValidator(frameSizeCm) !== undefined) return undefined;
  const cm = frameSizeCmOf(frameSizeCm);
  return cm === undefined ? undefined : frameSizeLetterOf(category, cm);
}
