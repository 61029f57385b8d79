import { describe, expect, it } from 'vitest';
import { fixtureTransaction } from '../fixtures';
import { breakdownLines, breakdownTotal } from './breakdown';

describe('breakdown', () => {
  const tx = fixtureTransaction();
  it('shows the customer commission only to the customer', () => {
    const labels = breakdownLines(tx.lineItems, 'customer').map((l) => l.label);
    expect(labels).toEqual(['Price', 'Shipping', 'Service fee']);
  });

  it('shows the provider commission only to the provider', () => {
    const lines = breakdownLines(tx.lineItems, 'provider');
    expect(lines.map((l) => l.label)).toEqual(['Price', 'Shipping', 'Marketplace fee']);
    expect(lines[2]?.amount.amount).toBe(-10000);
    expect(lines[0]?.detail).toBe('$500 × 2');
  });

  it('marks refund lines, without the "× quantity" detail; a refund of a $0 line is left out', () => {
    const [line] = breakdownLines([{ ...tx.lineItems[0]!, quantity: -2, reversal: true }], 'customer');
    expect(line?.label).toBe('Refund: price');
    expect(line?.reversal).toBe(true);
    expect(line?.detail).toBeUndefined();
    const zero = { amount: 0, currency: 'USD' };
    const freePickup = {
      ...tx.lineItems[0]!,
      code: 'line-item/pickup-fee' as const,
      lineTotal: zero,
      reversal: true,
    };
    expect(breakdownLines([freePickup], 'customer')).toEqual([]);
  });

  it('totals payin for customers and payout for providers, with the spec label', () => {
    expect(breakdownTotal(tx, 'customer')).toEqual({ label: 'Total price', amount: tx.payinTotal });
    expect(breakdownTotal(tx, 'provider')).toEqual({ label: "You'll make", amount: tx.payoutTotal });
    expect(breakdownTotal({ ...tx, state: 'completed' }, 'provider').label).toBe('You made');
    expect(breakdownTotal({ ...tx, state: 'canceled' }, 'provider').label).toBe('Total price');
  });
});
