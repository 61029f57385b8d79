/**
 * The checkout's validation (spec §5, §8; exact messages from shared/validation): the order problems
 * that stop the whole checkout, and the form's field messages.
 */
import type { Listing } from '../../../../shared/api/types';
import { messages } from '../../../../shared/errors/catalogue';
import { shipsToRefusal } from '../../../../shared/ships-to';
import {
  validateBillingAddress,
  validatePaymentForm,
  validateShippingAddress,
} from '../../../../shared/validation/addresses';
import { type ProductOrderMessageKey, productOrderMessages } from '../../../../shared/validation/messages';
import { checkProductOrder } from '../../../../shared/validation/orders';
import { validateCardForm } from '../account/payment-methods/card-rules';
import { type CheckoutContext, checkoutLayout } from './layout';
import type { CheckoutValues } from './values';

export type CheckoutErrors = Partial<Record<keyof CheckoutValues, string>>;

/** The order problem that stops the whole checkout (no field can fix it), as the spec's key. */
export type BlockingOrderKey = Exclude<
  ProductOrderMessageKey,
  'deliveryMethodRequired' | 'quantityRequired' | 'quantityTooLarge'
>;

/** Order problems no field can fix: own listing, no price, another currency, no delivery method. */
export function blockingOrderProblem(
  listing: Listing,
  viewerId: string | undefined,
): BlockingOrderKey | undefined {
  const key = checkProductOrder({
    listing: orderListing(listing),
    viewerId,
    quantity: 1,
    deliveryMethod: listing.publicData.pickupEnabled ? 'pickup' : 'shipping',
  });
  return key === 'deliveryMethodRequired' || key === 'quantityRequired' || key === 'quantityTooLarge'
    ? undefined
    : key;
}

/** Why this listing cannot be bought here (no form), or undefined. */
export function checkoutBlock(listing: Listing, viewerId: string | undefined): string | undefined {
  if (listing.state !== 'published') return messages.listingUnavailable;
  if (viewerId && viewerId === listing.author.id) return productOrderMessages.ownListing;
  if (listing.currentStock <= 0) return messages.notEnoughStock;
  const key = blockingOrderProblem(listing, viewerId);
  return key ? productOrderMessages[key] : undefined;
}

/** The listing as `checkProductOrder` reads it. */
export function orderListing(listing: Listing) {
  return {
    authorId: listing.author.id,
    price: listing.price,
    currentStock: listing.currentStock,
    pickupEnabled: Boolean(listing.publicData.pickupEnabled),
    shippingEnabled: Boolean(listing.publicData.shippingEnabled),
  };
}

/**
 * The form's field messages (§5, exact texts): the product order (delivery method, quantity), the
 * shipping address when shipping, and for card payments the card holder's name, the billing address
 * and, for a new card in simulated mode, the test card fields. PayPal needs no card fields.
 */
export function validateCheckout(
  values: CheckoutValues,
  listing: Listing,
  context: CheckoutContext,
): CheckoutErrors {
  const errors: CheckoutErrors = {};
  const key = checkProductOrder({
    listing: orderListing(listing),
    quantity: values.quantity,
    deliveryMethod: values.deliveryMethod,
  });
  if (key === 'quantityRequired' || key === 'quantityTooLarge') errors.quantity = productOrderMessages[key];
  if (key === 'deliveryMethodRequired' || (!key && !values.deliveryMethod))
    errors.deliveryMethod = productOrderMessages.deliveryMethodRequired;
  // checkProductOrder stops at the first problem; the delivery method is checked on its own too.
  if (key === 'quantityRequired' || key === 'quantityTooLarge') {
    const method = values.deliveryMethod;
    const enabled =
      (method === 'pickup' && listing.publicData.pickupEnabled) ||
      (method === 'shipping' && listing.publicData.shippingEnabled);
    if (!enabled) errors.deliveryMethod = productOrderMessages.deliveryMethodRequired;
  }
  if (values.deliveryMethod === 'shipping') {
    Object.assign(errors, validateShippingAddress(values));
    // Where the listing ships (the API refuses the rest with the same message).
    const refusal = values.recipientCountry
      ? shipsToRefusal(listing.publicData, values.recipientCountry)
      : undefined;
    if (refusal) errors.recipientCountry = refusal;
  }
  if (values.paymentMethod === 'card' || context.enquiry) {
    const layout = checkoutLayout(listing, values, context);
    Object.assign(
      errors,
      validatePaymentForm(values),
      layout.billingFields ? validateBillingAddress(values) : {},
    );
    if (layout.card === 'simulated') Object.assign(errors, validateCardForm(values));
  }
  return errors;
}
