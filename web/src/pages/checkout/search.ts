/**
 * The checkout page's URL search (`/l/{slug}/{id}/checkout?…`): the route's `validateSearch`
 * (web/src/router.tsx), kept beside the page so the page reads its search typed through the route.
 * It sits in the entry chunk with the route tree, so it imports only small shared modules.
 */
import { type DeliveryMethod, deliveryMethods, isKeyOf } from '../../../../shared/config/listing-fields';
import { isUuid } from '../../../../shared/ids';

/**
 * `?deliveryMethod=&quantity=` as the order panel's `checkoutHref` writes them, and `?transactionId=`
 * from an enquiry's "Buy now" (enquiry mode: the order is made on that transaction).
 */
export interface CheckoutSearch {
  deliveryMethod?: DeliveryMethod;
  quantity?: number;
  transactionId?: string;
}

/**
 * Keeps a known delivery method, a whole quantity of 1 or more, and a transaction id in our id
 * format (shared/ids: a UUID, which the API requires too); anything else is dropped.
 */
export function checkoutSearch(raw: Record<string, unknown>): CheckoutSearch {
  const method = raw.deliveryMethod;
  const quantity = Number(raw.quantity);
  const transactionId = raw.transactionId;
  return {
    ...(isKeyOf(deliveryMethods, method) ? { deliveryMethod: method } : {}),
    ...(Number.isInteger(quantity) && quantity >= 1 ? { quantity } : {}),
    ...(isUuid(transactionId) ? { transactionId } : {}),
  };
}
