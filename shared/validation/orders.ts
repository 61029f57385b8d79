/**
 * Order forms (§5): review, dispute, enquiry, the product order form and the booking dates form.
 * The product and booking checks return the spec's message keys; `*Message` turns a key into text.
 */
import {
  isOutsideAvailabilityWindow,
  meetsMinimumNights,
  rangeSpansBlockedDay,
  startOfUtcDay,
} from '../booking';
import { isCarrierId } from '../config/carriers';
import { limits } from '../config/constants';
import type { DeliveryMethod } from '../config/listing-fields';
import { marketplaceCurrency } from '../config/marketplace';
import type { Money } from '../money';
import {
  composeValidators,
  type FieldErrors,
  maxLength,
  parseInteger,
  required,
  VALID,
  type Validator,
  validateFields,
} from './core';
import {
  type BookingMessageKey,
  bookingMessages,
  enquiryMessages,
  type ProductOrderMessageKey,
  productOrderMessages,
  reviewMessages,
  shipmentMessages,
} from './messages';

/** Rating: a whole number from 1 to 5 (§5). */
export const ratingValidator: Validator<unknown> = (value) => {
  const n = parseInteger(value);
  return n !== null && n >= limits.ratingMin && n <= limits.ratingMax ? VALID : reviewMessages.ratingRequired;
};

export interface ReviewValues {
  reviewRating: number | string;
  reviewContent: string;
}

export function validateReview(values: Partial<ReviewValues>): FieldErrors<ReviewValues> {
  return validateFields(values, {
    reviewRating: ratingValidator,
    reviewContent: composeValidators(
      required(reviewMessages.contentRequired),
      maxLength(reviewMessages.contentTooLong, limits.textAreaMaxLength),
    ),
  });
}

export interface ShipmentValues {
  carrier: string;
  trackingNumber: string;
}

/** Whether mark shipped asks for the carrier and tracking number: shipped orders do (terms §1), pickups do not. */
export function shipmentRequired(deliveryMethod: DeliveryMethod | undefined): boolean {
  return deliveryMethod !== 'pickup';
}

/** The tracking number as the seller meant it: trimmed; anything but text is none. */
export function trackingNumberOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** A tracking number: required, at most 100 characters once trimmed. */
export const trackingNumberValidator: Validator<unknown> = composeValidators(
  required(shipmentMessages.trackingNumberRequired),
  (value) =>
    typeof value === 'string' && value.trim().length <= limits.trackingNumberMaxLength
      ? VALID
      : shipmentMessages.trackingNumberTooLong,
);

/**
 * Mark shipped (the terms: "ship and give a tracking number within 5 days"): a shipped order
 * needs a carrier of `shared/config/carriers.ts` and a tracking number of at most 100 characters. A
 * pickup is handed over: nothing to give.
 */
export function validateShipment(
  values: Partial<Record<keyof ShipmentValues, unknown>>,
  deliveryMethod: DeliveryMethod | undefined,
): FieldErrors<ShipmentValues> {
  if (!shipmentRequired(deliveryMethod)) return {};
  return validateFields(values, {
    carrier: (value) => (isCarrierId(value) ? VALID : shipmentMessages.carrierRequired),
    trackingNumber: trackingNumberValidator,
  });
}

export const enquiryMessageValidator: Validator<unknown> = composeValidators(
  required(enquiryMessages.messageRequired),
  maxLength(enquiryMessages.messageTooLong, limits.textAreaMaxLength),
);

export interface OrderListing {
  authorId: string;
  price?: Money | null;
  currentStock?: number;
  pickupEnabled?: boolean;
  shippingEnabled?: boolean;
}

export interface ProductOrderInput {
  listing: OrderListing;
  viewerId?: string;
  quantity?: number | string | null;
  deliveryMethod?: DeliveryMethod | string | null;
  currency?: string;
}

