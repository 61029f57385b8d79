import { describe, expect, it } from 'vitest';
import type { Listing, PublicUser } from '../../../shared/api/types';
import { deliveryOptions, listingDetails } from './listing-details';
import { bioPreviewLength, truncateText } from './text';
import { hasProfile, userDisplayName, userInitials } from './users';

describe('truncateText', () => {
  it('leaves short text alone', () => {
    expect(truncateText('Hello')).toEqual({ text: 'Hello', truncated: false });
    const exact = 'a'.repeat(bioPreviewLength);
    expect(truncateText(exact)).toEqual({ text: exact, truncated: false });
  });

  it('cuts at 170 characters with an ellipsis', () => {
    const result = truncateText('b'.repeat(200));
    expect(result.truncated).toBe(true);
    expect(result.text).toBe(`${'b'.repeat(170)}…`);
  });

  it('does not split emoji', () => {
    const result = truncateText('🚲'.repeat(171));
    expect(Array.from(result.text)).toHaveLength(171);
    expect(result.text.endsWith('🚲…')).toBe(true);
  });
});

const publicData: Listing['publicData'] = {
  category: 'roadBikes',
  condition: 'usedLikeNew',
  brand: 'Trek',
  year: 2021,
  frameSize: 'm',
  frameMaterial: 'carbonFiber',
  wheelSize: '700c',
  colour: '',
  pickupEnabled: true,
  shippingEnabled: true,
  location: { city: 'Toronto', region: 'ON', country: 'CA' },
};

describe('listingDetails', () => {
  it('lists filled fields with labels', () => {
    expect(listingDetails(publicData).map((row) => [row.label, row.value])).toEqual([
      ['Category', 'Road bikes'],
      ['Condition', 'Used - like new'],
      ['Brand', 'Trek'],
      ['Year', '2021'],
      ['Frame size', 'M'],
      ['Frame material', 'Carbon fiber'],
      ['Wheel size', '700c'],
    ]);
  });

  it('gives the frame size as a letter and in cm, either or both', () => {
    const frameSize = (data: Partial<Listing['publicData']>) =>
      listingDetails({ ...publicData, ...data }).find((row) => row.key === 'frameSize')?.value;
    expect(frameSize({ frameSizeCm: 55 })).toBe('M (55 cm)');
    expect(frameSize({ frameSizeCm: 54.5, frameSize: 'xl' })).toBe('XL (54.5 cm)');
    expect(frameSize({ frameSizeCm: 55, frameSize: undefined })).toBe('55 cm');
    expect(frameSize({ frameSize: '' })).toBeUndefined();
  });

  it('shows unknown keys as they are', () => {
    expect(listingDetails({ ...publicData, condition: 'mystery' })[1]?.value).toBe('mystery');
  });
});

describe('deliveryOptions', () => {
  it('describes shipping fees and pickup', () => {
    expect(
      deliveryOptions({
        publicData,
        shippingFee: {
          oneItem: { amount: 2500, currency: 'USD' },
          additionalItems: { amount: 1000, currency: 'USD' },
        },
      }),
    ).toEqual(['Shipping: $25 (+$10 for each additional item)', 'Ships worldwide', 'Pickup in Toronto']);
  });

  it('leaves out the additional-item fee with one in stock, and says where it ships (issue 24)', () => {
    const fee = {
      oneItem: { amount: 2500, currency: 'USD' },
      additionalItems: { amount: 2500, currency: 'USD' },
    };
    const germany = {
      ...publicData,
      pickupEnabled: false,
      location: { ...publicData.location, country: 'DE' },
      shipsTo: { scope: 'seller-country' as const },
    };
    expect(deliveryOptions({ publicData: germany, shippingFee: fee, currentStock: 1 })).toEqual([
      'Shipping: $25',
      'Ships to Germany',
    ]);
  });

  it('handles free shipping, missing fees and pickup only', () => {
    const free = { oneItem: { amount: 0, currency: 'USD' }, additionalItems: { amount: 0, currency: 'USD' } };
    expect(deliveryOptions({ publicData, shippingFee: free })[0]).toBe('Free shipping');
    expect(deliveryOptions({ publicData })[0]).toBe('Shipping available');
    expect(deliveryOptions({ publicData: { ...publicData, shippingEnabled: false } })).toEqual([
      'Pickup in Toronto',
    ]);
  });
});

describe('users', () => {
  const user: PublicUser = { id: 'u1', displayName: 'Maya R', abbreviatedName: 'MR' };
  it('shows placeholders for banned and deleted users', () => {
    expect(userDisplayName(user)).toBe('Maya R');
    expect(userDisplayName({ ...user, deleted: true })).toBe('Deleted user');
    expect(userDisplayName({ ...user, banned: true })).toBe('Banned user');
    expect(hasProfile({ ...user, banned: true })).toBe(false);
    expect(userInitials(user)).toBe('MR');
    expect(userInitials({ ...user, deleted: true })).toBe('?');
  });
});
