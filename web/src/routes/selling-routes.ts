import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { NEW_LISTING_ID } from '../../../shared/listings';
import { newListingEditPath, pages } from '../../../shared/pages';
import { settle } from '../api/client';
import { getOwnListing, getOwnListings } from '../api/own-listings';
import { pagedListSearch } from '../search/params';
import { signedInRoute } from './root';

/** A seller's pages (§2, all [auth]): the new listing, the wizard, the owner's variants, manage listings. */
export const newListingRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: pages.newListing,
  beforeLoad: () => {
    throw redirect({ href: newListingEditPath, replace: true });
  },
});

/** The wizard's listing: none yet on `/l/draft/{zero id}/new/…`, else the owner's view of it. */
const loadEditedListing = (id: string) => ({
  listing: id === NEW_LISTING_ID ? undefined : settle(getOwnListing(id)),
});

const editListingPage = lazyRouteComponent(
  () => import('../pages/edit-listing/EditListingPage'),
  'EditListingPage',
);

// §2 EditListingPage, and the payout onboarding's way back to the photos tab.
export const editListingRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: pages.editListing,
  loader: ({ params }) => loadEditedListing(params.id),
  component: editListingPage,
});

export const editListingReturnRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: pages.editListingStripeOnboarding,
  loader: ({ params }) => loadEditedListing(params.id),
  component: editListingPage,
});

// §2 ListingPageVariant: a draft or pending-approval listing, shown to its owner only.
export const listingVariantRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: pages.listingVariant,
  loader: ({ params }) => ({ listing: settle(getOwnListing(params.id)) }),
  component: lazyRouteComponent(() => import('../pages/listing/ListingVariantPage'), 'ListingVariantPage'),
});

// Manage listings (§2): the seller's own listings, 42 a page, with open and close.
export const manageListingsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: pages.manageListings,
  validateSearch: pagedListSearch,
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ deps }) => ({ listings: settle(getOwnListings(deps.page)) }),
  component: lazyRouteComponent(
    () => import('../pages/manage-listings/ManageListingsPage'),
    'ManageListingsPage',
  ),
});
