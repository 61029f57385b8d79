import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ImageVariantName, ListingImage } from '../../shared/api/types';
import { imageSettings } from '../../shared/config/constants';
import { messages } from '../../shared/errors/catalogue';
import { dynamo, tableName } from '../lib/aws';
import { ApiError, invalidField } from '../lib/errors';
import {
  deleteUpload,
  deleteVariantFiles,
  storeVariants,
  type VariantSpec,
  variantsFromUpload,
} from '../lib/image-variants';
import { keys } from '../lib/table-design';
import { isConditionFailure } from '../lib/writes';
import type { ListingRecord } from './listing-record';
import { ownedListing } from './ownership';

/**
 * Listing photos: the variants, where their files live, and the listing's `images` list (changed
 * only with conditional writes). Every key starts with `images/` (CloudFront serves /images/*;
 * the Lambdas' grant covers only that prefix); uploads sit under the listing, whose owner alone
 * can reach them.
 */

/** Ours: the spec sets no limit; ten photos keep the item far below DynamoDB's 400 kB. */
export const maxListingImages = 10;
export const tooManyImages = `A listing can have at most ${maxListingImages} photos. Please remove one first.`;
export const unreadableImage = messages.fileCouldNotBeRead;

const [mediumWidth, largeWidth] = imageSettings.listingVariantWidths.slice(1) as [number, number];

/**
 * `listing-card` 400×400 and `listing-card-2x` 800×800 (1:1 crops, the card's aspect);
 * `scaled-medium` within 800×800, `scaled-large` within 1600×1600, `scaled-xlarge` within
 * 2400×2400 and `scaled-2xlarge` within 3072×3072 (§9: widths 400, 800 and larger, variant max
 * 3072 px; kept whole, never enlarged, so a small photo's larger variants are the same size); and
 * the §9 social crops `facebook` 1200×630 and `twitter` 600×314, made for every photo since
 * reordering can make any of them first.
 */
export const listingVariants: ReadonlyArray<VariantSpec<ImageVariantName>> = [
  {
    name: imageSettings.listingCard.variantPrefix,
    width: imageSettings.listingCard.width,
    height: imageSettings.listingCard.height,
    fit: 'cover',
  },
  {
    name: `${imageSettings.listingCard.variantPrefix}-2x`,
    width: imageSettings.listingCard.width * 2,
    height: imageSettings.listingCard.height * 2,
    fit: 'cover',
  },
  { name: 'scaled-medium', width: mediumWidth, height: mediumWidth, fit: 'inside' },
  { name: 'scaled-large', width: largeWidth, height: largeWidth, fit: 'inside' },
  { name: 'scaled-xlarge', width: 2400, height: 2400, fit: 'inside' },
  {
    name: 'scaled-2xlarge',
    width: imageSettings.variantMaxPx,
    height: imageSettings.variantMaxPx,
    fit: 'inside',
  },
  { name: 'facebook', ...imageSettings.socialImages.facebook, fit: 'cover' },
  { name: 'twitter', ...imageSettings.socialImages.twitter, fit: 'cover' },
];

export function listingImageUploadKey(listingId: string, uploadId: string): `images/${string}` {
  return `images/uploads/listings/${listingId}/${uploadId}`;
}

export function listingImageKey(listingId: string, imageId: string, variant: string): `images/${string}` {
  return `images/listings/${listingId}/${imageId}/${variant}.jpg`;
}

/** Appends an image, if the listing is still the caller's and has room. */
export async function appendImage(
  listingId: string,
  userId: string,
  image: ListingImage,
): Promise<ListingImage[]> {
  try {
    const result = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.listing(listingId),
        UpdateExpression: 'SET images = list_append(if_not_exists(images, :empty), :image), updatedAt = :now',
        ConditionExpression:
          'attribute_exists(PK) AND authorId = :me AND (attribute_not_exists(deleted) OR deleted = :false) AND (attribute_not_exists(images) OR size(images) < :max)',
        ExpressionAttributeValues: {
          ':empty': [],
          ':image': [image],
          ':now': new Date().toISOString(),
          ':me': userId,
          ':false': false,
          ':max': maxListingImages,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return (result.Attributes as ListingRecord).images;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    await ownedListing(listingId, userId);
    throw invalidField('uploadId', tooManyImages);
  }
}

/**
 * Replaces the images list with `change(current)`, only if nobody changed it meanwhile (compare
 * and set on the whole list); on a race it reads again and retries, a few times.
 */
export async function changeImages(
  listingId: string,
  userId: string,
  change: (current: ListingImage[]) => ListingImage[],
): Promise<{ before: ListingImage[]; after: ListingImage[] }> {
  for (let attempt = 0; ; attempt++) {
    const before = (await ownedListing(listingId, userId)).images ?? [];
    const after = change(before);
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.listing(listingId),
          UpdateExpression: 'SET images = :after, updatedAt = :now',
          ConditionExpression: 'authorId = :me AND images = :before',
          ExpressionAttributeValues: {
            ':after': after,
            ':before': before,
            ':me': userId,
            ':now': new Date().toISOString(),
          },
        }),
      );
      return { before, after };
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= 2) {
        if (isConditionFailure(error)) throw new ApiError('conflict');
        throw error;
      }
    }
  }
}

export async function deleteImageFiles(listingId: string, image: ListingImage): Promise<void> {
  await deleteVariantFiles(
    Object.keys(image.variants),
    (name) => listingImageKey(listingId, image.id, name),
    { listingId, imageId: image.id },
  );
}

/**
 * Turns the owner's upload into a listing photo: the checked upload's JPEG variants under
 * images/listings/{listingId}/{imageId}/, the image appended to the listing's images (conditional
 * write, at most 10; on failure its files go again), and the upload deleted. Any type but JPG, GIF
 * or PNG, or a file sharp cannot decode, is "Could not read file".
 */
export async function addImage(
  listing: ListingRecord,
  userId: string,
  uploadId: string,
): Promise<ListingImage[]> {
  if ((listing.images ?? []).length >= maxListingImages) {
    throw invalidField('uploadId', tooManyImages);
  }
  const uploadKey = listingImageUploadKey(listing.id, uploadId);
  const variants = await variantsFromUpload(uploadKey, listingVariants, {
    wrongType: unreadableImage,
    unreadable: unreadableImage,
  });
  const imageId = randomUUID();
  const image: ListingImage = {
    id: imageId,
    variants: await storeVariants(variants, (name) => listingImageKey(listing.id, imageId, name)),
  };
  let images: ListingImage[];
  try {
    images = await appendImage(listing.id, userId, image);
  } catch (error) {
    await deleteImageFiles(listing.id, image);
    throw error;
  }
  await deleteUpload(uploadKey);
  return images;
}
