/** What a line item is: its code, who sees it, how its total is made; and the rules every one obeys. */
import type { Money } from '../money';

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
