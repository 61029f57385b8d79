import { describe, expect, it } from 'vitest';
import type { ListingImage } from '../../../../../shared/api/types';
import { messages } from '../../../../../shared/errors/catalogue';
import { listingMessages } from '../../../../../shared/validation/messages';
import { ApiRequestError } from '../../../api/client';
import { UploadError } from '../../../lib/upload';
import {
  checkPhotoFile,
  editTabPath,
  isRetryableUploadError,
  maxListingPhotos,
  mergePhotoOrder,
  moveItem,
  needsPayoutDetails,
  photoContentType,
  photosThatFit,
  publishProblems,
  unreadablePhoto,
  uploadErrorMessage,
} from './photos';

const apiError = (status: number, code: string, title: string, meta?: Record<string, unknown>) =>
  new ApiRequestError(status, { errors: [{ id: 'e1', status, code, title, ...(meta ? { meta } : {}) }] });
const image = (id: string): ListingImage => ({ id, variants: {} });
const ids = (images: ListingImage[]) => images.map((one) => one.id);

describe('checkPhotoFile (§5: JPG, GIF or PNG, at most 20 MB)', () => {
  it('accepts the three types, by type or by name when the browser gives none', () => {
    expect(checkPhotoFile({ type: 'image/jpeg', size: 1000, name: 'a.jpg' })).toBeUndefined();
    expect(checkPhotoFile({ type: 'image/png', size: 1000, name: 'a' })).toBeUndefined();
    expect(checkPhotoFile({ type: 'image/gif', size: 20 * 1024 * 1024, name: 'a.gif' })).toBeUndefined();
    expect(checkPhotoFile({ type: '', size: 1000, name: 'IMG_1.JPEG' })).toBeUndefined();
  });

  it('says "Could not read file" for other types and "image too big" over 20 MB', () => {
    expect(unreadablePhoto).toBe(`${messages.fileCouldNotBeRead}. ${listingMessages.imageTypeInvalid}`);
    expect(checkPhotoFile({ type: 'text/plain', size: 10, name: 'notes.txt' })).toBe(unreadablePhoto);
    expect(checkPhotoFile({ type: 'image/webp', size: 10, name: 'a.webp' })).toBe(unreadablePhoto);
    expect(checkPhotoFile({ type: '', size: 10, name: 'a.heic' })).toBe(unreadablePhoto);
    expect(checkPhotoFile({ type: 'image/png', size: 20 * 1024 * 1024 + 1, name: 'big.png' })).toBe(
      messages.imageTooBig,
    );
  });

  it('uploads with the declared type, or one from the extension', () => {
    expect(photoContentType({ type: 'image/PNG', name: 'a.png' })).toBe('image/png');
    expect(photoContentType({ type: '', name: 'a.JPG' })).toBe('image/jpeg');
    expect(photoContentType({ type: '', name: 'a.gif' })).toBe('image/gif');
    expect(photoContentType({ type: '', name: 'a' })).toBe('');
  });
});

describe('photosThatFit (at most 10 a listing)', () => {
  it('counts the photos and the uploads under way', () => {
    expect(maxListingPhotos).toBe(10);
    expect(photosThatFit(3, 0, 0)).toBe(3);
    expect(photosThatFit(3, 8, 0)).toBe(2);
    expect(photosThatFit(3, 8, 1)).toBe(1);
    expect(photosThatFit(3, 10, 0)).toBe(0);
    expect(photosThatFit(1, 9, 2)).toBe(0);
  });
});

describe('isRetryableUploadError (issue 24: no useless Retry on a rejected photo)', () => {
  it('offers Retry for the network, storage and server failures only', () => {
    expect(isRetryableUploadError(new UploadError(0))).toBe(true);
    expect(isRetryableUploadError(new UploadError(503))).toBe(true);
    expect(isRetryableUploadError(new ApiRequestError(0, null))).toBe(true);
    expect(isRetryableUploadError(apiError(500, 'internal', 'Boom'))).toBe(true);
    expect(isRetryableUploadError(new UploadError(400))).toBe(false);
    expect(isRetryableUploadError(apiError(400, 'validation-invalid-value', 'Could not read file'))).toBe(
      false,
    );
    expect(isRetryableUploadError(apiError(413, 'request-upload-over-limit', 'x'))).toBe(false);
  });
});

