import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { pageSizes } from '../../shared/config/marketplace';
import { settle } from './api/client';
import { getListing, getUser, searchListings } from './api/endpoints';
import { Layout } from './components/Layout';
import { PagePending } from './components/Loading';
import { LandingPage, recentListingsCount } from './pages/LandingPage';
import { parseSearch, stringifySearch, validateSearchParams } from './search/params';

/**
 * The route table of the web app (spec §2): one code-based tree. Only the landing page is in the
 * entry chunk; every other page is a lazy component that loads (and preloads on hover/focus) on
 * its own. Loaders start requests as soon as a navigation starts and return them unawaited, so a
 * page shows its frame at once and a loading state where data is still coming.
 */
const rootRoute = createRootRoute({
  component: Layout,
  notFoundComponent: lazyRouteComponent(() => import('./pages/NotFoundPage'), 'NotFoundPage'),
});

const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  loader: () => ({ recent: settle(searchListings({ perPage: recentListingsCount })) }),
  component: LandingPage,
});

const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/s',
  validateSearch: validateSearchParams,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => ({ results: settle(searchListings({ ...deps, perPage: pageSizes.search })) }),
  component: lazyRouteComponent(() => import('./pages/SearchPage'), 'SearchPage'),
});

const toLanding = () => {
  throw redirect({ to: '/', replace: true });
};

const listingBaseRoute = createRoute({ getParentRoute: () => rootRoute, path: '/l', beforeLoad: toLanding });

// The new-listing wizard comes with the selling issue; until then /l/new is a not-found page
// rather than a listing lookup for the id "new".
const newListingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/l/new',
  component: lazyRouteComponent(() => import('./pages/NotFoundPage'), 'NotFoundPage'),
});

const loadListing = (id: string) => ({ listing: settle(getListing(id)) });

const listingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/l/$slug/$id',
  loader: ({ params }) => loadListing(params.id),
  component: lazyRouteComponent(() => import('./pages/ListingPage'), 'ListingBySlugPage'),
});

const listingCanonicalRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/l/$id',
  loader: ({ params }) => loadListing(params.id),
  component: lazyRouteComponent(() => import('./pages/ListingPage'), 'ListingCanonicalPage'),
});

const profileBaseRoute = createRoute({ getParentRoute: () => rootRoute, path: '/u', beforeLoad: toLanding });

const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/u/$id',
  loader: ({ params }) => ({ user: settle(getUser(params.id)) }),
  component: lazyRouteComponent(() => import('./pages/ProfilePage'), 'ProfilePage'),
});

const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/notfound',
  component: lazyRouteComponent(() => import('./pages/NotFoundPage'), 'NotFoundPage'),
});

export const routeTree = rootRoute.addChildren([
  landingRoute,
  searchRoute,
  listingBaseRoute,
  newListingRoute,
  listingRoute,
  listingCanonicalRoute,
  profileBaseRoute,
  profileRoute,
  notFoundRoute,
]);

export function createAppRouter(options: { history?: Parameters<typeof createRouter>[0]['history'] } = {}) {
  return createRouter({
    routeTree,
    ...options,
    parseSearch,
    stringifySearch,
    // Hover or focus on a link loads that page's code and data; a visit within a minute reuses them.
    defaultPreload: 'intent',
    defaultStaleTime: 60_000,
    defaultPreloadStaleTime: 60_000,
    defaultPendingComponent: PagePending,
    defaultPendingMs: 300,
    // Rare, so loaded on demand (a missing chunk after a deploy makes lazyRouteComponent reload the page).
    defaultErrorComponent: lazyRouteComponent(() => import('./pages/ErrorPage'), 'ErrorPage'),
    // New pages start at the top; back and forward restore where the reader was.
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
