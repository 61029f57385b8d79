import { describe, expect, it } from 'vitest';
import {
  computeLineItems,
  defaultLineItemConfig,
  type LineItemConfig,
  percentageOf,
  reverseLineItems,
  shippingFeeFor,
} from './compute';
import {
  assertLineItemCode,
  assertValidLineItems,
  isLineItemCode,
  isValidCustomerCommission,
  isValidProviderCommission,
  type LineItem,
  LineItemError,
  lineItemCodes,
} from './line-item';
import {
  lineItemsFor,
  marketplaceTake,
  payinTotal,
  payoutTotal,
  paypalOrderAmounts,
  sumOfCode,
  totalForRole,
} from './totals';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const listing = {
  price: usd(10_000),
  pickupEnabled: true,
  shippingEnabled: true,
  shippingFee: { oneItem: usd(1_500), additionalItems: usd(500) },
};
const codeOf = (lines: LineItem[]) => lines.map((l) => l.code);
const line = (lines: LineItem[], code: string) => lines.find((l) => l.code === code);

function expectError(fn: () => unknown, code: LineItemError['code']) {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(LineItemError);
    expect((e as LineItemError).code).toBe(code);
    return;
  }
  throw new Error('expected a LineItemError');
}

describe('line item codes', () => {
  it('must start with line-item/', () => {
    expect(isLineItemCode('line-item/units')).toBe(true);
    expect(isLineItemCode('line-item/')).toBe(false);
    expect(isLineItemCode('units')).toBe(false);
    expect(isLineItemCode(5)).toBe(false);
    expect(() => assertLineItemCode('line-item/night')).not.toThrow();
    expectError(() => assertLineItemCode('night'), 'invalid-code');
    expect(Object.values(lineItemCodes)).toEqual([
      'line-item/night',
      'line-item/day',
      'line-item/hour',
      'line-item/units',
      'line-item/customer-commission',
      'line-item/provider-commission',
      'line-item/shipping-fee',
      'line-item/pickup-fee',
      'line-item/tax',
    ]);
  });
});

describe('percentageOf (rounding rule)', () => {
  it('rounds half up on the magnitude', () => {
    expect(percentageOf(1005, 10)).toBe(101);
    expect(percentageOf(1005, -10)).toBe(-101);
    expect(percentageOf(1004, -10)).toBe(-100);
    expect(percentageOf(1006, 10)).toBe(101);
    expect(percentageOf(5, 10)).toBe(1);
    expect(percentageOf(4, 10)).toBe(0);
    expect(Object.is(percentageOf(4, -10), -0)).toBe(false);
    expect(percentageOf(1000, 2.5)).toBe(25);
    expect(percentageOf(Number.MAX_SAFE_INTEGER, 10)).toBe(900719925474099);
    expectError(() => percentageOf(100, 2.555), 'invalid-percentage');
  });
});

