/**
 * Computing an order's line items (§3, DESIGN.md "Money and configuration"), and their reversal
 * for a refund.
 *
 * Rounding rule: every percentage line (provider commission, customer commission, tax) is
 * computed exactly in integers from its base in minor units and rounded half up on the magnitude to
 * the nearest minor unit, then the sign is applied: a 10 % commission of 1005 cents is 100.5 →
 * 101 cents (−101 for the provider). Quantity lines (units, shipping) are exact integer products.
 * So every `lineTotal` is an integer, and payinTotal − payoutTotal equals the commissions exactly.
 */
import type { DeliveryMethod, UnitType } from '../config/listing-fields';
import {
  commissionPercent,
  customerCommissionPercent,
  marketplaceCurrency,
  taxPercent,
} from '../config/marketplace';
import { addMoney, type Money, multiplyMoney, negateMoney, sumMoney } from '../money';
import { type LineItem, type LineItemCode, LineItemError, lineItemCodes, type Party } from './line-item';

/** round(base × percent / 100), half up on the magnitude, sign of base × percent. Exact. */
export function percentageOf(base: number, percent: number): number {
  const hundredths = Math.round(percent * 100);
  if (Math.abs(hundredths - percent * 100) > 1e-9) {
    throw new LineItemError('invalid-percentage', `Percentage has more than 2 decimals: ${percent}`);
  }
  const product = BigInt(base) * BigInt(hundredths);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude + 5000n) / 10000n;
  const result = Number(negative ? -rounded : rounded);
  return result === 0 ? 0 : result;
}

function quantityLine(code: LineItemCode, unitPrice: Money, quantity: number, includeFor: Party[]): LineItem {
  return {
    code,
    unitPrice,
    quantity,
    includeFor,
    lineTotal: multiplyMoney(unitPrice, quantity),
    reversal: false,
  };
}

function percentageLine(code: LineItemCode, base: Money, percentage: number, includeFor: Party[]): LineItem {
  return {
    code,
    unitPrice: base,
    percentage,
    includeFor,
    lineTotal: { amount: percentageOf(base.amount, percentage), currency: base.currency },
    reversal: false,
  };
}

export interface ShippingFee {
  oneItem: Money;
  additionalItems: Money;
}

/** What the line items need from the listing. */
export interface LineItemListing {
  price?: Money | null;
  pickupEnabled?: boolean;
  shippingEnabled?: boolean;
  shippingFee?: ShippingFee | null;
}

/** What the buyer asked for. */
export interface LineItemOrder {
  /** Items for `units`; nights, days or hours for booking units (see booking.ts). */
  quantity: number;
  unitType?: UnitType;
  /** Required for `units` (product orders); ignored for bookings. */
  deliveryMethod?: DeliveryMethod;
}

export interface LineItemConfig {
  currency: string;
  /** Positive number: the provider's commission is minus this percentage of the item subtotal. */
  providerCommissionPercent: number;
  customerCommissionPercent: number;
  taxPercent: number;
}

export const defaultLineItemConfig: LineItemConfig = {
  currency: marketplaceCurrency,
  providerCommissionPercent: commissionPercent,
  customerCommissionPercent,
  taxPercent,
};

/** Shipping: one item + additional items × (quantity − 1) (§3, DESIGN.md). */
export function shippingFeeFor(fee: ShippingFee, quantity: number): Money {
  return addMoney(fee.oneItem, multiplyMoney(fee.additionalItems, quantity - 1));
}

function checkPercent(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0 || value > 100) {
    throw new LineItemError('invalid-percentage', `${name} must be between 0 and 100: ${value}`);
  }
}

/**
 * The line items of an order. Product orders (`units`) get the item line, then the delivery line
 * (`shipping-fee`, or a zero `pickup-fee`), the provider commission (−10 % of the item subtotal,
 * never of shipping), the customer commission when configured above 0, and tax when configured
 * above 0 (on items + delivery, for both parties). Booking units get the unit line and commissions.
 */
