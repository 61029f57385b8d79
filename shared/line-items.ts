/**
 * Line items of an order (§3, DESIGN.md "Money and configuration"). Computed only on the server;
 * the web app shows what the API returns.
 *
 * Rounding rule: every percentage line (provider commission, customer commission, tax) is
 * computed exactly in integers from its base in minor units and rounded half up on the magnitude to
 * the nearest minor unit, then the sign is applied: a 10 % commission of 1005 cents is 100.5 →
 * 101 cents (−101 for the provider). Quantity lines (units, shipping) are exact integer products.
 * So every `lineTotal` is an integer, and payinTotal − payoutTotal equals the commissions exactly.
 */
import type { DeliveryMethod, UnitType } from './config/listing-fields';
import {
  commissionPercent,
  customerCommissionPercent,
  marketplaceCurrency,
  taxPercent,
} from './config/marketplace';
import { addMoney, type Money, multiplyMoney, negateMoney, sumMoney, toPaypalAmount } from './money';

export const lineItemCodes = {
  night: 'line-item/night',
  day: 'line-item/day',
  hour: 'line-item/hour',
  units: 'line-item/units',
  customerCommission: 'line-item/customer-commission',
  providerCommission: 'line-item/provider-commission',
  shippingFee: 'line-item/shipping-fee',
  pickupFee: 'line-item/pickup-fee',
  tax: 'line-item/tax',
} as const;

export type LineItemCode = `line-item/${string}`;
export type Party = 'customer' | 'provider';

export interface LineItem {
  code: LineItemCode;
  includeFor: Party[];
  unitPrice: Money;
  /** Quantity lines: lineTotal = unitPrice × quantity. */
  quantity?: number;
  /** Percentage lines: lineTotal = round(unitPrice × percentage / 100). */
  percentage?: number;
  lineTotal: Money;
  reversal: boolean;
}

export const LINE_ITEM_PREFIX = 'line-item/';

export function isLineItemCode(code: unknown): code is LineItemCode {
  return (
    typeof code === 'string' && code.startsWith(LINE_ITEM_PREFIX) && code.length > LINE_ITEM_PREFIX.length
  );
}

export type LineItemErrorCode =
  | 'invalid-code'
  | 'invalid-quantity'
  | 'invalid-percentage'
  | 'invalid-commission'
  | 'delivery-method-required'
  | 'delivery-method-unavailable'
  | 'shipping-fee-missing'
  | 'price-missing'
  | 'currency-invalid';

