import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { pageSizes } from '../../../shared/config/marketplace';
import { contentRoutes } from '../../../shared/content/page-asset';
import { pages } from '../../../shared/pages';
import { settle } from '../api/client';
import { getListing, getUser, getUserListings, searchListings } from '../api/endpoints';
import { loadPageAsset } from '../lib/page-assets';
import { LandingPage, recentListingsCount } from '../pages/landing/LandingPage';
import { pagedListSearch, validateSearchParams } from '../search/params';
import { rootRoute, toLanding } from './root';

/**
 * What anyone can browse (§2): the landing page (the only page in the entry chunk), search, the
 * public listing pages and profiles. Loaders return their requests unawaited, so a page shows its
 * frame at once and a loading state where data is still coming.
 */
export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: pages.landing,
  loader: () => ({
    page: loadPageAsset(contentRoutes[pages.landing], { reportMissing: true }),
    recent: settle(searchListings({ perPage: recentListingsCount })),
  }),
  component: LandingPage,
});

export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: pages.search,
  validateSearch: validateSearchParams,
  // Switching between the list and the map asks the API nothing new.
  loaderDeps: ({ search: { view: _view, ...search } }) => search,
  loader: ({ deps }) => ({ results: settle(searchListings({ ...deps, perPage: pageSizes.search })) }),
  component: lazyRouteComponent(() => import('../pages/search/SearchPage'), 'SearchPage'),
});

export const listingBaseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: pages.listingBase,
  beforeLoad: toLanding,
});

export const loadListing = (id: string) => ({ listing: settle(getListing(id)) });

export const listingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: pages.listing,
  loader: ({ params }) => loadListing(params.id),
  component: lazyRouteComponent(() => import('../pages/listing/ListingPage'), 'ListingBySlugPage'),
});

export const listingCanonicalRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: pages.listingCanonical,
  loader: ({ params }) => loadListing(params.id),
  component: lazyRouteComponent(() => import('../pages/listing/ListingPage'), 'ListingCanonicalPage'),
});

export const profileBaseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: pages.profileBase,
  beforeLoad: toLanding,
});

export const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: pages.profile,
  validateSearch: pagedListSearch,
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ params, deps }) => ({
    user: settle(getUser(params.id)),
    listings: settle(getUserListings(params.id, deps.page)),
  }),
  component: lazyRouteComponent(() => import('../pages/profile/ProfilePage'), 'ProfilePage'),
});
