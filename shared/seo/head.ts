/**
 * The page head for search engines and link previews (§2 "Server-side rendering returns head and
 * body", §9 social images 1200×630 and 600×314): title, meta description, canonical link, Open
 * Graph and Twitter card tags. Pure: the head renderer (functions/content/http/render-page.ts) serialises
 * the tags into index.html for crawlers, and the web app sets the same descriptors in the document
 * head after client-side navigation (find the element a tag replaces with `headTagSelector`).
 */
import { imageSettings } from '../config/constants';
import { siteName, siteSettings } from '../config/site';
import { escapeHtml } from '../text/html';

export type PageType = 'website' | 'article' | 'profile';

export interface SocialImage {
  /** Absolute, or a site path (`/images/…`) made absolute with the canonical origin. */
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface HeadInput {
  /** The page's path (`/l/trek-domane/…`), without query or hash; the canonical URL is origin + path. */
  path: string;
  /** The page's own title; the document title adds the site name (the landing page: site name + title). */
  title: string;
  /** Meta, og: and twitter: description; whitespace is collapsed and the text cut to 160 characters. */
  description: string;
  /** Origin of canonical and image URLs, e.g. `https://www.veloexchange.com` (no trailing slash needed). */
  canonicalOrigin: string;
  /** og:image (1200×630 ideally); default: the site's social image. */
  image?: SocialImage;
  /** twitter:image (600×314 ideally); default: `image` if given, else the site's small social image. */
  twitterImage?: SocialImage;
  type: PageType;
  /** Adds `<meta name="robots" content="noindex">`. */
  noindex?: boolean;
}

/** One element of the head. `key` is the `name` or `property` value a meta tag is found by. */
export type HeadTag =
  | { kind: 'title'; text: string }
  | { kind: 'meta'; attribute: 'name' | 'property'; key: string; content: string }
  | { kind: 'link'; rel: 'canonical'; href: string };

/** Social image sizes (§9): Open Graph (Facebook, LinkedIn…) and the Twitter large card. */
export const socialImageSizes = {
  facebook: { ...imageSettings.socialImages.facebook },
  twitter: { ...imageSettings.socialImages.twitter },
} as const;

/** Meta descriptions longer than this are cut (what search results show). */
export const maxDescriptionLength = 160;

/** The site's own title, also the landing page's when its asset has no title. */
export const defaultTitle = `${siteName}: used bikes and cycling gear`;

/** The site's description, for pages that have none of their own (also in web/index.html). */
export const defaultDescription = `${siteName}: buy and sell used bicycles and cycling gear.`;

/** The site's social images (web/public), for every page without an image of its own. */
export const defaultSocialImagePaths = {
  facebook: `/social-image-${socialImageSizes.facebook.width}x${socialImageSizes.facebook.height}.png`,
  twitter: `/social-image-${socialImageSizes.twitter.width}x${socialImageSizes.twitter.height}.png`,
} as const;

export function defaultSocialImages(canonicalOrigin: string): {
  image: SocialImage;
  twitterImage: SocialImage;
} {
  const alt = defaultTitle;
  return {
    image: {
      url: absoluteUrl(canonicalOrigin, defaultSocialImagePaths.facebook),
      alt,
      ...socialImageSizes.facebook,
    },
    twitterImage: {
      url: absoluteUrl(canonicalOrigin, defaultSocialImagePaths.twitter),
      alt,
      ...socialImageSizes.twitter,
    },
  };
}

/** `https://…` and `http://…` URLs as they are; a site path prefixed with the origin. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const base = origin.replace(/\/+$/, '');
  return `${base}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** "{title} | Velo Exchange"; the landing page (`/`) is the site name and its tagline. */
export function documentTitle(title: string, path: string): string {
  const text = collapseWhitespace(title);
  if (path === '/') {
    if (!text) return defaultTitle;
    return text.startsWith(siteName) ? text : `${siteName}: ${text}`;
  }
  return text ? `${text} | ${siteName}` : siteName;
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Whitespace collapsed, then cut at a word boundary with an ellipsis to at most `max` characters. */
export function truncateText(text: string, max = maxDescriptionLength): string {
  const flat = collapseWhitespace(text);
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  const words = space > max / 2 ? cut.slice(0, space) : cut;
  return `${words.replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** The head of a page, in document order. */
export function buildHeadTags(input: HeadInput): HeadTag[] {
  const title = documentTitle(input.title, input.path);
  // og:title is the page's own title; the landing page's is the whole site title.
  const socialTitle = input.path === '/' ? title : collapseWhitespace(input.title) || siteName;
  const description = truncateText(input.description);
  const url = absoluteUrl(input.canonicalOrigin, input.path || '/');
  const defaults = defaultSocialImages(input.canonicalOrigin);
  const image = input.image ?? defaults.image;
  const twitterImage = input.twitterImage ?? input.image ?? defaults.twitterImage;
  const name = (key: string, content: string): HeadTag => ({ kind: 'meta', attribute: 'name', key, content });
  const property = (key: string, content: string): HeadTag => ({
    kind: 'meta',
    attribute: 'property',
    key,
    content,
  });
  const handle = siteSettings.twitterHandle?.trim();
  return [
    { kind: 'title', text: title },
    name('description', description),
    { kind: 'link', rel: 'canonical', href: url },
    ...(input.noindex ? [name('robots', 'noindex')] : []),
    property('og:site_name', siteName),
    property('og:type', input.type),
    property('og:title', socialTitle),
    property('og:description', description),
    property('og:url', url),
    property('og:image', absoluteUrl(input.canonicalOrigin, image.url)),
    property('og:image:width', String(image.width)),
    property('og:image:height', String(image.height)),
    property('og:image:alt', image.alt),
    name('twitter:card', 'summary_large_image'),
    ...(handle ? [name('twitter:site', handle.startsWith('@') ? handle : `@${handle}`)] : []),
    name('twitter:title', socialTitle),
    name('twitter:description', description),
    name('twitter:image', absoluteUrl(input.canonicalOrigin, twitterImage.url)),
    name('twitter:image:alt', twitterImage.alt),
  ];
}

export { escapeHtml };

/** One tag as HTML. */
export function renderHeadTag(tag: HeadTag): string {
  switch (tag.kind) {
    case 'title':
      return `<title>${escapeHtml(tag.text)}</title>`;
    case 'meta':
      return `<meta ${tag.attribute}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}" />`;
    case 'link':
      return `<link rel="${tag.rel}" href="${escapeHtml(tag.href)}" />`;
  }
}

/** The tags as HTML, one per line (`indent` before every line but the first). */
export function renderHeadTags(tags: readonly HeadTag[], indent = ''): string {
  return tags.map(renderHeadTag).join(`\n${indent}`);
}

/** A CSS selector for the element a tag replaces, e.g. `meta[property="og:title"]` (client side). */
export function headTagSelector(tag: HeadTag): string {
  switch (tag.kind) {
    case 'title':
      return 'title';
    case 'meta':
      return `meta[${tag.attribute}="${tag.key.replace(/["\\]/g, '\\$&')}"]`;
    case 'link':
      return `link[rel="${tag.rel}"]`;
  }
}