/** A line item rule was broken. The API answers these with `validation-invalid-params` (400). */
export class LineItemError extends Error {
  override readonly name = 'LineItemError';
  constructor(
    readonly code: LineItemErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Throws unless the code starts with `line-item/` (§5). */
export function assertLineItemCode(code: string): asserts code is LineItemCode {
  if (!isLineItemCode(code)) {
    throw new LineItemError('invalid-code', `Line item code must start with "${LINE_ITEM_PREFIX}": ${code}`);
  }
}

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

/** A Money value is a valid customer commission: zero or more (§5). */
export function isValidCustomerCommission(m: Money): boolean {
  return Number.isSafeInteger(m.amount) && m.amount >= 0;
}

/** A Money value is a valid provider commission: zero or less (§5). */
export function isValidProviderCommission(m: Money): boolean {
  return Number.isSafeInteger(m.amount) && m.amount <= 0;
}

/**
 * Checks the commission sign rules and the code rule on a set of (non-reversal) line items: customer
 * commission ≥ 0, provider commission ≤ 0, codes start with `line-item/`; throws LineItemError.
 */
export function assertValidLineItems(lines: readonly LineItem[]): void {
  for (const line of lines) {
    assertLineItemCode(line.code);
    if (line.reversal) continue;
    if (line.code === lineItemCodes.customerCommission && !isValidCustomerCommission(line.lineTotal)) {
      throw new LineItemError(
        'invalid-commission',
        'Commission should be present and the value should be zero or positive.',
      );
    }
    if (line.code === lineItemCodes.providerCommission && !isValidProviderCommission(line.lineTotal)) {
      throw new LineItemError(
        'invalid-commission',
        'Commission should be present and the value should be zero or negative.',
      );
    }
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

/** The lines a party sees (§6): filtered by includeFor, so commissions only show to their payer. */
export function lineItemsFor(party: Party, lines: readonly LineItem[]): LineItem[] {
  return lines.filter((l) => l.includeFor.includes(party));
}

function totalFor(party: Party, lines: readonly LineItem[], currency?: string): Money {
  const own = lineItemsFor(party, lines);
  return sumMoney(
    own.map((l) => l.lineTotal),
    currency ?? lines[0]?.lineTotal.currency ?? marketplaceCurrency,
  );
}

/** What the customer pays: the sum of the customer's lines. */
export function payinTotal(lines: readonly LineItem[], currency?: string): Money {
  return totalFor('customer', lines, currency);
}

/** What the provider gets: the sum of the provider's lines. */
export function payoutTotal(lines: readonly LineItem[], currency?: string): Money {
  return totalFor('provider', lines, currency);
}

/** payin − payout: the marketplace's take (customer commission − provider commission). */
export function marketplaceTake(lines: readonly LineItem[]): Money {
  const payin = payinTotal(lines);
  const payout = payoutTotal(lines, payin.currency);
  return { amount: payin.amount - payout.amount, currency: payin.currency };
}

/** The totals a party sees: payinTotal for customers, payoutTotal for providers (§6). */
export function totalForRole(party: Party, totals: { payinTotal: Money; payoutTotal: Money }): Money {
  return party === 'customer' ? totals.payinTotal : totals.payoutTotal;
}

/** The sum of the lines with a given code (e.g. shipping), non-reversal and reversal alike. */
export function sumOfCode(lines: readonly LineItem[], code: LineItemCode, currency?: string): Money {
  return sumMoney(
    lines.filter((l) => l.code === code).map((l) => l.lineTotal),
    currency ?? lines[0]?.lineTotal.currency ?? marketplaceCurrency,
  );
}

/**
 * The amounts `POST /api/create-paypal-order` needs (§7: subtotal, item_total, shipping, tax,
 * platform_fee, currency) from the line items, as PayPal decimal strings. item_total is what the
 * customer pays for items (units, pickup and customer commission); `subtotal` is the whole payin.
 */
export function paypalOrderAmounts(lines: readonly LineItem[]): {
  currency: string;
  subtotal: string;
  item_total: string;
  shipping: string;
  tax: string;
  platform_fee: string;
} {
  const payin = payinTotal(lines);
  const { currency } = payin;
  const shipping = sumOfCode(lineItemsFor('customer', lines), lineItemCodes.shippingFee, currency);
  const tax = sumOfCode(lineItemsFor('customer', lines), lineItemCodes.tax, currency);
  const items = { amount: payin.amount - shipping.amount - tax.amount, currency };
  return {
    currency,
    subtotal: toPaypalAmount(payin).value,
    item_total: toPaypalAmount(items).value,
    shipping: toPaypalAmount(shipping).value,
    tax: toPaypalAmount(tax).value,
    platform_fee: toPaypalAmount(marketplaceTake(lines)).value,
  };
}

const codeLabels: Record<string, string> = {
  [lineItemCodes.units]: 'Price',
  [lineItemCodes.night]: 'Price per night',
  [lineItemCodes.day]: 'Price per day',
  [lineItemCodes.hour]: 'Price per hour',
  [lineItemCodes.shippingFee]: 'Shipping',
  [lineItemCodes.pickupFee]: 'Pickup',
  [lineItemCodes.customerCommission]: 'Service fee',
  [lineItemCodes.providerCommission]: 'Marketplace fee',
  [lineItemCodes.tax]: 'Tax',
};

/** A line's label in the order breakdown and the order e-mails ("Refund: shipping" for a reversal). */
export function lineItemLabel(line: Pick<LineItem, 'code' | 'reversal'>): string {
  const base =
    codeLabels[line.code] ??
    line.code
      .slice('line-item/'.length)
      .replace(/-/g, ' ')
      .replace(/^./, (c) => c.toUpperCase());
  return line.reversal ? `Refund: ${base.charAt(0).toLowerCase()}${base.slice(1)}` : base;
}
