import type { ListingImage } from '../../../../../shared/api/types';
import { imageSettings } from '../../../../../shared/config/constants';
import { messages } from '../../../../../shared/errors/catalogue';
import type { EditListingTab } from '../../../../../shared/listings';
import { editListingPath } from '../../../../../shared/pages';
import { validateImageFile } from '../../../../../shared/validation/inputs';
import { listingMessages } from '../../../../../shared/validation/messages';
import { ApiRequestError } from '../../../api/client';
import { apiFieldErrors, errorCode, isNetworkError } from '../../../api/errors';
import { UploadError } from '../../../lib/upload';
import type { EditListingType } from '../tab-props';

/**
 * The photos tab's rules, kept apart from its components so they can be tested without a browser:
 * which files may be uploaded, the message of a failed upload, moving a photo, and the publish
 * errors as links to the tab that holds each field.
 */

/** The server's limit (functions/listings/http/images: at most 10 photos a listing). */
export const maxListingPhotos = 10;
export const tooManyPhotos = `A listing can have at most ${maxListingPhotos} photos. Please remove one first.`;

/** §8 "file could not be read", with what the seller can do about it (§5: JPG, GIF or PNG). */
export const unreadablePhoto = `${messages.fileCouldNotBeRead}. ${listingMessages.imageTypeInvalid}`;

const typesByExtension: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
};

/** The declared type to upload with: the browser's, else one from the extension (some systems give none). */
export function photoContentType(file: { type: string; name: string }): string {
  const type = file.type.toLowerCase();
  if (type) return type;
  const name = file.name.toLowerCase();
  return Object.entries(typesByExtension).find(([extension]) => name.endsWith(extension))?.[1] ?? '';
}

/**
 * The client-side check before anything is sent (§5): JPG, GIF or PNG ("Could not read file…"),
 * at most 20 MB ("The maximum file size is 20 MB…"). Undefined when the file may be uploaded.
 */
export function checkPhotoFile(file: { type: string; size: number; name: string }): string | undefined {
  const problem = validateImageFile({ type: file.type, size: file.size, name: file.name });
  if (!problem) return undefined;
  return problem === listingMessages.imageTypeInvalid ? unreadablePhoto : messages.imageTooBig;
}

/** How many of `wanted` new files fit beside the photos there are and the uploads under way. */
export function photosThatFit(wanted: number, photos: number, uploading: number): number {
  return Math.max(0, Math.min(wanted, maxListingPhotos - photos - uploading));
}

/** The message shown on a photo whose upload failed (storage, the API, or the network). */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof UploadError) {
    // S3 refuses a file over the POST policy's content-length-range with 400 EntityTooLarge.
    return error.status === 0 ? messages.topbarNetworkError : messages.imageUploadFailed;
  }
  if (isNetworkError(error)) return messages.topbarNetworkError;
  const code = errorCode(error);
  if (code === 'request-upload-over-limit') return messages.imageTooBig;
  if (
    (code === 'validation-invalid-value' || code === 'validation-invalid-params') &&
    error instanceof ApiRequestError
  ) {
    const title = error.firstError?.title;
    if (!title || title === messages.fileCouldNotBeRead) return unreadablePhoto;
    return title;
  }
  return messages.imageUploadFailed;
}

/**
 * Whether trying the same file again can help: a network failure, a storage refusal or a server
 * error can pass; a rejection of the file itself (unreadable, too big, not allowed on the listing:
 * 4xx from the API, or S3's 400 EntityTooLarge) cannot, so no Retry is offered for it.
 */
export function isRetryableUploadError(error: unknown): boolean {
  if (error instanceof UploadError) return error.status === 0 || error.status >= 500;
  if (isNetworkError(error)) return true;
  if (error instanceof ApiRequestError) return error.status === 0 || error.status >= 500;
  return true;
}

/** `items` with the item at `from` moved to `to` (both clamped); the same array when nothing moves. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from < 0 || from >= items.length || from === target) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/**
 * The photos after a server answer: the server decides which photos there are; the order on screen
 * is kept for those already shown (a move may still be on its way), new ones follow in the
 * server's order.
 */
export function mergePhotoOrder(
  shown: readonly ListingImage[],
  server: readonly ListingImage[],
): ListingImage[] {
  const byId = new Map(server.map((image) => [image.id, image]));
  const kept = shown.filter((image) => byId.has(image.id)).map((image) => byId.get(image.id)!);
  const keptIds = new Set(kept.map((image) => image.id));
  return [...kept, ...server.filter((image) => !keptIds.has(image.id))];
}

/** The wizard tab that holds each field the publish check can name (functions/listings/http/own/publish.ts). */
const tabOfField: Record<string, EditListingTab> = {
  title: 'details',
  description: 'details',
  category: 'details',
  condition: 'details',
  brand: 'details',
  size: 'details',
  model: 'details',
  year: 'details',
  price: 'pricing',
  stock: 'pricing',
  currentStock: 'pricing',
  delivery: 'delivery',
  pickupEnabled: 'delivery',
  shippingEnabled: 'delivery',
  location: 'location',
  geolocation: 'location',
  shippingFee: 'delivery',
  images: 'photos',
  features: 'features',
  rules: 'policies',
  disclaimer: 'policies',
};

const tabLabels: Record<EditListingTab, string> = {
  details: 'Details',
  pricing: 'Pricing',
  delivery: 'Delivery',
  photos: 'Photos',
  location: 'Location',
  availability: 'Availability',
  features: 'Features',
  policies: 'Policies',
};

/** `/l/{slug}/{id}/{type}/{tab}`: a wizard tab of this listing (a saved listing is never `new`). */
export function editTabPath(
  listing: { id: string; slug: string },
  type: EditListingType,
  tab: EditListingTab,
): string {
  return editListingPath(listing, type, tab);
}

export interface PublishProblem {
  field: string;
  message: string;
  tab: EditListingTab;
  tabLabel: string;
  href: string;
}

/** The messages of a 400 publish answer (`meta.fields`), each with a link to the tab to fix it in. */
export function publishProblems(
  error: unknown,
  listing: { id: string; slug: string },
  type: EditListingType,
): PublishProblem[] {
  return Object.entries(apiFieldErrors(error)).map(([field, message]) => {
    const tab = tabOfField[field] ?? 'details';
    return { field, message, tab, tabLabel: tabLabels[tab], href: editTabPath(listing, type, tab) };
  });
}

/** True for the publish answer that sends the seller to payout onboarding first. */
export function needsPayoutDetails(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.code === 'transaction-missing-stripe-account' &&
    error.firstError?.meta?.reason === 'payout-details-missing'
  );
}

/** The file input's `accept` (§5: JPG, GIF or PNG). */
export const photoAccept = imageSettings.acceptedTypes.join(',');
