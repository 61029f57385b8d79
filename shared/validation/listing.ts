/**
 * Edit-listing forms (§5): details, pricing and stock, delivery, photos, location, policies.
 */
import type { OwnListing } from '../api/types';
import { allCategories } from '../config/categories';
import { limits } from '../config/constants';
import {
  bikeFields,
  conditions,
  earliestBikeYear,
  frameMaterials,
  isKeyOf,
  latestBikeYear,
  listingFeatures,
  sizeRequiredFor,
  sizes,
  wheelSizes,
} from '../config/listing-fields';
import { listingPriceLimits, marketplaceCurrency, shippingFeeLimits } from '../config/marketplace';
import { formatMoney, type Money } from '../money';
import {
  composeValidators,
  type FieldErrors,
  integerAtLeast,
  maxLength,
  moneyAtLeast,
  moneyAtMost,
  oneOf,
  parseInteger,
  placeSearchRequired,
  placeSelected,
  required,
  VALID,
  type Validator,
  validateFields,
} from './core';
import { frameSizeCmValidator } from './frame-size';
import { type ImageFileInfo, marketplaceCurrencyValidator, validateImageFile } from './inputs';
import { listingMessages, maxLengthMessage } from './messages';

/** Brand is free text of at most 60 characters (bike fields, config/listing-fields.ts). */
export const brandMaxLength = bikeFields.find((f) => f.key === 'brand')?.maxLength ?? 60;

export interface ListingDetailsValues {
  title: string;
  description: string;
  category: string;
  brand: string;
  size: string;
  condition: string;
  model?: string;
  year?: string | number;
  colour?: string;
  groupset?: string;
  wheelset?: string;
  frameSize?: string;
  /** In cm: a number from the API, the field's text in the form (frame-size.ts). */
  frameSizeCm?: string | number;
  wheelSize?: string;
  frameMaterial?: string;
}

const optionalOneOf =
  (options: readonly string[]): Validator<unknown> =>
  (value) =>
    value === undefined || value === null || value === '' || options.includes(value as string)
      ? VALID
      : listingMessages.optionInvalid;

/**
 * A free-text bike field's own limit (config/listing-fields.ts: model 60, colour 40, groupset and
 * wheelset 80), which the API checks too: a 100 kB model once made a listing item past DynamoDB's
 * 400 kB item limit, a 500 (issue 28's fuzz suite).
 */
function bikeTextValidator(key: 'model' | 'colour' | 'groupset' | 'wheelset'): Validator<unknown> {
  const field = bikeFields.find((candidate) => candidate.key === key) as { maxLength: number };
  return maxLength(maxLengthMessage(field.maxLength), field.maxLength);
}

/** Model year between 1900 and next year; empty passes. */
export function bikeYearValidator(now?: Date): Validator<unknown> {
  return (value) => {
    if (value === undefined || value === null || value === '') return VALID;
    const year = parseInteger(value);
    return year !== null && year >= earliestBikeYear && year <= latestBikeYear(now)
      ? VALID
      : listingMessages.yearInvalid;
  };
}

export function validateListingDetails(
  values: Partial<ListingDetailsValues>,
  now?: Date,
): FieldErrors<ListingDetailsValues> {
  return validateFields(values, {
    title: composeValidators(
      required(listingMessages.titleRequired),
      maxLength(listingMessages.titleTooLong, limits.titleMaxLength),
    ),
    description: composeValidators(
      required(listingMessages.descriptionRequired),
      maxLength(listingMessages.descriptionTooLong, limits.textAreaMaxLength),
    ),
    category: composeValidators(
      required(listingMessages.categoryRequired),
      oneOf(listingMessages.categoryRequired, allCategories),
    ),
    brand: composeValidators(
      required(listingMessages.brandRequired),
      maxLength(maxLengthMessage(brandMaxLength), brandMaxLength),
    ),
    // Required only where a size means something (sizeRequiredFor: not for a wheelset or a part).
    size: sizeRequiredFor(values.category)
      ? composeValidators(
          required(listingMessages.sizeRequired),
          oneOf(listingMessages.sizeRequired, Object.keys(sizes)),
        )
      : optionalOneOf(Object.keys(sizes)),
    condition: composeValidators(
      required(listingMessages.conditionRequired),
      oneOf(listingMessages.conditionRequired, Object.keys(conditions)),
    ),
    model: bikeTextValidator('model'),
    year: bikeYearValidator(now),
    colour: bikeTextValidator('colour'),
    groupset: bikeTextValidator('groupset'),
    wheelset: bikeTextValidator('wheelset'),
    frameSize: optionalOneOf(Object.keys(sizes)),
    frameSizeCm: frameSizeCmValidator,
    wheelSize: optionalOneOf(Object.keys(wheelSizes)),
    frameMaterial: optionalOneOf(Object.keys(frameMaterials)),
  });
}

