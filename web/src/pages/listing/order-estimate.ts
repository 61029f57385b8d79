import type { Listing } from '../../../../shared/api/types';
import { type DeliveryMethod, deliveryMethods, isKeyOf } from '../../../../shared/config/listing-fields';
import { computeLineItems, LineItemError, payinTotal } from '../../../../shared/line-items';
import type { Money } from '../../../../shared/money';
import { type BreakdownLine, breakdownLines } from '../transaction/view/breakdown';
import { type OrderValues, orderChoices } from './order';

export interface OrderEstimate {
  /** The buyer's lines as checkout shows them (price × quantity, shipping or pickup, any fee). */
  lines: BreakdownLine[];
  total: Money;
  quantity: number;
  deliveryMethod: DeliveryMethod;
}

/**
 * What the order will cost before "Buy now" (issue 24): the same `computeLineItems` the API prices
 * checkout with, and the buyer's lines and pay-in as checkout shows them, so the figures agree.
 * Until a quantity is chosen it is 1; until a delivery method is chosen, shipping when the listing
 * ships (a buyer wants to see what shipping costs), else pickup. Undefined when the listing cannot
 * be priced (no delivery method, another currency: the form says why).
 */
export function orderEstimate(
  listing: Pick<Listing, 'price' | 'publicData' | 'shippingFee' | 'currentStock'>,
  values: OrderValues,
): OrderEstimate | undefined {
  const { delivery, quantity } = orderChoices(listing);
  const chosenQuantity = Number(values.quantity);
  const count =
    Number.isInteger(chosenQuantity) && chosenQuantity >= 1 && chosenQuantity <= quantity.options.length
      ? chosenQuantity
      : 1;
  const method: DeliveryMethod | undefined =
    isKeyOf(deliveryMethods, values.deliveryMethod) && delivery.options.includes(values.deliveryMethod)
      ? values.deliveryMethod
      : delivery.options.includes('shipping')
        ? 'shipping'
        : delivery.options[0];
  if (!method) return undefined;
  try {
    const lines = computeLineItems(
      {
        price: listing.price,
        pickupEnabled: listing.publicData.pickupEnabled,
        shippingEnabled: listing.publicData.shippingEnabled,
        shippingFee: listing.shippingFee ?? null,
      },
      { quantity: count, deliveryMethod: method },
    );
    return {
      lines: breakdownLines(lines, 'customer'),
      total: payinTotal(lines),
      quantity: count,
      deliveryMethod: method,
    };
  } catch (error) {
    if (error instanceof LineItemError) return undefined;
    throw error;
  }
}