describe('computeLineItems', () => {
  it('prices a shipped order: units, shipping, −10 % provider commission of items only', () => {
    const lines = computeLineItems(listing, { quantity: 3, deliveryMethod: 'shipping' });
    expect(codeOf(lines)).toEqual([
      'line-item/units',
      'line-item/shipping-fee',
      'line-item/provider-commission',
    ]);
    expect(line(lines, 'line-item/units')).toEqual({
      code: 'line-item/units',
      unitPrice: usd(10_000),
      quantity: 3,
      includeFor: ['customer', 'provider'],
      lineTotal: usd(30_000),
      reversal: false,
    });
    // one item 15.00 + 2 additional × 5.00
    expect(line(lines, 'line-item/shipping-fee')?.lineTotal).toEqual(usd(2_500));
    expect(line(lines, 'line-item/shipping-fee')?.quantity).toBe(1);
    expect(line(lines, 'line-item/provider-commission')).toEqual({
      code: 'line-item/provider-commission',
      unitPrice: usd(30_000),
      percentage: -10,
      includeFor: ['provider'],
      lineTotal: usd(-3_000),
      reversal: false,
    });
    expect(payinTotal(lines)).toEqual(usd(32_500));
    expect(payoutTotal(lines)).toEqual(usd(29_500));
    expect(marketplaceTake(lines)).toEqual(usd(3_000));
  });
  it('adds a zero pickup fee for pickup', () => {
    const lines = computeLineItems(listing, { quantity: 1, deliveryMethod: 'pickup' });
    expect(codeOf(lines)).toEqual([
      'line-item/units',
      'line-item/pickup-fee',
      'line-item/provider-commission',
    ]);
    expect(line(lines, 'line-item/pickup-fee')?.lineTotal).toEqual(usd(0));
    expect(payinTotal(lines)).toEqual(usd(10_000));
    expect(payoutTotal(lines)).toEqual(usd(9_000));
  });
  it('charges only the one-item fee for a single item', () => {
    expect(shippingFeeFor(listing.shippingFee, 1)).toEqual(usd(1_500));
    expect(shippingFeeFor(listing.shippingFee, 4)).toEqual(usd(3_000));
  });
  it('adds the customer commission and tax when configured', () => {
    const config: LineItemConfig = { ...defaultLineItemConfig, customerCommissionPercent: 5, taxPercent: 13 };
    const lines = computeLineItems(listing, { quantity: 2, deliveryMethod: 'shipping' }, config);
    expect(codeOf(lines)).toEqual([
      'line-item/units',
      'line-item/shipping-fee',
      'line-item/provider-commission',
      'line-item/customer-commission',
      'line-item/tax',
    ]);
    expect(line(lines, 'line-item/customer-commission')).toMatchObject({
      includeFor: ['customer'],
      percentage: 5,
      lineTotal: usd(1_000),
    });
    // tax on items 200.00 + shipping 20.00
    expect(line(lines, 'line-item/tax')).toMatchObject({
      unitPrice: usd(22_000),
      percentage: 13,
      lineTotal: usd(2_860),
    });
    expect(payinTotal(lines)).toEqual(usd(20_000 + 2_000 + 1_000 + 2_860));
    expect(payoutTotal(lines)).toEqual(usd(20_000 + 2_000 - 2_000 + 2_860));
    expect(marketplaceTake(lines)).toEqual(usd(3_000));
  });
  it('prices booking units without delivery', () => {
    const lines = computeLineItems({ price: usd(5_000) }, { quantity: 3, unitType: 'night' });
    expect(codeOf(lines)).toEqual(['line-item/night', 'line-item/provider-commission']);
    expect(payinTotal(lines)).toEqual(usd(15_000));
    expect(codeOf(computeLineItems({ price: usd(1) }, { quantity: 1, unitType: 'hour' }))[0]).toBe(
      'line-item/hour',
    );
    expect(codeOf(computeLineItems({ price: usd(1) }, { quantity: 1, unitType: 'day' }))[0]).toBe(
      'line-item/day',
    );
  });
  it('refuses bad orders', () => {
    expectError(
      () => computeLineItems({ price: null }, { quantity: 1, deliveryMethod: 'pickup' }),
      'price-missing',
    );
    expectError(
      () =>
        computeLineItems(
          { ...listing, price: { amount: 1, currency: 'EUR' } },
          { quantity: 1, deliveryMethod: 'pickup' },
        ),
      'currency-invalid',
    );
    expectError(
      () => computeLineItems(listing, { quantity: 0, deliveryMethod: 'pickup' }),
      'invalid-quantity',
    );
    expectError(
      () => computeLineItems(listing, { quantity: 1.5, deliveryMethod: 'pickup' }),
      'invalid-quantity',
    );
    expectError(() => computeLineItems(listing, { quantity: 1 }), 'delivery-method-required');
    expectError(
      () =>
        computeLineItems({ ...listing, shippingEnabled: false }, { quantity: 1, deliveryMethod: 'shipping' }),
      'delivery-method-unavailable',
    );
    expectError(
      () => computeLineItems({ ...listing, pickupEnabled: false }, { quantity: 1, deliveryMethod: 'pickup' }),
      'delivery-method-unavailable',
    );
    expectError(
      () => computeLineItems({ ...listing, shippingFee: null }, { quantity: 1, deliveryMethod: 'shipping' }),
      'shipping-fee-missing',
    );
    expectError(
      () =>
        computeLineItems(
          { ...listing, shippingFee: { oneItem: { amount: 1, currency: 'EUR' }, additionalItems: usd(1) } },
          { quantity: 1, deliveryMethod: 'shipping' },
        ),
      'currency-invalid',
    );
    expectError(
      () =>
        computeLineItems(
          listing,
          { quantity: 1, deliveryMethod: 'pickup' },
          { ...defaultLineItemConfig, taxPercent: -1 },
        ),
      'invalid-percentage',
    );
    expectError(
      () =>
        computeLineItems(
          listing,
          { quantity: 1, deliveryMethod: 'pickup' },
          { ...defaultLineItemConfig, providerCommissionPercent: 101 },
        ),
      'invalid-percentage',
    );
    expectError(
      () =>
        computeLineItems(
          listing,
          { quantity: 1, deliveryMethod: 'pickup' },
          { ...defaultLineItemConfig, customerCommissionPercent: Number.NaN },
        ),
      'invalid-percentage',
    );
  });
});