describe('uploadErrorMessage', () => {
  it('maps the API, storage and network failures to the spec messages', () => {
    expect(uploadErrorMessage(apiError(413, 'request-upload-over-limit', 'x'))).toBe(messages.imageTooBig);
    expect(uploadErrorMessage(apiError(400, 'validation-invalid-value', 'Could not read file'))).toBe(
      unreadablePhoto,
    );
    expect(
      uploadErrorMessage(apiError(400, 'validation-invalid-value', 'A listing can have at most 10 photos.')),
    ).toBe('A listing can have at most 10 photos.');
    expect(uploadErrorMessage(new UploadError(400))).toBe(messages.imageUploadFailed);
    expect(uploadErrorMessage(new UploadError(0))).toBe(messages.topbarNetworkError);
    expect(uploadErrorMessage(new ApiRequestError(0, null))).toBe(messages.topbarNetworkError);
    expect(uploadErrorMessage(apiError(500, 'internal', 'Boom'))).toBe(messages.imageUploadFailed);
    expect(uploadErrorMessage(new Error('?'))).toBe(messages.imageUploadFailed);
  });
});

describe('moveItem and mergePhotoOrder', () => {
  it('moves one item, clamped to the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -4)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 99)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the order on screen, takes membership from the server and appends new photos', () => {
    const shown = [image('b'), image('a'), image('c')];
    expect(ids(mergePhotoOrder(shown, [image('a'), image('b'), image('c'), image('d')]))).toEqual([
      'b',
      'a',
      'c',
      'd',
    ]);
    expect(ids(mergePhotoOrder(shown, [image('a'), image('c')]))).toEqual(['a', 'c']);
    const fresh = { id: 'a', variants: { 'listing-card': { url: '/x', width: 400, height: 400 } } };
    expect(mergePhotoOrder([image('a')], [fresh])[0]).toBe(fresh);
  });
});

describe('publish answers', () => {
  const listing = { id: 'l-1', slug: 'trek-domane' };

  it('link each missing field to the wizard tab that holds it', () => {
    const error = apiError(400, 'validation-invalid-params', 'Invalid', {
      fields: {
        title: 'You need to add a name.',
        delivery: 'You need to choose at least one delivery method.',
        images: 'You need to add at least one image.',
        price: 'Price is required.',
        mystery: 'Something else.',
      },
    });
    expect(publishProblems(error, listing, 'draft')).toEqual([
      {
        field: 'title',
        message: 'You need to add a name.',
        tab: 'details',
        tabLabel: 'Details',
        href: '/l/trek-domane/l-1/draft/details',
      },
      {
        field: 'delivery',
        message: 'You need to choose at least one delivery method.',
        tab: 'delivery',
        tabLabel: 'Delivery',
        href: '/l/trek-domane/l-1/draft/delivery',
      },
      {
        field: 'images',
        message: 'You need to add at least one image.',
        tab: 'photos',
        tabLabel: 'Photos',
        href: '/l/trek-domane/l-1/draft/photos',
      },
      {
        field: 'price',
        message: 'Price is required.',
        tab: 'pricing',
        tabLabel: 'Pricing',
        href: '/l/trek-domane/l-1/draft/pricing',
      },
      {
        field: 'mystery',
        message: 'Something else.',
        tab: 'details',
        tabLabel: 'Details',
        href: '/l/trek-domane/l-1/draft/details',
      },
    ]);
    expect(publishProblems(apiError(409, 'conflict', 'No'), listing, 'draft')).toEqual([]);
    expect(publishProblems(new Error('x'), listing, 'draft')).toEqual([]);
  });

  it('build tab paths; a saved listing is a draft, not new', () => {
    expect(editTabPath(listing, 'new', 'photos')).toBe('/l/trek-domane/l-1/draft/photos');
    expect(editTabPath(listing, 'edit', 'pricing')).toBe('/l/trek-domane/l-1/edit/pricing');
    expect(editTabPath({ id: 'l-2', slug: '' }, 'draft', 'photos')).toBe('/l/draft/l-2/draft/photos');
  });

  it('know the answer that calls for payout onboarding', () => {
    expect(
      needsPayoutDetails(
        apiError(409, 'transaction-missing-stripe-account', 'Add your payout details', {
          reason: 'payout-details-missing',
        }),
      ),
    ).toBe(true);
    expect(needsPayoutDetails(apiError(409, 'transaction-missing-stripe-account', 'x'))).toBe(false);
    expect(needsPayoutDetails(apiError(409, 'conflict', 'x', { reason: 'payout-details-missing' }))).toBe(
      false,
    );
  });
});
