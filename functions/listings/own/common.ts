import type { ListingPublicData, OwnListing } from '../../../shared/api/types';
import { bikeFields, requiredListingFields } from '../../../shared/config/listing-fields';
import { marketplaceCurrency } from '../../../shared/config/marketplace';
import { isPayoutCountry } from '../../../shared/config/payout-countries';
import { drawPublicPoint } from '../../../shared/maps';
import type { Money } from '../../../shared/money';
import { parseShipsTo } from '../../../shared/ships-to';
import { sanitizeListing } from '../../../shared/text/sanitize';
import { createSlug } from '../../../shared/text/slug';
import { frameSizeCmOf } from '../../../shared/validation/frame-size';
import {
  buildingValidator,
  featuresValidator,
  priceValidator,
  shippingFeeToStore,
  validateDelivery,
  validateListingDetails,
  validatePolicies,
} from '../../../shared/validation/listing';
import { listingMessages } from '../../../shared/validation/messages';
import { ApiError, assertValid } from '../../lib/errors';
import type { ListingRecord } from '../listing-record';

export type { OwnListing };

export function toOwnListing(record: ListingRecord): OwnListing {
  return {
    id: record.id,
    slug: createSlug(record.title || 'draft'),
    authorId: record.authorId,
    title: record.title,
    description: record.description,
    price: record.price,
    state: record.state,
    publicData: record.publicData,
    ...(record.geolocation ? { geolocation: record.geolocation } : {}),
    ...(record.publicGeolocation ? { publicGeolocation: record.publicGeolocation } : {}),
    currentStock: record.currentStock,
    ...(record.shippingFee ? { shippingFee: record.shippingFee } : {}),
    images: record.images,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** Empty public data of a new draft (every field is filled in by the edit wizard's tabs). */
export function emptyPublicData(): ListingPublicData {
  return {
    category: '',
    condition: '',
    pickupEnabled: false,
    shippingEnabled: false,
    location: { address: '', city: '', region: '', country: '' },
  };
}

/** The detail fields a body may carry: the required ones and the bike fields (shared/config/listing-fields.ts). */
const detailKeys = [...new Set([...requiredListingFields, ...bikeFields.map((field) => field.key)])];
type DetailKey = (typeof detailKeys)[number];
/** The details kept as numbers in the public data ('' or null removes them). */
const numberKeys = ['year', 'frameSizeCm'] as const satisfies readonly DetailKey[];
type NumberKey = (typeof numberKeys)[number];
const isNumberKey = (key: DetailKey): key is NumberKey => (numberKeys as readonly string[]).includes(key);
/** The details kept as text in the public data (title and description are on the record). */
const publicTextKeys = detailKeys.filter(
  (key): key is Exclude<DetailKey, 'title' | 'description' | NumberKey> =>
    key !== 'title' && key !== 'description' && !isNumberKey(key),
);

function invalid(field: string, message: string): never {
  throw new ApiError('validation-invalid-params', message, { fields: { [field]: message } });
}

function isMoney(value: unknown): value is Money {
  const money = value as Money | null;
  return (
    typeof money === 'object' &&
    money !== null &&
    Number.isInteger(money.amount) &&
    typeof money.currency === 'string'
  );
}

/**
 * The listing fields of a create/update body (web/src/api/own-listings.ts OwnListingChanges),
 * validated with the shared validators (only the fields present are checked; unknown fields are
 * ignored). Returns top-level record changes and the new public data (the current one with the
 * changed keys). `year` and `frameSizeCm` are numbers ('' or null removes them). `features` is a list of unique `listingFeatures` keys ([] clears it); `rules` and
 * `disclaimer` are optional text of at most 5000 characters (empty removes them); `location.building`
 * is optional, at most 100 characters. Free text is sanitised as it is written (angle brackets
 * become full-width, §5: sanitizeListing), so every reader gets the safe text.
 */
export function parseListingInput(
  body: Record<string, unknown>,
  current: ListingPublicData,
  /** The listing's stock: the shipping fee for each additional item is required only above 1. */
  stock?: number,
): { set: Partial<ListingRecord>; publicData?: ListingPublicData } {
  const present = detailKeys.filter((key) => body[key] !== undefined);
  const details = Object.fromEntries(present.map((key) => [key, body[key]]));
  for (const key of present) {
    if (!isNumberKey(key) && typeof body[key] !== 'string') invalid(key, `${key} must be text.`);
  }
  // Whether a size is required depends on the category, the one in the body or the stored one.
  const detailErrors = validateListingDetails({ category: current.category, ...details });
  assertValid(Object.fromEntries(present.map((key) => [key, detailErrors[key]])));

  const set: Partial<ListingRecord> = {};
  if (typeof body.title === 'string') set.title = body.title.trim();
  if (typeof body.description === 'string') set.description = body.description;
  if (body.price !== undefined) {
    const error = priceValidator()(body.price);
    if (error) invalid('price', error);
    if (!isMoney(body.price)) invalid('price', 'The price must be an amount in minor units and a currency.');
    set.price = { amount: body.price.amount, currency: body.price.currency };
  }

  let publicData: ListingPublicData | undefined;
  const next: ListingPublicData = { ...current, location: { ...current.location } };
  for (const key of publicTextKeys) {
    if (typeof body[key] === 'string') {
      const value = (body[key] as string).trim();
      if (value) next[key] = value;
      else if (key !== 'category' && key !== 'condition') delete next[key];
      publicData = next;
    }
  }
  if (body.year !== undefined) {
    if (body.year === '' || body.year === null) delete next.year;
    else next.year = Number(body.year);
    publicData = next;
  }
  if (body.frameSizeCm !== undefined) {
    const cm = frameSizeCmOf(body.frameSizeCm);
    if (cm === undefined) delete next.frameSizeCm;
    else next.frameSizeCm = cm;
    publicData = next;
  }
  for (const key of ['rules', 'disclaimer'] as const) {
    if (body[key] === undefined) continue;
    if (typeof body[key] !== 'string') invalid(key, `${key} must be text.`);
    const value = (body[key] as string).trim();
    const error = validatePolicies({ [key]: value })[key];
    if (error) invalid(key, error);
    if (value) next[key] = value;
    else delete next[key];
    publicData = next;
  }
  if (body.features !== undefined) {
    const error = Array.isArray(body.features) ? featuresValidator(body.features) : undefined;
    if (!Array.isArray(body.features) || error) invalid('features', error ?? listingMessages.featuresInvalid);
    const features = body.features as string[];
    if (features.length > 0) next.features = [...features];
    else delete next.features;
    publicData = next;
  }
  for (const key of ['pickupEnabled', 'shippingEnabled'] as const) {
    if (body[key] === undefined) continue;
    if (typeof body[key] !== 'boolean') invalid(key, `${key} must be true or false.`);
    next[key] = body[key] as boolean;
    publicData = next;
  }
  if (body.shipsTo !== undefined) {
    const parsed = parseShipsTo(body.shipsTo);
    if ('error' in parsed) invalid('shipsTo', parsed.error);
    next.shipsTo = parsed.shipsTo;
    publicData = next;
  }
  if (body.location !== undefined) {
    const location = body.location as Record<string, unknown> | null;
    const geo = body.geolocation as { lat?: unknown; lng?: unknown } | null | undefined;
    const text = (name: string) =>
      typeof location?.[name] === 'string' ? (location[name] as string).trim() : '';
    const lat = Number(geo?.lat);
    const lng = Number(geo?.lng);
    if (!text('address')) invalid('location', listingMessages.locationRequired);
    if (
      typeof geo?.lat !== 'number' ||
      typeof geo?.lng !== 'number' ||
      !Number.isFinite(lat) ||
      !Number.isFinite(lng) ||
      Math.abs(lat) > 90 ||
      Math.abs(lng) > 180 ||
      // 0,0 is open ocean: a client that lost the picked place, not a place of the gazetteer.
      (lat === 0 && lng === 0) ||
      !text('city') ||
      !isPayoutCountry(text('country'))
    ) {
      invalid('location', listingMessages.locationNotRecognized);
    }
    if (location?.building !== undefined && typeof location.building !== 'string') {
      invalid('building', 'building must be text.');
    }
    const buildingError = buildingValidator(text('building'));
    if (buildingError) invalid('building', buildingError);
    next.location = {
      address: text('address'),
      ...(text('building') ? { building: text('building') } : {}),
      city: text('city'),
      region: text('region'),
      country: text('country'),
    };
    set.geolocation = { lat, lng };
    publicData = next;
  }
  if (body.shippingFee !== undefined) {
    const fee = body.shippingFee as { oneItem?: unknown; additionalItems?: unknown } | null;
    const errors = validateDelivery({
      shippingEnabled: true,
      shippingPriceOneItem: (fee?.oneItem ?? null) as Money | null,
      shippingPriceAdditionalItems: (fee?.additionalItems ?? null) as Money | null,
      stock,
    });
    assertValid(errors);
    const additionalItems = fee?.additionalItems ?? null;
    if (!isMoney(fee?.oneItem) || (additionalItems !== null && !isMoney(additionalItems))) {
      invalid('shippingFee', 'Shipping fees must be amounts in minor units and a currency.');
    }
    set.shippingFee = shippingFeeToStore(fee.oneItem, additionalItems as Money | null);
  }
  const clean = sanitizeListing({
    ...(set.title !== undefined ? { title: set.title } : {}),
    ...(set.description !== undefined ? { description: set.description } : {}),
    ...(publicData ? { publicData } : {}),
  });
  if (clean.title !== undefined) set.title = clean.title;
  if (clean.description !== undefined) set.description = clean.description;
  return clean.publicData ? { set, publicData: clean.publicData } : { set };
}

export const defaultPrice = (): Money => ({ amount: 0, currency: marketplaceCurrency });

/**
 * The public point to store with a change (§5 fuzzy location): a fresh secure draw when the place
 * is new or moved, nothing when it is the same place again. Saving the same place never redraws:
 * many draws around one point would average out to it.
 */
export function publicPointWrite(
  set: Partial<ListingRecord>,
  current?: Pick<ListingRecord, 'geolocation' | 'publicGeolocation'>,
): Partial<Pick<ListingRecord, 'publicGeolocation'>> {
  const exact = set.geolocation;
  if (!exact) return {};
  const same = current?.geolocation?.lat === exact.lat && current.geolocation.lng === exact.lng;
  if (same && current?.publicGeolocation) return {};
  return { publicGeolocation: drawPublicPoint(exact) };
}