describe('commission sign rules (§5)', () => {
  it('customer ≥ 0, provider ≤ 0', () => {
    expect(isValidCustomerCommission(usd(0))).toBe(true);
    expect(isValidCustomerCommission(usd(1))).toBe(true);
    expect(isValidCustomerCommission(usd(-1))).toBe(false);
    expect(isValidProviderCommission(usd(0))).toBe(true);
    expect(isValidProviderCommission(usd(-1))).toBe(true);
    expect(isValidProviderCommission(usd(1))).toBe(false);
    expect(isValidProviderCommission(usd(0.5))).toBe(false);
  });
  it('assertValidLineItems throws on a wrong sign or code', () => {
    const lines = computeLineItems(listing, { quantity: 1, deliveryMethod: 'pickup' });
    expect(() => assertValidLineItems(lines)).not.toThrow();
    expect(() => assertValidLineItems([...lines, ...reverseLineItems(lines)])).not.toThrow();
    const badProvider = lines.map((l) =>
      l.code === lineItemCodes.providerCommission ? { ...l, lineTotal: usd(100) } : l,
    );
    expect(() => assertValidLineItems(badProvider)).toThrow('zero or negative');
    const badCustomer: LineItem = {
      code: lineItemCodes.customerCommission,
      includeFor: ['customer'],
      unitPrice: usd(100),
      percentage: -5,
      lineTotal: usd(-5),
      reversal: false,
    };
    expect(() => assertValidLineItems([badCustomer])).toThrow('zero or positive');
    expect(() => assertValidLineItems([{ ...badCustomer, code: 'units' as never }])).toThrow(LineItemError);
  });
});

describe('reversals, filtering and totals', () => {
  it('reverses every line so totals go to zero', () => {
    const lines = computeLineItems(listing, { quantity: 2, deliveryMethod: 'shipping' });
    const reversals = reverseLineItems(lines);
    expect(reversals.every((l) => l.reversal)).toBe(true);
    expect(reversals[0]).toMatchObject({ quantity: -2, lineTotal: usd(-20_000) });
    expect(reversals.find((l) => l.code === lineItemCodes.providerCommission)).toMatchObject({
      percentage: 10,
      lineTotal: usd(2_000),
    });
    const all = [...lines, ...reversals];
    expect(payinTotal(all)).toEqual(usd(0));
    expect(payoutTotal(all)).toEqual(usd(0));
    expect(reverseLineItems(all)).toHaveLength(lines.length);
  });
  it('filters by includeFor (§6)', () => {
    const config = { ...defaultLineItemConfig, customerCommissionPercent: 5 };
    const lines = computeLineItems(listing, { quantity: 1, deliveryMethod: 'pickup' }, config);
    expect(codeOf(lineItemsFor('customer', lines))).toEqual([
      'line-item/units',
      'line-item/pickup-fee',
      'line-item/customer-commission',
    ]);
    expect(codeOf(lineItemsFor('provider', lines))).toEqual([
      'line-item/units',
      'line-item/pickup-fee',
      'line-item/provider-commission',
    ]);
    const totals = { payinTotal: payinTotal(lines), payoutTotal: payoutTotal(lines) };
    expect(totalForRole('customer', totals)).toEqual(usd(10_500));
    expect(totalForRole('provider', totals)).toEqual(usd(9_000));
  });
  it('sums empty lists to zero', () => {
    expect(payinTotal([])).toEqual(usd(0));
    expect(payoutTotal([], 'EUR')).toEqual({ amount: 0, currency: 'EUR' });
    expect(sumOfCode([], lineItemCodes.tax)).toEqual(usd(0));
  });
  it('gives the PayPal order amounts (§7)', () => {
    const config = { ...defaultLineItemConfig, customerCommissionPercent: 5, taxPercent: 10 };
    const lines = computeLineItems(listing, { quantity: 2, deliveryMethod: 'shipping' }, config);
    expect(paypalOrderAmounts(lines)).toEqual({
      currency: 'USD',
      subtotal: '252.00',
      item_total: '210.00',
      shipping: '20.00',
      tax: '22.00',
      platform_fee: '30.00',
    });
  });
});
