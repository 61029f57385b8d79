/**
 * What a party's transition carries besides its name, checked with the spec's rules before the
 * engine applies it (a dispute: functions/orders/dispute.ts): a shipment's carrier and tracking number, a review, a PayPal
 * disbursement; and the §8 answer to a confirm-payment that came too late.
 */

import type { CarrierId } from '../../shared/config/carriers';
import type { DeliveryMethod } from '../../shared/config/listing-fields';
import { messages } from '../../shared/errors/catalogue';
import {
  shipmentRequired,
  trackingNumberOf,
  validateReview,
  validateShipment,
} from '../../shared/validation/orders';
import { ApiError, assertValid } from '../lib/errors';
import type { TransitionParams } from './plan-write';
import type { TransactionRecord } from './record';
import { getTransaction } from './repository';
import { isObject } from './request';
import type { ReviewInput } from './reviews';

/** PayPal ids (orders, captures, disbursements): short letters, digits, dashes and underscores. */
const PAYPAL_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The tracking-number rule: a shipped order is marked delivered with a known carrier and the
 * tracking number the buyer follows the parcel with (trimmed), or 400 with the field messages.
 */
export function shipmentOf(
  data: Record<string, unknown>,
  deliveryMethod: DeliveryMethod | undefined,
): { carrier: CarrierId; trackingNumber: string } {
  const trackingNumber = trackingNumberOf(data.trackingNumber);
  assertValid(validateShipment({ carrier: data.carrier, trackingNumber }, deliveryMethod));
  return { carrier: data.carrier as CarrierId, trackingNumber };
}

/** The protected data a party's transition carries (not a dispute's), checked with the spec's rules. */
export function protectedDataFor(
  name: string,
  raw: unknown,
  tx: Pick<TransactionRecord, 'orderData'>,
): TransitionParams['protectedData'] {
  const data = isObject(raw) ? raw : {};
  if (name === 'mark-delivered' && shipmentRequired(tx.orderData.deliveryMethod)) {
    return shipmentOf(data, tx.orderData.deliveryMethod);
  }
  return undefined;
}

/** A review transition's review (spec §5: rating 1–5 and text required), or 400 with the field messages. */
export function reviewOf(params: Record<string, unknown>): ReviewInput {
  const rating = params.reviewRating;
  const content = typeof params.reviewContent === 'string' ? params.reviewContent.trim() : '';
  assertValid(
    validateReview({ reviewRating: typeof rating === 'number' ? rating : '', reviewContent: content }),
  );
  if (typeof rating !== 'number' || !Number.isInteger(rating)) {
    throw new ApiError('validation-invalid-params', undefined, {
      fields: { reviewRating: 'Rating must be 1 to 5.' },
    });
  }
  return { rating, content };
}

/** A privileged transition's `paypalDisbursementId` (mark-received after a PayPal disbursement), if given. */
export function disbursementOf(value: unknown): TransitionParams['protectedData'] {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !PAYPAL_ID.test(value)) {
    throw new ApiError('validation-invalid-params', 'paypalDisbursementId is not a PayPal disbursement id.');
  }
  return { paypalDisbursementId: value };
}

/** A confirm-payment that lost to the 15-minute timer answers the §8 payment-expired message. */
export async function confirmFailure(error: unknown, transactionId: string, name: string): Promise<unknown> {
  if (
    name !== 'confirm-payment' ||
    !(error instanceof ApiError) ||
    error.code !== 'transaction-invalid-transition'
  ) {
    return error;
  }
  const now = await getTransaction(transactionId);
  return now?.state === 'payment-expired'
    ? new ApiError('transaction-invalid-transition', messages.paymentExpired)
    : error;
}
