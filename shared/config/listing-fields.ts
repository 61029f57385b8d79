import { categoryGroupOf, isCategory } from './categories';

/** Enumerated listing fields of §3, keys exactly as the spec, labels as shown to people. */
export const conditions = {
  new: 'New',
  usedLikeNew: 'Used - like new',
  usedGoodCondition: 'Used - good condition',
  usedFairCondition: 'Used - fair condition',
  usedWellUsed: 'Used - well used',
} as const;
export type Condition = keyof typeof conditions;

export const wheelSizes = {
  '20': '20"',
  '26': '26"',
  '27_5_650b': '27.5" / 650b',
  '29': '29"',
  '700c': '700c',
  other: 'Other',
} as const;
export type WheelSize = keyof typeof wheelSizes;
/**
 * Wheel sizes in the spec's order. Use this for display: JavaScript puts integer-like keys ('20',
 * '26', '29') before the others, so `Object.keys(wheelSizes)` is not in the spec's order.
 */
export const wheelSizeKeys = [
  '20',
  '26',
  '27_5_650b',
  '29',
  '700c',
  'other',
] as const satisfies readonly WheelSize[];

/** `{ key, label }` options of an enumerated field, in the given key order (default: the table's). */
export function fieldOptions<T extends Record<string, string>>(
  table: T,
  order: readonly (keyof T & string)[] = Object.keys(table) as (keyof T & string)[],
): { key: keyof T & string; label: string }[] {
  return order.map((key) => ({ key, label: table[key] as string }));
}

export const sizes = { xs: 'XS', s: 'S', m: 'M', l: 'L', xl: 'XL', xxl: 'XXL', other: 'Other' } as const;
export type Size = keyof typeof sizes;

export const frameMaterials = {
  aluminum: 'Aluminum',
  carbonFiber: 'Carbon fiber',
  chromoly: 'Chromoly',
  steel: 'Steel',
  titanium: 'Titanium',
  other: 'Other',
} as const;
export type FrameMaterial = keyof typeof frameMaterials;

export function isKeyOf<T extends object>(table: T, value: unknown): value is keyof T {
  return typeof value === 'string' && Object.hasOwn(table, value);
}

/** Delivery methods of a product order (§3 order data). */
export const deliveryMethods = { pickup: 'Pickup', shipping: 'Shipping' } as const;
export type DeliveryMethod = keyof typeof deliveryMethods;

/** Unit types: products sell by `units`; the booking logic keeps night, day and hour (§1). */
export const unitTypes = ['units', 'night', 'day', 'hour'] as const;
export type UnitType = (typeof unitTypes)[number];
export type BookingUnitType = Exclude<UnitType, 'units'>;

/** Listing management type: stock (§1). */
export const listingManagementType = 'stock';

export interface BikeFieldBase {
  key: string;
  label: string;
}
export type BikeField =
  | (BikeFieldBase & { type: 'text'; maxLength: number })
  | (BikeFieldBase & { type: 'year'; min: number })
  | (BikeFieldBase & { type: 'cm'; min: number; max: number })
  | (BikeFieldBase & { type: 'enum'; options: Readonly<Record<string, string>>; order?: readonly string[] });

/** Earliest model year accepted; the latest is next year (models are announced a year ahead). */
export const earliestBikeYear = 1900;

/**
 * A frame size in cm (issue 21), a whole number or one decimal: 30 cm is below the smallest
 * mountain-bike frame and 70 cm above the largest road frame (shared/config/frame-sizes.ts).
 */
export const frameSizeCmLimits = { min: 30, max: 70 } as const;

/**
 * The bike fields of a listing's public data (§3): brand, model, year, colour, groupset, wheelset,
 * frame size (a letter, and in cm: issue 21), wheel size, frame material. All optional except brand
 * (required on every listing, §5).
 */
export const bikeFields = [
  { key: 'brand', label: 'Brand', type: 'text', maxLength: 60 },
  { key: 'model', label: 'Model', type: 'text', maxLength: 60 },
  { key: 'year', label: 'Year', type: 'year', min: earliestBikeYear },
  { key: 'colour', label: 'Colour', type: 'text', maxLength: 40 },
  { key: 'groupset', label: 'Groupset', type: 'text', maxLength: 80 },
  { key: 'wheelset', label: 'Wheelset', type: 'text', maxLength: 80 },
  { key: 'frameSize', label: 'Frame size', type: 'enum', options: sizes },
  { key: 'frameSizeCm', label: 'Frame size in cm', type: 'cm', ...frameSizeCmLimits },
  { key: 'wheelSize', label: 'Wheel size', type: 'enum', options: wheelSizes, order: wheelSizeKeys },
  { key: 'frameMaterial', label: 'Frame material', type: 'enum', options: frameMaterials },
] as const satisfies readonly BikeField[];

export type BikeFieldKey = (typeof bikeFields)[number]['key'];

/** The listing fields the details form requires (§5). */
export const requiredListingFields = [
  'title',
  'description',
  'category',
  'brand',
  'size',
  'condition',
] as const;

/**
 * Whether a listing of the category must have a size (§5 sizeRequired, narrowed by issue 21): bikes,
 * framesets and apparel, where a buyer chooses by size; not sunglasses, nor any part or accessory
 * (a wheelset, a chain, a light has no S–XXL size). Without a category yet it is required, so the
 * form asks for it until the category says otherwise.
 */
export function sizeRequiredFor(category: string | undefined): boolean {
  if (!category || !isCategory(category)) return true;
  if (category === 'sunglasses') return false;
  const group = categoryGroupOf(category);
  return group === 'completeBikes' || group === 'framesets' || group === 'apparel';
}

/** Latest model year accepted at `now`. */
export function latestBikeYear(now: Date = new Date()): number {
  return now.getUTCFullYear() + 1;
}

/**
 * The features tab (§2 edit wizard): things a buyer filters and asks about that are not bike
 * fields. Stored as keys in `publicData.features`; any subset, in this order on the listing page.
 */
export const listingFeatures = {
  originalReceipt: 'Original receipt',
  originalPackaging: 'Original box or packaging',
  recentlyServiced: 'Serviced in the last 6 months',
  tubelessReady: 'Tubeless ready',
  discBrakes: 'Disc brakes',
  electronicShifting: 'Electronic shifting',
  upgradedParts: 'Upgraded parts',
  warrantyRemaining: 'Manufacturer warranty remaining',
  testRideWelcome: 'Test ride welcome',
} as const;
export type ListingFeature = keyof typeof listingFeatures;
