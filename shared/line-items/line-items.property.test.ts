import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeLineItems, reverseLineItems } from './compute';
import { assertValidLineItems, type LineItem, lineItemCodes } from './line-item';
import { marketplaceTake, payinTotal, payoutTotal, sumOfCode } from './totals';

/** Properties of every order's lines, on random prices, quantities, deliveries and percentages. */
const usd = (amount: number) => ({ amount, currency: 'USD' });
const line = (lines: LineItem[], code: string) => lines.find((l) => l.code === code);

const money = (max: number) => fc.integer({ min: 0, max }).map(usd);
const orderArb = fc.record({
  price: money(10_000_000),
  oneItem: money(100_000),
  additionalItems: money(100_000),
  quantity: fc.integer({ min: 1, max: 1000 }),
  deliveryMethod: fc.constantFrom('pickup', 'shipping') as fc.Arbitrary<'pickup' | 'shipping'>,
  providerCommissionPercent: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
  customerCommissionPercent: fc.integer({ min: 0, max: 5_000 }).map((n) => n / 100),
  taxPercent: fc.integer({ min: 0, max: 3_000 }).map((n) => n / 100),
});

type Order = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;

function linesOf(o: Order) {
  return computeLineItems(
    {
      price: o.price,
      pickupEnabled: true,
      shippingEnabled: true,
      shippingFee: { oneItem: o.oneItem, additionalItems: o.additionalItems },
    },
    { quantity: o.quantity, deliveryMethod: o.deliveryMethod },
    {
      currency: 'USD',
      providerCommissionPercent: o.providerCommissionPercent,
      customerCommissionPercent: o.customerCommissionPercent,
      taxPercent: o.taxPercent,
    },
  );
}

describe('line item properties', () => {
  it('payin − payout = customer commission − provider commission', () => {
    fc.assert(
      fc.property(orderArb, (o) => {
        const lines = linesOf(o);
        const commissions =
          sumOfCode(lines, lineItemCodes.customerCommission).amount -
          sumOfCode(lines, lineItemCodes.providerCommission).amount;
        expect(payinTotal(lines).amount - payoutTotal(lines).amount).toBe(commissions);
        expect(marketplaceTake(lines).amount).toBe(commissions);
      }),
    );
  });
  it('payout is never negative and commissions keep their signs', () => {
    fc.assert(
      fc.property(orderArb, (o) => {
        const lines = linesOf(o);
        expect(payoutTotal(lines).amount).toBeGreaterThanOrEqual(0);
        expect(payinTotal(lines).amount).toBeGreaterThanOrEqual(payoutTotal(lines).amount);
        expect(() => assertValidLineItems(lines)).not.toThrow();
      }),
    );
  });
  it('totals equal the sum of the lines each party sees, and every line total is an integer', () => {
    fc.assert(
      fc.property(orderArb, (o) => {
        const lines = linesOf(o);
        const sum = (party: 'customer' | 'provider') =>
          lines.filter((l) => l.includeFor.includes(party)).reduce((acc, l) => acc + l.lineTotal.amount, 0);
        expect(payinTotal(lines).amount).toBe(sum('customer'));
        expect(payoutTotal(lines).amount).toBe(sum('provider'));
        for (const l of lines) {
          expect(Number.isSafeInteger(l.lineTotal.amount)).toBe(true);
          if (l.quantity !== undefined) expect(l.lineTotal.amount).toBe(l.unitPrice.amount * l.quantity);
        }
      }),
    );
  });
  it('the provider commission is −round(percent of the item subtotal), never of shipping', () => {
    fc.assert(
      fc.property(orderArb, (o) => {
        const lines = linesOf(o);
        const subtotal = o.price.amount * o.quantity;
        const commission = sumOfCode(lines, lineItemCodes.providerCommission).amount;
        const exact = (subtotal * o.providerCommissionPercent) / 100;
        expect(Math.abs(-commission - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
        expect(line(lines, lineItemCodes.providerCommission)?.unitPrice.amount).toBe(subtotal);
      }),
    );
  });
  it('reversals cancel every total', () => {
    fc.assert(
      fc.property(orderArb, (o) => {
        const lines = linesOf(o);
        const all = [...lines, ...reverseLineItems(lines)];
        expect(payinTotal(all).amount).toBe(0);
        expect(payoutTotal(all).amount).toBe(0);
      }),
    );
  });
});