/** Bounds of an amount in minor units (shared/config/marketplace: listingPriceLimits, shippingFeeLimits). */
export interface MoneyLimits {
  minimumMinor: number;
  maximumMinor: number;
}

/**
 * Price: required, in the marketplace currency, at least the minimum (0 subunits, §5) and at most
 * the configured maximum ($100,000). The edit form and the API both use it.
 */
export function priceValidator(
  limits: MoneyLimits = listingPriceLimits,
  currency: string = marketplaceCurrency,
): Validator<unknown> {
  const shown = (amount: number) => formatMoney({ amount, currency });
  return composeValidators(
    required(listingMessages.priceRequired),
    marketplaceCurrencyValidator(currency),
    moneyAtLeast(listingMessages.priceTooLow(shown(limits.minimumMinor)), limits.minimumMinor),
    moneyAtMost(listingMessages.priceTooHigh(shown(limits.maximumMinor)), limits.maximumMinor),
  );
}

/** Stock: required, a whole number of 0 or more. */
export const stockValidator: Validator<unknown> = composeValidators(
  required(listingMessages.stockRequired),
  integerAtLeast(listingMessages.stockInvalid, 0),
);

export interface PricingValues {
  price: Money | null;
  stock: number | string;
}

export function validatePricing(values: Partial<PricingValues>): FieldErrors<PricingValues> {
  return validateFields(values, { price: priceValidator(), stock: stockValidator });
}

export interface DeliveryValues {
  pickupEnabled?: boolean;
  shippingEnabled?: boolean;
  shippingPriceOneItem?: Money | null;
  shippingPriceAdditionalItems?: Money | null;
  /**
   * The listing's stock: the fee for each additional item is asked only above 1 (issue 24: with
   * one item there is no additional one). Unknown (undefined): asked.
   */
  stock?: number;
}

/** Whether a listing with this stock is asked the shipping fee for each additional item. */
export const asksAdditionalItemsFee = (stock: number | undefined): boolean =>
  stock === undefined || stock > 1;

/**
 * The shipping fees to store: the fee for each additional item as given, or, where it is not asked
 * (stock 1) and not given, the fee for one item (each more item ships for the same fee should the
 * stock be raised later; the seller can change it on the delivery tab then).
 */
export function shippingFeeToStore(oneItem: Money, additionalItems: Money | null | undefined) {
  return { oneItem, additionalItems: additionalItems ?? oneItem };
}

/** A shipping fee: required, in the marketplace currency, within shippingFeeLimits. */
const shippingFee = (message: string): Validator<unknown> =>
  composeValidators(
    required(message),
    marketplaceCurrencyValidator(),
    moneyAtLeast(message, shippingFeeLimits.minimumMinor),
    moneyAtMost(
      listingMessages.shippingFeeTooHigh(
        formatMoney({ amount: shippingFeeLimits.maximumMinor, currency: marketplaceCurrency }),
      ),
      shippingFeeLimits.maximumMinor,
    ),
  );

/** Delivery method (§5 deliveryMethodNotChosen): pickup, shipping or both; the delivery tab and publishing. */
export function deliveryMethodError(
  values: Pick<DeliveryValues, 'pickupEnabled' | 'shippingEnabled'>,
): string | undefined {
  return values.pickupEnabled || values.shippingEnabled ? VALID : listingMessages.deliveryMethodNotChosen;
}

/**
 * Delivery (§5): shipping needs the fee for one item, and for additional items where a second item
 * can be bought (stock above 1, asksAdditionalItemsFee); a fee given where it is not asked must
 * still be a valid one.
 */
export function validateDelivery(values: DeliveryValues): FieldErrors<DeliveryValues> {
  const additionalFee = shippingFee(listingMessages.shippingAdditionalItemsRequired);
  const asked = asksAdditionalItemsFee(values.stock);
  return validateFields(values, {
    ...(values.shippingEnabled
      ? {
          shippingPriceOneItem: shippingFee(listingMessages.shippingOneItemRequired),
          shippingPriceAdditionalItems: asked
            ? additionalFee
            : (value: unknown) => (value === null || value === undefined ? VALID : additionalFee(value)),
        }
      : {}),
  });
}

/** At least one photo (§5 imageRequired): the photos tab before it asks to publish, and publishing. */
export function photoCountError(count: number): string | undefined {
  return count > 0 ? VALID : listingMessages.imageRequired;
}

