/**
 * The site's pages by name (spec §2): each path written once, in the router's notation (`$id` is a
 * parameter). The web router builds its routes from these, links name them, the head renderer
 * matches request paths against them (functions/content/pages/page-routes.ts), and the builders
 * below are the only place a page URL is put together (parameters encoded once).
 */
import { NEW_LISTING_ID } from './listings';
import { createSlug } from './text/slug';

export const pages = {
  landing: '/',
  about: '/about',
  faq: '/faq',
  howItWorks: '/howto',
  guide: '/guide',
  contactUs: '/contactus',
  ourStory: '/ourstory',
  help: '/help',
  termsOfService: '/terms-of-service',
  privacyPolicy: '/privacy-policy',
  preview: '/preview',
  cms: '/p/$pageId',
  search: '/s',
  listingBase: '/l',
  listing: '/l/$slug/$id',
  listingCanonical: '/l/$id',
  checkout: '/l/$slug/$id/checkout',
  listingVariant: '/l/$slug/$id/$variant',
  newListing: '/l/new',
  editListing: '/l/$slug/$id/$type/$tab',
  editListingStripeOnboarding: '/l/$slug/$id/$type/$tab/$returnURLType',
  profileBase: '/u',
  profile: '/u/$id',
  profileSettings: '/profile-settings',
  login: '/login',
  signup: '/signup',
  confirm: '/confirm',
  passwordRecovery: '/recover-password',
  passwordReset: '/reset-password',
  emailVerification: '/verify-email',
  inboxBase: '/inbox',
  inbox: '/inbox/$tab',
  order: '/order/$id',
  orderDetails: '/order/$id/details',
  sale: '/sale/$id',
  saleDetails: '/sale/$id/details',
  manageListings: '/listings',
  accountSettings: '/account',
  contactDetails: '/account/contact-details',
  passwordChange: '/account/change-password',
  stripePayout: '/account/payments',
  stripePayoutOnboarding: '/account/payments/$returnURLType',
  paypalSettings: '/account/paypal',
  paymentMethods: '/account/payment-methods',
  styleguide: '/styleguide',
  styleguideComponent: '/styleguide/c/$component',
  styleguideExample: '/styleguide/c/$component/$example',
  styleguideExampleRaw: '/styleguide/c/$component/$example/raw',
  notFound: '/notfound',
} as const;

export type PageName = keyof typeof pages;
export type PagePath = (typeof pages)[PageName];

/** The parameter names of a page path: `/l/$slug/$id` → `slug | id`. */
type ParamNames<P extends string> = P extends `${string}$${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}$${infer Name}`
    ? Name
    : never;

export type PageParams<N extends PageName> = Record<ParamNames<(typeof pages)[N]>, string>;
type PageArgs<N extends PageName> = [ParamNames<(typeof pages)[N]>] extends [never]
  ? []
  : [params: PageParams<N>];

/** A path below `base`, relative to it, for a nested route: `under('/account', '/account/paypal')` → `paypal`. */
export type Under<B extends string, P extends string> = P extends `${B}/${infer Rest}` ? Rest : never;
export function under<B extends string, P extends string>(base: B, path: P): Under<B, P> {
  if (!path.startsWith(`${base}/`)) throw new Error(`${path} is not below ${base}`);
  return path.slice(base.length + 1) as Under<B, P>;
}

/** Page `name`'s URL with its parameters filled in, each encoded: `pagePath('profile', { id })`. */
export function pagePath<N extends PageName>(name: N, ...[params]: PageArgs<N>): string {
  const values = (params ?? {}) as Record<string, string>;
  return pages[name].replace(/\$(\w+)/g, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`${name}: no value for the page parameter ${key}`);
    return encodeURIComponent(value);
  });
}

/** What a listing link needs: the API's Listing, a record, a search hit all have it. */
export interface ListingLinkSource {
  id: string;
  title: string;
  /** The stored slug if there is one; else the title's. */
  slug?: string | undefined;
  /** Drafts and listings waiting for approval have their own page (§2 ListingPageVariant). */
  state?: string | undefined;
}

