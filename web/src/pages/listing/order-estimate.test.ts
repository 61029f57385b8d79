import { describe, expect, it } from 'vitest';
import type { Listing } from '../../../../shared/api/types';
import { orderEstimate } from './order-estimate';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const listing: Pick<Listing, 'price' | 'publicData' | 'shippingFee' | 'currentStock'> = {
  price: usd(50_000),
  publicData: {
    category: 'wheels',
    condition: 'usedGoodCondition',
    pickupEnabled: true,
    shippingEnabled: true,
    location: { city: 'Toronto', region: 'ON', country: 'CA' },
  },
  shippingFee: { oneItem: usd(2_500), additionalItems: usd(1_000) },
  currentStock: 3,
};

const view = (estimate: ReturnType<typeof orderEstimate>) =>
  estimate && {
    lines: estimate.lines.map((line) => [line.label, line.detail, line.amount.amount]),
    total: estimate.total.amount,
  };

describe('the price before "Buy now" (issue 24)', () => {
  it('ships 2: the price × 2, shipping one item + one additional, and the total', () => {
    const estimate = orderEstimate(listing, { quantity: '2', deliveryMethod: 'shipping' });
    expect(view(estimate)).toEqual({
      lines: [
        ['Price', '$500 × 2', 100_000],
        ['Shipping', undefined, 3_500],
      ],
      total: 103_500,
    });
  });

  it('pickup is free; before any choice it shows 1 item with shipping', () => {
    expect(view(orderEstimate(listing, { quantity: '3', deliveryMethod: 'pickup' }))?.total).toBe(150_000);
    const first = orderEstimate(listing, { quantity: '', deliveryMethod: '' });
    expect(first).toMatchObject({ quantity: 1, deliveryMethod: 'shipping', total: usd(52_500) });
  });

  it('pickup only: no shipping line; a listing it cannot price shows nothing', () => {
    const pickupOnly = { ...listing, publicData: { ...listing.publicData, shippingEnabled: false } };
    expect(
      view(orderEstimate(pickupOnly, { quantity: '1', deliveryMethod: '' }))?.lines.map((l) => l[0]),
    ).toEqual(['Price', 'Pickup']);
    const noFee = { ...listing, shippingFee: undefined };
    expect(orderEstimate(noFee, { quantity: '1', deliveryMethod: 'shipping' })).toBeUndefined();
    expect(
      orderEstimate(
        { ...listing, price: { amount: 1, currency: 'EUR' } },
        { quantity: '1', deliveryMethod: 'pickup' },
      ),
    ).toBeUndefined();
  });
});
