/**
 * Site settings (§2 top bar, footer, search form; legal pages' contact address). Marketplace
 * configuration like the rest of shared/config: the web app, the head renderer and the content
 * placeholders read it from here. A social link left undefined is not shown.
 */
import { marketplaceName } from './marketplace';

export interface SiteSettings {
  /** The canonical origin of the deployed site; the Lambdas use SITE_ORIGIN when it is set. */
  canonicalOrigin: string;
  /** The external blog (top bar, mobile menu, footer). */
  blogUrl: string;
  /** The address on the terms, privacy and contact pages. */
  contactEmail: string;
  social: { facebook?: string; instagram?: string; twitter?: string };
  /** Twitter handle for twitter:site, when there is one. */
  twitterHandle?: string;
  /**
   * The search form: `keywords` (the main search type, §9) or `location` (place autocomplete that
   * submits the address and bounds, and the origin only if `locationSearchUsesOrigin`).
   */
  searchType: 'keywords' | 'location';
  locationSearchUsesOrigin: boolean;
}

export const siteSettings: SiteSettings = {
  canonicalOrigin: 'https://www.veloexchange.com',
  blogUrl: 'https://blog.veloexchange.com',
  contactEmail: 'hello@veloexchange.com',
  social: {
    facebook: 'https://www.facebook.com/veloexchange',
    instagram: 'https://www.instagram.com/veloexchange',
  },
  searchType: 'keywords',
  locationSearchUsesOrigin: false,
};

export const siteName = marketplaceName;
