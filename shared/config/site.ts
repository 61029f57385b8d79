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
   * The search form takes keywords and an optional place from the gazetteer (issue 22, a change of
   * §9's "main search type keywords": docs/decisions.md); the place sets the address and bounds,
   * and, when this is on, the origin: results nearest first, cards with the distance.
   */
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
  locationSearchUsesOrigin: true,
};

export const siteName = marketplaceName;