export function computeLineItems(
  listing: LineItemListing,
  order: LineItemOrder,
  config: LineItemConfig = defaultLineItemConfig,
): LineItem[] {
  const price = listing.price;
  if (!price) throw new LineItemError('price-missing', 'The listing has no price.');
  if (price.currency !== config.currency) {
    throw new LineItemError(
      'currency-invalid',
      `Listing currency ${price.currency} is not ${config.currency}.`,
    );
  }
  const { quantity } = order;
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw new LineItemError('invalid-quantity', `Quantity must be a whole number of at least 1: ${quantity}`);
  }
  checkPercent('Provider commission', config.providerCommissionPercent);
  checkPercent('Customer commission', config.customerCommissionPercent);
  checkPercent('Tax', config.taxPercent);

  const unitType = order.unitType ?? 'units';
  const both: Party[] = ['customer', 'provider'];
  const itemLine = quantityLine(lineItemCodes[unitType], price, quantity, both);
  const lines: LineItem[] = [itemLine];

  if (unitType === 'units') {
    lines.push(deliveryLine(listing, order, price.currency));
  }

  const subtotal = itemLine.lineTotal;
  lines.push(
    percentageLine(lineItemCodes.providerCommission, subtotal, -config.providerCommissionPercent, [
      'provider',
    ]),
  );
  if (config.customerCommissionPercent > 0) {
    lines.push(
      percentageLine(lineItemCodes.customerCommission, subtotal, config.customerCommissionPercent, [
        'customer',
      ]),
    );
  }
  if (config.taxPercent > 0) {
    const taxable = sumMoney(
      lines
        .filter((l) => l.code === itemLine.code || l.code === lineItemCodes.shippingFee)
        .map((l) => l.lineTotal),
      price.currency,
    );
    lines.push(percentageLine(lineItemCodes.tax, taxable, config.taxPercent, both));
  }
  return lines;
}

function deliveryLine(listing: LineItemListing, order: LineItemOrder, currency: string): LineItem {
  const both: Party[] = ['customer', 'provider'];
  switch (order.deliveryMethod) {
    case 'shipping': {
      if (!listing.shippingEnabled) {
        throw new LineItemError('delivery-method-unavailable', 'Shipping is not enabled for this listing.');
      }
      if (!listing.shippingFee)
        throw new LineItemError('shipping-fee-missing', 'The listing has no shipping fee.');
      const { oneItem, additionalItems } = listing.shippingFee;
      if (oneItem.currency !== currency || additionalItems.currency !== currency) {
        throw new LineItemError('currency-invalid', 'Shipping fee currency differs from the price currency.');
      }
      return quantityLine(
        lineItemCodes.shippingFee,
        shippingFeeFor(listing.shippingFee, order.quantity),
        1,
        both,
      );
    }
    case 'pickup':
      if (!listing.pickupEnabled) {
        throw new LineItemError('delivery-method-unavailable', 'Pickup is not enabled for this listing.');
      }
      return quantityLine(lineItemCodes.pickupFee, { amount: 0, currency }, 1, both);
    default:
      throw new LineItemError('delivery-method-required', 'A delivery method is required.');
  }
}

/**
 * Reversal lines for a full refund: the same lines with `reversal: true` and negated quantity or
 * percentage and lineTotal, so that the lines plus their reversals sum to zero for both parties.
 */
export function reverseLineItems(lines: readonly LineItem[]): LineItem[] {
  return lines
    .filter((l) => !l.reversal)
    .map((l) => ({
      ...l,
      includeFor: [...l.includeFor],
      ...(l.quantity !== undefined ? { quantity: -l.quantity } : {}),
      ...(l.percentage !== undefined ? { percentage: -l.percentage } : {}),
      lineTotal: negateMoney(l.lineTotal),
      reversal: true,
    }));
}
