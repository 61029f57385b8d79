import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../functions/accounts/user-record';
import type { ListingRecord } from '../../functions/listings/listing-record';
import type { ListingImage } from '../api/types';
import type { PageAsset } from '../content/page-asset';
import { listingPath } from '../pages';
import { contentHead, listingHead, listingSocialImages, profileHead } from './pages';

const origin = 'https://d111.cloudfront.net';
const variant = (name: string, width: number, height: number) => ({
  width,
  height,
  url: `/images/listings/l1/i1/${name}.jpg`,
});
const photo: ListingImage = {
  id: 'i1',
  variants: {
    'listing-card': variant('listing-card', 400, 400),
    'scaled-large': variant('scaled-large', 1200, 1200),
    facebook: variant('facebook', 1200, 630),
    twitter: variant('twitter', 600, 314),
  },
};
const listing = {
  id: 'l1',
  title: 'Trek Domane AL 2',
  description: 'Light aluminium\n\nendurance frame.',
  price: { amount: 95_000, currency: 'USD' },
  images: [photo],
} as ListingRecord;

describe('listingSocialImages', () => {
  it('uses the social crops of the first photo', () => {
    expect(listingSocialImages([photo], 'Bike')).toEqual({
      image: { ...variant('facebook', 1200, 630), alt: 'Bike' },
      twitterImage: { ...variant('twitter', 600, 314), alt: 'Bike' },
    });
  });

  it('falls back to the largest variant with its real size when there are no crops', () => {
    const old: ListingImage = {
      id: 'i0',
      variants: {
        'listing-card': variant('listing-card', 400, 400),
        'scaled-large': variant('scaled-large', 1200, 1200),
      },
    };
    expect(listingSocialImages([old, photo], 'Bike')).toEqual({
      image: { ...variant('scaled-large', 1200, 1200), alt: 'Bike' },
      twitterImage: { ...variant('scaled-large', 1200, 1200), alt: 'Bike' },
    });
  });

  it('gives nothing without photos or usable variants', () => {
    expect(listingSocialImages([], 'Bike')).toEqual({});
    expect(listingSocialImages([{ id: 'x', variants: {} }], 'Bike')).toEqual({});
  });
});

describe('listingHead', () => {
  it('has the title, price and description, the photo, and the canonical slug path', () => {
    expect(listingPath(listing)).toBe('/l/trek-domane-al-2/l1');
    expect(listingHead(listing, origin)).toEqual({
      path: '/l/trek-domane-al-2/l1',
      title: 'Trek Domane AL 2',
      description: '$950 · Light aluminium endurance frame.',
      canonicalOrigin: origin,
      type: 'article',
      image: { ...variant('facebook', 1200, 630), alt: 'Trek Domane AL 2' },
      twitterImage: { ...variant('twitter', 600, 314), alt: 'Trek Domane AL 2' },
    });
  });

  it('describes a listing without description or photos by its title and price', () => {
    const head = listingHead({ ...listing, description: ' ', images: [] } as ListingRecord, origin);
    expect(head.description).toBe('$950 · Trek Domane AL 2 on Velo Exchange');
    expect(head.image).toBeUndefined();
  });
});

describe('profileHead', () => {
  const user = { id: 'u1', displayName: 'Maya R.', bio: 'Road and gravel.\nToronto.' } as UserRecord;

  it('has the display name and bio', () => {
    expect(profileHead(user, origin)).toEqual({
      path: '/u/u1',
      title: 'Maya R.',
      description: 'Road and gravel. Toronto.',
      canonicalOrigin: origin,
      type: 'profile',
    });
    expect(profileHead({ ...user, bio: undefined }, origin).description).toBe(
      'Maya R. on Velo Exchange: used bikes and cycling gear.',
    );
  });

  it('shows banned and deleted users by placeholder only, and not indexed', () => {
    expect(profileHead({ ...user, banned: true }, origin)).toMatchObject({
      title: 'Banned user',
      description: 'Banned user on Velo Exchange: used bikes and cycling gear.',
      noindex: true,
    });
    expect(profileHead({ ...user, deleted: true }, origin)).toMatchObject({
      title: 'Deleted user',
      noindex: true,
    });
  });
});

describe('contentHead', () => {
  it("takes the asset's title and description with placeholders filled", () => {
    const page: PageAsset = {
      title: 'About {marketplaceName}',
      description: 'We take {feePercent}% and nothing for {unknown}.',
      sections: [],
    };
    expect(contentHead(page, '/about', origin)).toEqual({
      path: '/about',
      title: 'About Velo Exchange',
      description: 'We take 10% and nothing for {unknown}.',
      canonicalOrigin: origin,
      type: 'website',
    });
  });
});
