import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../../shared/api/account';
import type { Listing, OwnListing } from '../../../../shared/api/types';
import { productOrderMessages } from '../../../../shared/validation/messages';
import { featureLabels } from './ListingSections';
import { hasLocation, ownListingAsPublic } from './ListingVariantPage';
import { checkoutHref, editListingHref, initialOrderValues, orderBlock, validateOrder } from './order';

const listing: Listing = {
  id: 'l1',
  slug: 'trek-domane',
  title: 'Trek Domane',
  description: 'Fast.',
  price: { amount: 120000, currency: 'USD' },
  state: 'published',
  publicData: {
    category: 'roadBikes',
    condition: 'usedGoodCondition',
    pickupEnabled: true,
    shippingEnabled: true,
    location: { city: 'Toronto', region: 'ON', country: 'CA' },
  },
  geolocation: { lat: 43.65, lng: -79.38 },
  currentStock: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  author: { id: 'seller', displayName: 'Maya T', abbreviatedName: 'MT' },
  images: [],
};

describe('orderBlock (§2 order panel states)', () => {
  it('is undefined for a published listing in stock, seen by someone else or nobody', () => {
    expect(orderBlock(listing, undefined)).toBeUndefined();
    expect(orderBlock(listing, 'buyer')).toBeUndefined();
  });

  it('says closed, own listing or out of stock', () => {
    expect(orderBlock({ ...listing, state: 'closed' }, 'buyer')).toBe('closed');
    expect(orderBlock(listing, 'seller')).toBe('own-listing');
    expect(orderBlock({ ...listing, currentStock: 0 }, 'buyer')).toBe('out-of-stock');
    expect(orderBlock({ ...listing, state: 'closed', currentStock: 0 }, 'seller')).toBe('closed');
  });
});

describe('the product order form (§5)', () => {
  it('starts empty with stock above 1 and two delivery methods', () => {
    expect(initialOrderValues(listing)).toEqual({ quantity: '', deliveryMethod: '' });
  });

  it('fixes quantity 1 at stock 1 and preselects the one enabled delivery method', () => {
    const single = {
      ...listing,
      currentStock: 1,
      publicData: { ...listing.publicData, shippingEnabled: false },
    };
    expect(initialOrderValues(single)).toEqual({ quantity: '1', deliveryMethod: 'pickup' });
    expect(validateOrder(initialOrderValues(single), single)).toEqual({});
  });

  it('asks for a quantity from 1 to stock and an enabled delivery method, with the spec keys', () => {
    expect(validateOrder({ quantity: '', deliveryMethod: '' }, listing)).toEqual({
      quantity: productOrderMessages.quantityRequired,
      deliveryMethod: productOrderMessages.deliveryMethodRequired,
    });
    expect(validateOrder({ quantity: '4', deliveryMethod: 'pickup' }, listing)).toEqual({
      quantity: productOrderMessages.quantityRequired,
    });
    const pickupOnly = { ...listing, publicData: { ...listing.publicData, shippingEnabled: false } };
    expect(validateOrder({ quantity: '2', deliveryMethod: 'shipping' }, pickupOnly)).toEqual({
      deliveryMethod: productOrderMessages.deliveryMethodRequired,
    });
    expect(validateOrder({ quantity: '3', deliveryMethod: 'shipping' }, listing)).toEqual({});
  });

  it('goes to /l/{slug}/{id}/checkout with the delivery method and quantity', () => {
    expect(checkoutHref(listing, { deliveryMethod: 'shipping', quantity: 2 })).toBe(
      '/l/trek-domane/l1/checkout?deliveryMethod=shipping&quantity=2',
    );
    expect(checkoutHref({ ...listing, slug: '' }, { deliveryMethod: 'pickup', quantity: 1 })).toBe(
      '/l/trek-domane/l1/checkout?deliveryMethod=pickup&quantity=1',
    );
    expect(editListingHref(listing)).toBe('/l/trek-domane/l1/edit/details');
  });
});

describe('featureLabels', () => {
  it('labels known feature keys in their order and leaves unknown ones out', () => {
    expect(featureLabels(['discBrakes', 'nonsense', 'testRideWelcome'])).toEqual([
      'Disc brakes',
      'Test ride welcome',
    ]);
    expect(featureLabels(undefined)).toEqual([]);
  });
});

describe('ownListingAsPublic (the variant pages)', () => {
  it('shows buyers’ view: no pickup address, the same fuzzy center as the public API, the owner as author', () => {
    const own: OwnListing = {
      id: 'l2',
      slug: 'draft-bike',
      authorId: 'seller',
      title: 'Draft bike',
      description: '',
      price: { amount: 50000, currency: 'USD' },
      state: 'draft',
      publicData: {
        category: 'roadBikes',
        condition: 'new',
        pickupEnabled: true,
        shippingEnabled: false,
        location: { address: '1 Main St', building: 'Unit 4', city: 'Toronto', region: 'ON', country: 'CA' },
        rules: 'Cash only',
      },
      geolocation: { lat: 43.65, lng: -79.38 },
      publicGeolocation: { lat: 43.661, lng: -79.392 },
      currentStock: 1,
      images: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
    };
    const owner = { id: 'seller', displayName: 'Maya T', abbreviatedName: 'MT' } as CurrentUser;
    const shown = ownListingAsPublic(own, owner);
    expect(shown.publicData.location).toEqual({ city: 'Toronto', region: 'ON', country: 'CA' });
    expect(JSON.stringify(shown)).not.toContain('1 Main St');
    expect(shown.publicData.rules).toBe('Cash only');
    expect(shown.geolocation).toEqual(own.publicGeolocation);
    expect(shown.author).toMatchObject({ id: 'seller', displayName: 'Maya T' });
    expect(hasLocation(own)).toBe(true);
    expect(ownListingAsPublic({ ...own, title: '' }, owner).title).toBe('Untitled listing');
    const { geolocation: _exact, publicGeolocation: _public, ...unplaced } = own;
    const fresh = {
      ...unplaced,
      publicData: { ...own.publicData, location: { address: '', city: '', region: '', country: '' } },
    };
    expect(hasLocation(fresh)).toBe(false);
    expect(ownListingAsPublic(fresh, owner).geolocation).toBeUndefined();
  });
});
