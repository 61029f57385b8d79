/** Where the item goes: the shipping address or the pickup place, per role and state. */
import type { PickupLocation, TransactionView } from '../../../../../shared/api/transactions';
import { fulfilmentStates, type Role } from '../../../../../shared/process/graph';
import type { ShippingAddressValues } from '../../../../../shared/validation/addresses';

export type DeliverySection =
  | { kind: 'shipping'; heading: 'Ship to' | 'Shipping to'; address: ShippingAddressValues; copy: boolean }
  | { kind: 'pickup'; heading: string; place: PickupLocation }
  | { kind: 'pickup-pending' };

/**
 * What the page shows of the delivery: the seller's "Ship to" with a copy button while the order
 * is open (purchased, shipped, disputed); the buyer's "Shipping to" (their own address); for a pickup
 * the place to collect the item (the API sends it to the buyer only once paid; until then the page
 * says when it comes) or, for the seller, where the buyer will come.
 */
export function deliverySection(
  tx: Pick<TransactionView, 'state' | 'orderData' | 'protectedData'>,
  role: Role,
): DeliverySection | undefined {
  if (tx.orderData.deliveryMethod === 'pickup') {
    const place = tx.protectedData.pickupLocation;
    if (role === 'customer') {
      if (place) return { kind: 'pickup', heading: 'Pickup address', place };
      return tx.state === 'pending-payment' ? { kind: 'pickup-pending' } : undefined;
    }
    return place && fulfilmentStates.includes(tx.state)
      ? { kind: 'pickup', heading: 'The buyer collects it at', place }
      : undefined;
  }
  const address = tx.protectedData.shippingDetails ?? tx.orderData.shippingDetails;
  if (!address) return undefined;
  if (role === 'customer') return { kind: 'shipping', heading: 'Shipping to', address, copy: false };
  return fulfilmentStates.includes(tx.state)
    ? { kind: 'shipping', heading: 'Ship to', address, copy: true }
    : undefined;
}