/** Photos (§5): at least one image; each new file JPG/GIF/PNG and at most 20 MB. */
export function validatePhotos(
  images: readonly (ImageFileInfo | { id: string })[] | undefined,
): string | undefined {
  const missing = photoCountError(images?.length ?? 0);
  if (missing || !images) return missing;
  for (const image of images) {
    if ('type' in image) {
      const error = validateImageFile(image);
      if (error) return error;
    }
  }
  return VALID;
}

/** Location (§5): a selected place with address and origin. */
export const locationValidator: Validator<unknown> = composeValidators(
  placeSearchRequired(listingMessages.locationRequired),
  placeSelected(listingMessages.locationNotRecognized),
);

/** Policies tab: the seller's rules are optional, at most 5000 characters (§5 text areas). */
export const rulesValidator: Validator<unknown> = maxLength(
  listingMessages.rulesTooLong,
  limits.textAreaMaxLength,
);

/** Policies tab: the disclaimer is optional, at most 5000 characters (§5 text areas). */
export const disclaimerValidator: Validator<unknown> = maxLength(
  listingMessages.disclaimerTooLong,
  limits.textAreaMaxLength,
);

export interface PoliciesValues {
  rules?: string;
  disclaimer?: string;
}

/** The policies tab (rules and disclaimer, both optional text areas). */
export function validatePolicies(values: PoliciesValues): FieldErrors<PoliciesValues> {
  return validateFields(values, { rules: rulesValidator, disclaimer: disclaimerValidator });
}

/**
 * The features tab: a list of keys of `listingFeatures`, each at most once; an empty list clears
 * them. Anything else (unknown keys, repeats, not a list of text) is `featuresInvalid`.
 */
export const featuresValidator: Validator<unknown> = (value) => {
  if (value === undefined || value === null) return VALID;
  if (!Array.isArray(value)) return listingMessages.featuresInvalid;
  const known = value.every((key) => isKeyOf(listingFeatures, key));
  return known && new Set(value).size === value.length ? VALID : listingMessages.featuresInvalid;
};

export function validateFeatures(features: unknown): string | undefined {
  return featuresValidator(features);
}

/** Building, apartment or unit of the pickup address: optional, at most 100 characters (ours). */
export const buildingMaxLength = 100;
export const buildingValidator: Validator<unknown> = maxLength(
  maxLengthMessage(buildingMaxLength),
  buildingMaxLength,
);

/**
 * Whether a listing has a place: a city and a point that is not 0,0 (the placeholder point of a
 * listing stored without one). Publishing and reopening need one; the location migration closes a
 * published listing without one.
 */
export function hasPlace(listing: Pick<OwnListing, 'publicData' | 'geolocation'>): boolean {
  const point = listing.geolocation;
  return (
    Boolean(listing.publicData.location?.city) && point !== undefined && !(point.lat === 0 && point.lng === 0)
  );
}

/** A listing's place: locationRequired unless it has a place and its public point (to publish or reopen). */
export function listingLocationError(
  listing: Pick<OwnListing, 'publicData' | 'geolocation' | 'publicGeolocation'>,
): string | undefined {
  return hasPlace(listing) && listing.publicGeolocation ? VALID : listingMessages.locationRequired;
}

export type PublishableListing = Pick<
  OwnListing,
  'title' | 'description' | 'publicData' | 'geolocation' | 'publicGeolocation' | 'shippingFee' | 'images'
>;

/**
 * What a draft needs before it can go live (§5), the spec's message per missing field: every
 * required detail (title, description, category, brand, condition, and size where the category has
 * one: validateListingDetails),
 * a delivery method (deliveryMethodNotChosen), a place (locationRequired: every listing has one,
 * shipping-only too, so cards and search can show where it is), both shipping fees when shipping is
 * on (reported on `shippingFee`), and at least one photo.
 */
export function publishErrors(listing: PublishableListing): Record<string, string | undefined> {
  const data = listing.publicData;
  const details = validateListingDetails({
    title: listing.title,
    description: listing.description,
    category: data.category,
    brand: data.brand ?? '',
    size: data.size ?? '',
    condition: data.condition,
  });
  const delivery = validateDelivery({
    shippingEnabled: data.shippingEnabled,
    shippingPriceOneItem: listing.shippingFee?.oneItem ?? null,
    shippingPriceAdditionalItems: listing.shippingFee?.additionalItems ?? null,
  });
  return {
    ...details,
    delivery: deliveryMethodError(data),
    location: listingLocationError(listing),
    shippingFee: delivery.shippingPriceOneItem ?? delivery.shippingPriceAdditionalItems,
    images: validatePhotos(listing.images),
  };
}
