import { describe, expect, it } from 'vitest';
import {
  canApplyListingAction,
  deliveryOptions,
  editListingTabs,
  galleryImageSources,
  isListingState,
  isOwnListing,
  isStockOutOfSync,
  largestListingVariant,
  listingActions,
  listingStateAfter,
  listingStates,
  NEW_LISTING_ID,
  purchaseBlock,
  quantityOptions,
  requiresListingApproval,
  stockOnPublish,
} from './listings';

describe('listing states (§4)', () => {
  it('has the four states', () => {
    expect(listingStates).toEqual(['draft', 'pendingApproval', 'published', 'closed']);
    expect(isListingState('closed')).toBe(true);
    expect(isListingState('deleted')).toBe(false);
    expect(isListingState(undefined)).toBe(false);
  });
  it('allows publish, approve, open and close from the right states', () => {
    expect(listingStateAfter('draft', 'publishDraft')).toBe('published');
    expect(listingStateAfter('draft', 'publishDraft', { requiresApproval: true })).toBe('pendingApproval');
    expect(listingStateAfter('pendingApproval', 'approve')).toBe('published');
    expect(listingStateAfter('published', 'close')).toBe('closed');
    expect(listingStateAfter('closed', 'open')).toBe('published');
    expect(listingStateAfter('published', 'open')).toBeUndefined();
    expect(listingStateAfter('draft', 'close')).toBeUndefined();
    expect(listingStateAfter('closed', 'publishDraft')).toBeUndefined();
    expect(canApplyListingAction('published', 'close')).toBe(true);
    expect(canApplyListingAction('pendingApproval', 'close')).toBe(false);
  });
  it('rejects a pending listing back to draft (the seller edits and publishes again)', () => {
    expect(listingActions.reject).toEqual({ from: ['pendingApproval'], to: 'draft' });
    expect(listingStateAfter('pendingApproval', 'reject')).toBe('draft');
    expect(listingStateAfter('pendingApproval', 'reject', { requiresApproval: true })).toBe('draft');
    for (const state of ['draft', 'published', 'closed'] as const) {
      expect(listingStateAfter(state, 'reject'), state).toBeUndefined();
      expect(listingStateAfter(state, 'approve'), state).toBeUndefined();
    }
    // After a rejection the draft can be published again.
    expect(listingStateAfter('draft', 'publishDraft', { requiresApproval: true })).toBe('pendingApproval');
  });
  it('reads the approval switch from VELO_LISTINGS_REQUIRE_APPROVAL, defaulting to the marketplace setting', () => {
    for (const on of ['true', 'TRUE', ' 1 ', '1']) expect(requiresListingApproval(on), on).toBe(true);
    for (const off of ['false', '0', 'False']) expect(requiresListingApproval(off, true), off).toBe(false);
    for (const other of [undefined, '', 'yes', 'on']) {
      expect(requiresListingApproval(other, false), String(other)).toBe(false);
      expect(requiresListingApproval(other, true), String(other)).toBe(true);
    }
    expect(requiresListingApproval(undefined)).toBe(false); // the shipped default
  });
});

describe('listing pages (§2, §4)', () => {
  it('has the new listing path and wizard tabs', () => {
    expect(NEW_LISTING_ID).toBe('00000000-0000-0000-0000-000000000000');
    expect(editListingTabs).toEqual([
      'details',
      'pricing',
      'delivery',
      'photos',
      'location',
      'availability',
      'features',
      'policies',
    ]);
  });
});

describe('stock (§4, §9)', () => {
  it('publishing sets stock 0 to 1', () => {
    expect(stockOnPublish(0)).toEqual({ stock: 1, compareAndSet: { oldTotal: 0, newTotal: 1 } });
    expect(stockOnPublish(3)).toEqual({ stock: 3 });
  });
  it('detects an out-of-sync stock update', () => {
    expect(isStockOutOfSync(2, 2)).toBe(false);
    expect(isStockOutOfSync(2, 1)).toBe(true);
  });
  it('offers quantities 1..stock, fixed at 1 for stock 1', () => {
    expect(quantityOptions(3)).toEqual({ options: [1, 2, 3], fixed: false });
    expect(quantityOptions(1)).toEqual({ options: [1], fixed: true });
    expect(quantityOptions(0)).toEqual({ options: [], fixed: false });
    expect(quantityOptions(-2)).toEqual({ options: [], fixed: false });
  });
  it('preselects a single delivery method', () => {
    expect(deliveryOptions({ pickupEnabled: true })).toEqual({ options: ['pickup'], preselected: 'pickup' });
    expect(deliveryOptions({ shippingEnabled: true })).toEqual({
      options: ['shipping'],
      preselected: 'shipping',
    });
    expect(deliveryOptions({ pickupEnabled: true, shippingEnabled: true })).toEqual({
      options: ['pickup', 'shipping'],
    });
    expect(deliveryOptions({})).toEqual({ options: [] });
  });
});

describe('ownership (§6)', () => {
  it('knows own listings', () => {
    expect(isOwnListing({ authorId: 'u1' }, 'u1')).toBe(true);
    expect(isOwnListing({ authorId: 'u1' }, 'u2')).toBe(false);
    expect(isOwnListing({ authorId: 'u1' }, undefined)).toBe(false);
  });
  it('says why a listing cannot be bought', () => {
    const listing = { state: 'published' as const, currentStock: 2, authorId: 'seller' };
    expect(purchaseBlock(listing, 'buyer', true)).toBeUndefined();
    expect(purchaseBlock(listing, undefined, true)).toBeUndefined();
    expect(purchaseBlock({ ...listing, state: 'closed' }, 'buyer', true)).toBe('closed');
    expect(purchaseBlock({ ...listing, state: 'draft' }, 'buyer', true)).toBe('not-published');
    expect(purchaseBlock({ ...listing, deleted: true }, 'buyer', true)).toBe('not-published');
    expect(purchaseBlock(listing, 'seller', true)).toBe('own-listing');
    expect(purchaseBlock({ ...listing, currentStock: 0 }, 'buyer', true)).toBe('out-of-stock');
    expect(purchaseBlock(listing, 'buyer', false)).toBe('seller-not-onboarded');
  });
});

describe('gallery photo sources', () => {
  const variant = (name: string, width: number, height: number) => ({ url: `/${name}.jpg`, width, height });
  it('uses the largest variant, with a srcset when there are two scaled ones', () => {
    const image = {
      id: 'p',
      variants: {
        'listing-card': variant('card', 400, 400),
        'scaled-medium': variant('medium', 750, 500),
        'scaled-large': variant('large', 1500, 1000),
      },
    };
    expect(galleryImageSources(image)).toEqual({
      src: '/large.jpg',
      width: 1500,
      height: 1000,
      srcSet: '/medium.jpg 750w, /large.jpg 1500w',
      sizes: '(max-width: 767px) 100vw, 60vw',
    });
  });

  it('falls back to the card crops, and to nothing', () => {
    expect(
      largestListingVariant({ id: 'p', variants: { 'listing-card-2x': variant('c2', 800, 800) } })?.url,
    ).toBe('/c2.jpg');
    expect(galleryImageSources({ id: 'p', variants: { 'listing-card': variant('c', 400, 400) } })).toEqual({
      src: '/c.jpg',
      width: 400,
      height: 400,
    });
    expect(galleryImageSources({ id: 'p', variants: {} })).toBeUndefined();
  });
});
