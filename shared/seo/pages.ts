/**
 * The head of each kind of page (listing, profile, hosted page), used by the server-side head
 * renderer (from its records) and by the web app (from API answers): one description of what a
 * crawler and a browser see. Pure.
 */
import type { ImageVariant, ListingImage } from '../api/types';
import { siteName } from '../config/site';
import { fillPlaceholders, type PageAsset } from '../content/page-asset';
import { contentVariables } from '../content/variables';
import { formatMoney, type Money } from '../money';
import { listingPath, pagePath } from '../pages';
import { collapseWhitespace, type HeadInput, type SocialImage } from './head';

/** What a listing's head needs: a ListingRecord and the API's Listing both have it. */
export interface ListingHeadSource {
  id: string;
  title: string;
  description?: string | undefined;
  price: Money;
  images?: readonly ListingImage[] | undefined;
}

/** What a profile's head needs (a UserRecord or the API's PublicUser). */
export interface ProfileHeadSource {
  id: string;
  displayName: string;
  bio?: string | undefined;
  banned?: boolean | undefined;
  deleted?: boolean | undefined;
}

/** Variants a social image is taken from, best first (the generated 1200×630 and 600×314 crops). */
const largestFirst = (variants: ListingImage['variants']): ImageVariant[] =>
  Object.values(variants)
    .filter((variant): variant is ImageVariant => Boolean(variant?.url && variant.width && variant.height))
    .sort((a, b) => b.width * b.height - a.width * a.height);

/**
 * og:image and twitter:image of a listing: its first photo's `facebook` (1200×630) and `twitter`
 * (600×314) variants; a photo without them (made before they existed) gives its largest variant,
 * with that variant's real size.
 */
export function listingSocialImages(
  images: readonly ListingImage[],
  alt: string,
): { image?: SocialImage; twitterImage?: SocialImage } {
  const first = images[0];
  if (!first) return {};
  const largest = largestFirst(first.variants)[0];
  const facebook = first.variants.facebook ?? largest;
  const twitter = first.variants.twitter ?? facebook;
  const social = (variant: ImageVariant): SocialImage => ({
    url: variant.url,
    width: variant.width,
    height: variant.height,
    alt,
  });
  return {
    ...(facebook ? { image: social(facebook) } : {}),
    ...(twitter ? { twitterImage: social(twitter) } : {}),
  };
}

/** A listing: its title, price and description, its first photo; canonical `/l/{slug}/{id}`. */
export function listingHead(record: ListingHeadSource, canonicalOrigin: string): HeadInput {
  const description = collapseWhitespace(record.description ?? '');
  const price = formatMoney(record.price);
  return {
    path: listingPath(record),
    title: record.title,
    description: description ? `${price} · ${description}` : `${price} · ${record.title} on ${siteName}`,
    canonicalOrigin,
    type: 'article',
    ...listingSocialImages(record.images ?? [], record.title),
  };
}

/** A profile: display name and bio; a banned or deleted user's page is not indexed. */
export function profileHead(record: ProfileHeadSource, canonicalOrigin: string): HeadInput {
  const gone = record.deleted ? 'Deleted user' : record.banned ? 'Banned user' : undefined;
  const name = gone ?? record.displayName;
  const bio = gone ? '' : collapseWhitespace(record.bio ?? '');
  return {
    path: pagePath('profile', { id: record.id }),
    title: name,
    description: bio || `${name} on ${siteName}: used bikes and cycling gear.`,
    canonicalOrigin,
    type: 'profile',
    ...(gone ? { noindex: true } : {}),
  };
}

/** A hosted page: its asset's title and description, placeholders filled in. */
export function contentHead(page: PageAsset, path: string, canonicalOrigin: string): HeadInput {
  const variables = contentVariables();
  return {
    path,
    title: fillPlaceholders(page.title, variables),
    description: fillPlaceholders(page.description, variables),
    canonicalOrigin,
    type: 'website',
  };
}
