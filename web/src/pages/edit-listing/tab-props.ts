/** The wizard's URL types (§2): `new` before the first save, `draft` until published, then `edit`. */
import type { EditListingPathType } from '../../../../shared/pages';
import type { OwnListing, OwnListingChanges } from '../../api/own-listings';

export type EditListingType = EditListingPathType;

/** What EditListingPage gives each tab. */
export interface EditListingTabProps {
  /** The listing as last saved; undefined only on `/l/draft/{zero id}/new/…` before the first save. */
  listing: OwnListing | undefined;
  type: EditListingType;
  /**
   * Saves a tab's fields: the first save creates the draft (and moves the URL to
   * `/l/{slug}/{id}/draft/{tab}`), later ones update it. Resolves with the saved listing, rejects
   * with the API's error (the tab shows it and keeps what the user typed).
   */
  save: (changes: OwnListingChanges) => Promise<OwnListing>;
  /** Replaces the page's copy of the listing (after photo changes, publishing, a stock reload). */
  onListingChange: (listing: OwnListing) => void;
  /** Goes to the next tab (called by a tab after a successful save). */
  goToNextTab: () => void;
  /** The `:returnURLType` of `/l/{slug}/{id}/{type}/{tab}/{returnURLType}` (payout onboarding's way back). */
  returnURLType?: string | undefined;
}