/** Listing page variants (§2, §4): drafts and pending listings are shown to their owner only. */
export const listingPageVariants = { draft: 'draft', pendingApproval: 'pending-approval' } as const;
export type ListingPageVariant = (typeof listingPageVariants)[keyof typeof listingPageVariants];

export function listingPageVariant(state: string | undefined): ListingPageVariant | undefined {
  if (state === 'draft') return listingPageVariants.draft;
  if (state === 'pendingApproval') return listingPageVariants.pendingApproval;
  return undefined;
}

/** The slug in a listing's URLs: its stored slug, else its title's. */
export function listingSlug(listing: Pick<ListingLinkSource, 'slug' | 'title'>): string {
  return listing.slug || createSlug(listing.title);
}

/** The path a listing links to: `/l/{slug}/{id}`, or the variant page of a draft or pending one. */
export function listingPath(listing: ListingLinkSource): string {
  const params = { slug: listingSlug(listing), id: listing.id };
  const variant = listingPageVariant(listing.state);
  return variant ? pagePath('listingVariant', { ...params, variant }) : pagePath('listing', params);
}

/** `/l/{slug}/{id}/checkout?…`: a listing's checkout with the order panel's choices. */
export function checkoutPath(listing: ListingLinkSource, search: URLSearchParams | string = ''): string {
  const query = search.toString();
  const path = pagePath('checkout', { slug: listingSlug(listing), id: listing.id });
  return query ? `${path}?${query}` : path;
}

/** The wizard's URL types: `new` (nothing saved yet), `draft` (creating), `edit` (a published one). */
export type EditListingPathType = 'new' | 'draft' | 'edit';

/**
 * `/l/{slug}/{id}/{type}/{tab}`: a wizard tab. Without a listing, the new listing's (§2: slug
 * draft, the zero id, type new); a saved listing is never of type `new` (it is a draft).
 */
export function editListingPath(
  listing: (Pick<ListingLinkSource, 'id' | 'slug'> & { title?: string | undefined }) | undefined,
  type: EditListingPathType,
  tab: string,
): string {
  if (!listing) return pagePath('editListing', { slug: 'draft', id: NEW_LISTING_ID, type: 'new', tab });
  const slug = listing.slug || (listing.title ? createSlug(listing.title) : 'draft');
  return pagePath('editListing', { slug, id: listing.id, type: type === 'new' ? 'draft' : type, tab });
}

/** §2 NewListingPage: the edit page with slug draft, the zero id, type new and tab details. */
export const newListingEditPath = editListingPath(undefined, 'new', 'details');

/** A page a path is, with its parameters decoded; undefined for no page. */
export interface PageMatch {
  name: PageName;
  params: Record<string, string>;
}

const splitPath = (path: string) => path.split('/').filter(Boolean);
const patterns = (Object.entries(pages) as [PageName, string][]).map(([name, path]) => ({
  name,
  segments: splitPath(path),
}));

/**
 * Which page `path` is, ranked as the router ranks: among patterns of the same length, a fixed
 * segment beats a parameter, leftmost first (`/l/new` is the new listing page, not `/l/$id`;
 * `/l/x/1/checkout` is the checkout, not a variant). A trailing slash is ignored; a relative path,
 * an empty segment or a malformed escape matches nothing.
 */
export function matchPage(path: string): PageMatch | undefined {
  const raw = path.split(/[?#]/)[0]!;
  if (!raw.startsWith('/')) return undefined;
  const parts = raw.slice(1).split('/');
  if (parts.at(-1) === '') parts.pop(); // a trailing slash
  if (parts.includes('')) return undefined; // `//about` is no page
  let segments: string[];
  try {
    segments = parts.map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
  let best: { match: PageMatch; rank: string } | undefined;
  for (const pattern of patterns) {
    if (pattern.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let rank = '';
    const matches = pattern.segments.every((segment, index) => {
      const value = segments[index]!;
      if (segment.startsWith('$')) {
        params[segment.slice(1)] = value;
        rank += '0';
        return true;
      }
      rank += '1';
      return segment === value;
    });
    if (matches && (!best || rank > best.rank)) best = { match: { name: pattern.name, params }, rank };
  }
  return best?.match;
}
