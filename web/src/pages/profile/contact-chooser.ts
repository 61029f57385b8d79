/**
 * The profile's "Contact" (issue 25): which listing a message is about is chosen first, then the
 * listing page's contact modal starts the enquiry on it (§4: an enquiry is about one listing).
 * Pure rules here; the button is ProfileContact.tsx, the dialog ContactChooser.tsx.
 */
import type { ListingSummary, Page, PublicUser } from '../../../../shared/api/types';
import { hasProfile } from '../../lib/users';
import type { ContactListing } from '../listing/ContactSellerModal';

/** Nothing to show, a button that goes to log in first (signed out), or the chooser. */
export type ProfileContactMode = 'none' | 'login' | 'contact';

/**
 * Hidden on one's own profile, for banned and deleted users, and when the user has no open
 * listing (an enquiry needs one), which includes not knowing yet (`openListings` undefined while
 * the listings load or after they failed): a button that then leads nowhere would be worse.
 */
export function profileContactMode(
  profile: PublicUser,
  viewer: { id: string } | null | undefined,
  anonymous: boolean,
  openListings: number | undefined,
): ProfileContactMode {
  if (!hasProfile(profile) || !openListings) return 'none';
  if (viewer && viewer.id === profile.id) return 'none';
  return anonymous && !viewer ? 'login' : 'contact';
}

/** What the contact modal needs from a chosen card: the profile is its author. */
export function contactListing(
  listing: Pick<ListingSummary, 'id' | 'title'>,
  author: PublicUser,
): ContactListing {
  return { id: listing.id, title: listing.title, author };
}

/** The listings the chooser has so far and the next page to ask for (undefined: that was all). */
export interface ChooserListings {
  listings: ListingSummary[];
  nextPage: number | undefined;
}

export const noChooserListings: ChooserListings = { listings: [], nextPage: 1 };

/**
 * Adds a page of the user's open listings (GET /api/users/{id}/listings, newest first). A listing
 * published while paging pushes the others down a place, so one may come twice: kept once.
 */
export function addChooserPage(current: ChooserListings, page: Page<ListingSummary>): ChooserListings {
  const seen = new Set(current.listings.map((listing) => listing.id));
  const added = page.data.filter((listing) => !seen.has(listing.id) && listing.state === 'published');
  const more = page.meta.page < page.meta.totalPages;
  return { listings: [...current.listings, ...added], nextPage: more ? page.meta.page + 1 : undefined };
}
