/**
 * What the order routes share: reading an order from a request body (spec §7 names), the §5 order
 * rules with the spec's messages, the server's price, and whether the seller can be paid by the
 * chosen method. Prices are only ever computed here, by the domain core (shared/line-items.ts).
 */

import type { OrderData, PaymentMethodKind, SpeculativeTransaction } from '../../shared/api/transactions';
import { anyProviderChargeBounds, chargeBounds } from '../../shared/config/charge-limits';
import type { DeliveryMethod } from '../../shared/config/listing-fields';
import type { Money } from '../../shared/money';
import { chargeBoundsRefusal } from '../../shared/process/charges';
import { shipsToRefusal } from '../../shared/ships-to';
import {
  type ShippingAddressValues,
  shippingAddressFields,
  shippingFieldMaxLength,
  validateShippingAddress,
} from '../../shared/validation/addresses';
import { maxLengthMessage } from '../../shared/validation/messages';
import { checkProductOrder, productOrderMessage } from '../../shared/validation/orders';
import { getUser } from '../accounts/repository';
import { paypalPayoutReady, paypalStateOf } from '../accounts/user-record';
import { ApiError, assertValid } from '../lib/errors';
import type { ListingRecord } from '../listings/listing-record';
import { getListingConsistent, isOrderable, type PricedOrder, priceOrder } from './repository';
import { isObject, listingIdOf } from './request';

/** What a quantity that is not a whole number of at least 1 is told, next to the spec's title. */
export const quantityFieldMessage = 'The quantity must be a whole number of at least 1.';

/**
 * The body's `orderData` (`deliveryMethod`, `stockReservationQuantity`, `shippingDetails`) as stored
 * order data. A shipping address field over `shippingFieldMaxLength` characters is a 400 naming the field.
 */
export function parseOrderData(raw: unknown): OrderData {
  const body = isObject(raw) ? raw : {};
  const quantity = body.stockReservationQuantity ?? body.quantity;
  const method = body.deliveryMethod;
  const shipping = isObject(body.shippingDetails) ? body.shippingDetails : undefined;
  const shippingDetails: Partial<ShippingAddressValues> = {};
  const tooLong: Partial<Record<keyof ShippingAddressValues, string>> = {};
  for (const field of shippingAddressFields) {
    const value = shipping?.[field];
    if (typeof value !== 'string' || !value.trim()) continue;
    if (value.trim().length > shippingFieldMaxLength)
      tooLong[field] = maxLengthMessage(shippingFieldMaxLength);
    else shippingDetails[field] = value.trim();
  }
  if (Object.keys(tooLong).length > 0) {
    throw new ApiError('validation-invalid-params', 'The shipping address has a field that is too long.', {
      fields: tooLong,
    });
  }
  return {
    ...(typeof method === 'string' ? { deliveryMethod: method as DeliveryMethod } : {}),
    ...(typeof quantity === 'number' ? { quantity } : {}),
    ...(shipping ? { shippingDetails: shippingDetails as ShippingAddressValues } : {}),
  };
}

/** The payment method named by a body (default card); anything else is a 400. */
export function parsePaymentMethod(value: unknown): PaymentMethodKind {
  if (value === undefined || value === 'card') return 'card';
  if (value === 'paypal') return 'paypal';
  throw new ApiError('validation-invalid-params', 'paymentMethod must be card or paypal.');
}

export interface PriceOptions {
  /** Whether a shipped order needs its address now (an order does; a price check only if given). */
  requireAddress?: boolean;
  /**
   * Who will be asked to charge the pay-in: its bounds apply (shared/config/charge-limits); 'any'
   * before the buyer chose (a price check: some provider must take it).
   */
  chargeWith: PaymentMethodKind | 'any';
}

/**
 * The §5 product-order rules over the listing as it is now, then the server's price. The refusals:
 * 404 not orderable, 403 own listing, 409 not enough stock, 400 with the spec's message for the
 * rest (quantity, delivery method, a shipping address missing a required field), 400 for a pay-in
 * the payment provider cannot take (assertChargeable).
 */