/**
 * The first problem with a product order (§5), as the spec's message key, or undefined when the
 * order can be placed: listingPriceMissing, listingCurrencyInvalid, ownListing, noDeliveryMethodSet,
 * quantityRequired (missing or under 1), quantityTooLarge (over stock), deliveryMethodRequired
 * (missing or not enabled on the listing).
 */
export function checkProductOrder(input: ProductOrderInput): ProductOrderMessageKey | undefined {
  const { listing } = input;
  if (!listing.price) return 'listingPriceMissing';
  if (listing.price.currency !== (input.currency ?? marketplaceCurrency)) return 'listingCurrencyInvalid';
  if (input.viewerId !== undefined && input.viewerId === listing.authorId) return 'ownListing';
  if (!listing.pickupEnabled && !listing.shippingEnabled) return 'noDeliveryMethodSet';
  const quantity = parseInteger(input.quantity);
  if (quantity === null || quantity < limits.minimumQuantity) return 'quantityRequired';
  if (listing.currentStock !== undefined && quantity > listing.currentStock) return 'quantityTooLarge';
  const method = input.deliveryMethod;
  const enabled =
    (method === 'pickup' && listing.pickupEnabled) || (method === 'shipping' && listing.shippingEnabled);
  if (!enabled) return 'deliveryMethodRequired';
  return undefined;
}

export function productOrderMessage(key: ProductOrderMessageKey): string {
  return productOrderMessages[key];
}

/** A single booking date (§5 requiredDate). */
export const bookingDateValidator: Validator<{ date?: Date | null } | null | undefined> = (value) =>
  isValidDate(value?.date) ? VALID : bookingMessages.requiredDate;

/** A date range needs both dates (§5 invalidStartDate, invalidEndDate). */
export const bookingDatesValidator: Validator<
  { startDate?: Date | null; endDate?: Date | null } | null | undefined
> = (value) => {
  if (!isValidDate(value?.startDate)) return bookingMessages.invalidStartDate;
  if (!isValidDate(value?.endDate)) return bookingMessages.invalidEndDate;
  return VALID;
};

function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

export interface BookingRangeInput {
  unitType: 'night' | 'day';
  startDate?: Date | null;
  endDate?: Date | null;
  today: Date;
  availableDays?: number;
  /** Whether a day is unavailable (time slots, exceptions); the window is always checked. */
  isBlocked?: (day: Date) => boolean;
  listing?: OrderListing;
  viewerId?: string;
}

/**
 * The first problem with a booking range, as the spec's message key: listing checks, then
 * invalidStartDate / invalidEndDate (missing, outside the window, end before start), minimumNights,
 * and unavailableDays when the range spans a blocked day.
 */
export function checkBookingRange(input: BookingRangeInput): BookingMessageKey | undefined {
  const { listing } = input;
  if (listing) {
    if (!listing.price) return 'listingPriceMissing';
    if (listing.price.currency !== marketplaceCurrency) return 'listingCurrencyInvalid';
    if (input.viewerId !== undefined && input.viewerId === listing.authorId) return 'ownListing';
  }
  const { startDate, endDate, today, availableDays, unitType } = input;
  if (!isValidDate(startDate) || isOutsideAvailabilityWindow(startDate, today, availableDays)) {
    return 'invalidStartDate';
  }
  if (!isValidDate(endDate) || startOfUtcDay(endDate).getTime() < startOfUtcDay(startDate).getTime()) {
    return 'invalidEndDate';
  }
  if (!meetsMinimumNights(unitType, startDate, endDate)) return 'minimumNights';
  // Days outside the window count as unavailable; a night range's check-out day is not occupied.
  const blocked = (day: Date) =>
    isOutsideAvailabilityWindow(day, today, availableDays) ||
    (input.isBlocked ? input.isBlocked(day) : false);
  if (rangeSpansBlockedDay(unitType, startDate, endDate, blocked)) return 'unavailableDays';
  return undefined;
}

export function bookingMessage(key: BookingMessageKey): string {
  return bookingMessages[key];
}
