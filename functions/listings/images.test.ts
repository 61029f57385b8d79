import { describe, expect, it } from 'vitest';
import type { ListingImage } from '../../shared/api/types';
import { galleryImageSources } from '../../shared/listings';
import { variantSize } from '../lib/image-variants';
import { listingImageKey, listingImageUploadKey, listingVariants } from './images';

describe('listing photo variants', () => {
  it('are the card crops, the scaled sizes and the social crops', () => {
    expect(listingVariants.map((v) => [v.name, v.width, v.height, v.fit])).toEqual([
      ['listing-card', 400, 400, 'cover'],
      ['listing-card-2x', 800, 800, 'cover'],
      ['scaled-medium', 800, 800, 'inside'],
      ['scaled-large', 1600, 1600, 'inside'],
      ['scaled-xlarge', 2400, 2400, 'inside'],
      ['scaled-2xlarge', 3072, 3072, 'inside'],
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
      'scaled-xlarge': [2400, 1800],
      'scaled-2xlarge': [3072, 2304],
      facebook: [1200, 630],
      twitter: [600, 314],
    });
    expect(sizes(3000, 4000)).toMatchObject({
      'scaled-medium': [600, 800],
      'scaled-large': [1200, 1600],
      'scaled-xlarge': [1800, 2400],
      'scaled-2xlarge': [2304, 3072],
    });
    // Never enlarged, never above the spec's 3072 px.
    expect(sizes(8000, 2000)).toMatchObject({ 'scaled-2xlarge': [3072, 768] });
    expect(Math.max(...listingVariants.map((v) => Math.max(v.width, v.height)))).toBeLessThanOrEqual(3072);
    expect(sizes(300, 200)).toMatchObject({
      'listing-card': [400, 400],
      'scaled-medium': [300, 200],
      'scaled-large': [300, 200],
      'scaled-xlarge': [300, 200],
      'scaled-2xlarge': [300, 200],
    });
  });

  it('live under images/', () => {
    expect(listingImageUploadKey('l1', 'u1')).toBe('images/uploads/listings/l1/u1');
    expect(listingImageKey('l1', 'i1', 'listing-card')).toBe('images/listings/l1/i1/listing-card.jpg');
  });

  it("give the gallery's srcset every scaled width once, up to 3072", () => {
    const image = (w: number, h: number): ListingImage => ({
      id: 'p',
      variants: Object.fromEntries(
        listingVariants.map((v) => [v.name, { ...variantSize(v, w, h), url: `/${v.name}.jpg` }]),
      ),
    });
    expect(galleryImageSources(image(4000, 3000))?.srcSet).toBe(
      '/scaled-medium.jpg 800w, /scaled-large.jpg 1600w, /scaled-xlarge.jpg 2400w, /scaled-2xlarge.jpg 3072w',
    );
    // A 1000 px photo: its large, xlarge and 2xlarge variants are all 1000 wide (never enlarged).
    expect(galleryImageSources(image(1000, 1500))?.srcSet).toBe(
      '/scaled-medium.jpg 533w, /scaled-large.jpg 1000w',
    );
    // Smaller than every box: one width, so no srcset.
    expect(galleryImageSources(image(300, 200))?.srcSet).toBeUndefined();
  });
});