export function priceFor(
  listing: ListingRecord | undefined,
  customerId: string,
  order: OrderData,
  { requireAddress = true, chargeWith }: PriceOptions,
): PricedOrder {
  if (!isOrderable(listing)) throw new ApiError('transaction-listing-not-found');
  const problem = checkProductOrder({
    listing: {
      authorId: listing.authorId,
      price: listing.price,
      currentStock: listing.currentStock,
      pickupEnabled: listing.publicData.pickupEnabled,
      shippingEnabled: listing.publicData.shippingEnabled,
    },
    viewerId: customerId,
    quantity: order.quantity ?? null,
    deliveryMethod: order.deliveryMethod ?? null,
  });
  if (problem === 'ownListing') throw new ApiError('forbidden', productOrderMessage(problem));
  if (problem === 'quantityTooLarge') throw new ApiError('transaction-listing-insufficient-stock');
  // Spec §8: a quantity error is a 400 whose text is 'transition should contain quantity information'.
  if (problem === 'quantityRequired') {
    throw new ApiError('validation-invalid-params', 'transition should contain quantity information', {
      key: problem,
      fields: { stockReservationQuantity: quantityFieldMessage },
    });
  }
  if (problem)
    throw new ApiError('validation-invalid-params', productOrderMessage(problem), { key: problem });
  // An order ships to a complete address; a price (line items) needs one only if it was given.
  if (order.deliveryMethod === 'shipping' && (requireAddress || order.shippingDetails)) {
    assertValid(validateShippingAddress(order.shippingDetails ?? {}));
  }
  // The listing's ships-to setting (issue 24): another destination is refused before any price.
  const destination =
    order.deliveryMethod === 'shipping' ? order.shippingDetails?.recipientCountry : undefined;
  const refusal = destination ? shipsToRefusal(listing.publicData, destination) : undefined;
  if (refusal) {
    throw new ApiError('validation-invalid-params', refusal, {
      key: 'shipsTo',
      fields: { recipientCountry: refusal },
    });
  }
  const priced = priceOrder(listing, customerId, order, 'request-payment');
  assertChargeable(priced.payinTotal, chargeWith);
  return priced;
}

/**
 * A pay-in outside the payment provider's bounds is refused before anyone is charged:
 * 400 `transaction-charge-zero-payin` (§8 amount too low) below the minimum, 400
 * `transaction-charge-too-high` above the maximum; `meta.minimum` / `meta.maximum` say the bound.
 */
export function assertChargeable(payin: Money, chargeWith: PaymentMethodKind | 'any'): void {
  const provider = chargeWith === 'any' ? undefined : chargeWith;
  const refusal = chargeBoundsRefusal(payin, provider);
  if (!refusal) return;
  const bounds = provider ? chargeBounds(provider, payin.currency) : anyProviderChargeBounds(payin.currency);
  const at = (amount: number) => ({ amount, currency: payin.currency });
  const bound = !bounds
    ? {}
    : refusal === 'transaction-charge-too-high'
      ? { maximum: at(bounds.maximumMinor) }
      : { minimum: at(bounds.minimumMinor) };
  throw new ApiError(refusal, undefined, { ...bound, ...(provider ? { paymentMethod: provider } : {}) });
}

/** Reads the listing (consistently) and prices the order on it. */
export async function priceRequestedOrder(
  listingId: unknown,
  customerId: string,
  order: OrderData,
  options: PriceOptions,
): Promise<{ listing: ListingRecord; priced: PricedOrder }> {
  const listing = await getListingConsistent(listingIdOf(listingId));
  const priced = priceFor(listing, customerId, order, options);
  return { listing: listing!, priced };
}

/** What the seller needs to be paid by `method`: a Stripe account with transfers, or PayPal set up. */
export async function sellerPayee(
  sellerId: string,
  method: PaymentMethodKind,
): Promise<{ stripeAccountId?: string; paypalMerchantId?: string }> {
  const seller = await getUser(sellerId);
  // A banned or deleted seller cannot be bought from, whatever their accounts say.
  if (!seller || seller.banned || seller.deleted) throw new ApiError('transaction-missing-stripe-account');
  if (method === 'card') {
    const account = seller?.stripeAccount;
    if (!account?.stripeAccountId || !account.payoutsEnabled) {
      throw new ApiError('transaction-missing-stripe-account');
    }
    return { stripeAccountId: account.stripeAccountId };
  }
  const paypal = paypalStateOf(seller);
  if (!paypal || !paypalPayoutReady(paypal) || !paypal.merchantId) {
    throw new ApiError('transaction-missing-stripe-account');
  }
  return { paypalMerchantId: paypal.merchantId };
}

/**
 * What a speculative initiate or transition answers: the price and the order data, named field by
 * field. The priced order also carries the pickup place for the order to keep; a price check must
 * never hand it out (the buyer learns the street only once paid).
 */
export function speculativeAnswer(priced: PricedOrder): SpeculativeTransaction {
  return {
    speculative: true,
    orderData: priced.orderData,
    lineItems: priced.lineItems,
    payinTotal: priced.payinTotal,
    payoutTotal: priced.payoutTotal,
  };
}
