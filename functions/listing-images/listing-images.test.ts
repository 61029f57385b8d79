import { describe, expect, it } from 'vitest';
import { variantSize } from '../lib/image-variants';
import { listingImageKey, listingImageUploadKey, listingVariants } from './listing-images';

describe('listing photo variants', () => {
  it('are the card crops, the scaled sizes and the social crops', () => {
    expect(listingVariants.map((v) => [v.name, v.width, v.height, v.fit])).toEqual([
      ['listing-card', 400, 400, 'cover'],
      ['listing-card-2x', 800, 800, 'cover'],
      ['scaled-medium', 800, 800, 'inside'],
      ['scaled-large', 1600, 1600, 'inside'],
      ['facebook', 1200, 630, 'cover'],
      ['twitter', 600, 314, 'cover'],
    ]);
  });

  it('come out right for portrait, landscape and small photos', () => {
    const sizes = (w: number, h: number) =>
      Object.fromEntries(listingVariants.map((v) => [v.name, Object.values(variantSize(v, w, h))]));
    expect(sizes(4000, 3000)).toEqual({
      'listing-card': [400, 400],
      'listing-card-2x': [800, 800],
      'scaled-medium': [800, 600],
      'scaled-large': [1600, 1200],
      facebook: [1200, 630],
      twitter: [600, 314],
    });
    expect(sizes(3000, 4000)).toMatchObject({ 'scaled-medium': [600, 800], 'scaled-large': [1200, 1600] });
    expect(sizes(300, 200)).toMatchObject({
      'listing-card': [400, 400],
      'scaled-medium': [300, 200],
      'scaled-large': [300, 200],
    });
  });

  it('live under images/', () => {
    expect(listingImageUploadKey('l1', 'u1')).toBe('images/uploads/listings/l1/u1');
    expect(listingImageKey('l1', 'i1', 'listing-card')).toBe('images/listings/l1/i1/listing-card.jpg');
  });
});
