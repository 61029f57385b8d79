/**
 * The checkout form's values (spec §5 product order / shipping / payment forms): their first values
 * from the order panel's search params and the buyer, and the order data the API takes from them.
 */
import type { CurrentUser } from '../../../../shared/api/account';
import type { SavedCard, SimulatedCardRequest } from '../../../../shared/api/payments';
import type { OrderDataRequest } from '../../../../shared/api/transactions';
import type { Listing } from '../../../../shared/api/types';
import type { DeliveryMethod } from '../../../../shared/config/listing-fields';
import { deliveryOptions, quantityOptions } from '../../../../shared/listings';
import type { ShippingAddressValues } from '../../../../shared/validation/addresses';
import type { BillingDetails } from '../../payments/card-provider';
import {
  type CardFormValues,
  showsExpiredWarning,
  simulatedCardRequest,
} from '../account/payment-methods/card-rules';
import type { CheckoutSearch } from './search';

export type PaymentKind = 'card' | 'paypal';
/** The saved card, or a new one. */
export type CardChoice = 'saved' | 'new';

/** Every field of the checkout form (one react-final-form form). */
export interface CheckoutValues extends Partial<ShippingAddressValues>, CardFormValues {
  deliveryMethod: string;
  quantity: string;
  message?: string;
  paymentMethod: PaymentKind;
  cardChoice: CardChoice;
  saveCard?: boolean;
  /** Card holder's name (§5 payment form). */
  name?: string;
  /** A shipped order paid by card: the billing address is the shipping address (checked at first). */
  billingSameAsShipping?: boolean;
  // Billing (payment) address.
  addressLine1?: string;
  addressLine2?: string;
  postal?: string;
  city?: string;
  state?: string;
  country?: string;
}

/** The user's saved card, when it can still pay (an expired one is not offered). */
export function usableSavedCard(user: CurrentUser | undefined, now = new Date()): SavedCard | undefined {
  const card = user?.payments?.defaultPaymentMethod;
  return card && !showsExpiredWarning(card, now) ? card : undefined;
}

/**
 * The form's first values: the delivery method and quantity of the search params when the listing
 * allows them (one enabled method is preselected; stock 1 fixes quantity 1; otherwise quantity 1),
 * the buyer's name as recipient and card holder, the buyer's saved shipping address, card payment,
 * the saved card when there is one, and the billing address the same as the shipping one.
 */
export function initialCheckoutValues(
  listing: Pick<Listing, 'currentStock' | 'publicData'>,
  search: CheckoutSearch,
  user?: CurrentUser,
  now = new Date(),
): CheckoutValues {
  const delivery = deliveryOptions(listing.publicData);
  const quantity = quantityOptions(listing.currentStock);
  const method =
    delivery.preselected ??
    (search.deliveryMethod && delivery.options.includes(search.deliveryMethod) ? search.deliveryMethod : '');
  const wanted = search.quantity ?? 1;
  const count = quantity.fixed ? 1 : Math.min(Math.max(1, wanted), Math.max(1, quantity.options.length));
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  return {
    deliveryMethod: method,
    quantity: String(count),
    paymentMethod: 'card',
    cardChoice: usableSavedCard(user, now) ? 'saved' : 'new',
    saveCard: false,
    billingSameAsShipping: true,
    message: '',
    ...(fullName ? { name: fullName, recipientName: fullName } : {}),
    ...(user?.phoneNumber ? { recipientPhoneNumber: user.phoneNumber } : {}),
    // The last address used (or saved on the contact details page), recipient included.
    ...user?.shippingAddress,
  };
}

/** The order data the API takes (the quantity travels as `stockReservationQuantity`). */
export function orderDataRequest(values: CheckoutValues): OrderDataRequest {
  const method = values.deliveryMethod as DeliveryMethod;
  const trim = (value: string | undefined) => (value ?? '').trim();
  const shipping: ShippingAddressValues | undefined =
    method === 'shipping'
      ? {
          recipientName: trim(values.recipientName),
          recipientAddressLine1: trim(values.recipientAddressLine1),
          recipientCity: trim(values.recipientCity),
          recipientPostal: trim(values.recipientPostal),
          recipientCountry: trim(values.recipientCountry),
          ...(trim(values.recipientAddressLine2)
            ? { recipientAddressLine2: trim(values.recipientAddressLine2) }
            : {}),
          ...(trim(values.recipientState) ? { recipientState: trim(values.recipientState) } : {}),
          ...(trim(values.recipientPhoneNumber)
            ? { recipientPhoneNumber: trim(values.recipientPhoneNumber) }
            : {}),
        }
      : undefined;
  return {
    deliveryMethod: method,
    stockReservationQuantity: Number(values.quantity),
    ...(shipping ? { shippingDetails: shipping } : {}),
  };
}

/**
 * The card holder for the card provider: the name, and the billing address typed, or the shipping
 * address when "Billing address same as shipping" is checked (a shipped order); undefined when empty.
 */
export function billingDetailsOf(values: CheckoutValues): BillingDetails | undefined {
  const trim = (value: string | undefined) => (value ?? '').trim();
  const sameAsShipping = values.deliveryMethod === 'shipping' && values.billingSameAsShipping === true;
  const [line1, line2, city, state, postal, country] = sameAsShipping
    ? [
        values.recipientAddressLine1,
        values.recipientAddressLine2,
        values.recipientCity,
        values.recipientState,
        values.recipientPostal,
        values.recipientCountry,
      ].map(trim)
    : [
        values.addressLine1,
        values.addressLine2,
        values.city,
        values.state,
        values.postal,
        values.country,
      ].map(trim);
  const address =
    line1 && city && postal && country
      ? {
          line1,
          city,
          postal_code: postal,
          country,
          ...(line2 ? { line2 } : {}),
          ...(state ? { state } : {}),
        }
      : undefined;
  const name = trim(values.name);
  if (!name && !address) return undefined;
  return { ...(name ? { name } : {}), ...(address ? { address } : {}) };
}

/** A card from the simulated fields, for the provider. */
export function typedCard(values: CheckoutValues): SimulatedCardRequest {
  return simulatedCardRequest(values);
}
