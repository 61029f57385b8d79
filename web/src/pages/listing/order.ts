import type { Listing } from '../../../../shared/api/types';
import type { DeliveryMethod } from '../../../../shared/config/listing-fields';
import {
  deliveryOptions,
  type PurchaseBlock,
  purchaseBlock,
  quantityOptions,
} from '../../../../shared/listings';
import { checkoutPath, editListingPath } from '../../../../shared/pages';
import { productOrderMessages } from '../../../../shared/validation/messages';

/**
 * Why the order panel shows no form (§2: closed, own listing, stock 0), or undefined when the
 * listing can be bought. The seller's payout onboarding is checked at checkout (the public listing
 * does not say), so it does not block the panel here.
 */
export function orderBlock(listing: Listing, viewerId: string | undefined): PurchaseBlock | undefined {
  return purchaseBlock(
    {
      state: listing.state,
      currentStock: listing.currentStock,
      authorId: listing.author.id,
    },
    viewerId,
    true,
  );
}

/** The product order form's choices (§5): what to show and what is preselected. */
export function orderChoices(listing: Pick<Listing, 'publicData' | 'currentStock'>) {
  const delivery = deliveryOptions(listing.publicData);
  const quantity = quantityOptions(listing.currentStock);
  return { delivery, quantity };
}

export interface OrderValues {
  quantity: string;
  deliveryMethod: string;
}

export type OrderErrors = Partial<Record<keyof OrderValues, string>>;

/** The form's errors (§5 deliveryMethodRequired, quantityRequired), empty when it can be sent. */
export function validateOrder(values: OrderValues, listing: Listing): OrderErrors {
  const { delivery, quantity } = orderChoices(listing);
  const errors: OrderErrors = {};
  const count = Number(values.quantity);
  if (!values.quantity || !Number.isInteger(count) || count < 1 || count > quantity.options.length) {
    errors.quantity = productOrderMessages.quantityRequired;
  }
  if (!(delivery.options as string[]).includes(values.deliveryMethod)) {
    errors.deliveryMethod = productOrderMessages.deliveryMethodRequired;
  }
  return errors;
}

/** The form's starting values: quantity 1 when stock is 1; the one delivery method when only one is on. */
export function initialOrderValues(listing: Listing): OrderValues {
  const { delivery, quantity } = orderChoices(listing);
  return { quantity: quantity.fixed ? '1' : '', deliveryMethod: delivery.preselected ?? '' };
}

/** `/l/{slug}/{id}/checkout?deliveryMethod=…&quantity=…`: where a valid order goes. */
export function checkoutHref(
  listing: Pick<Listing, 'id' | 'slug' | 'title'>,
  order: { deliveryMethod: DeliveryMethod; quantity: number },
): string {
  return checkoutPath(
    listing,
    new URLSearchParams({ deliveryMethod: order.deliveryMethod, quantity: String(order.quantity) }),
  );
}

/** The edit page of an own listing (the own-listing notice links there). */
export function editListingHref(listing: Pick<Listing, 'id' | 'slug' | 'title'>): string {
  return editListingPath(listing, 'edit', 'details');
}
