import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { PagePending } from './components/Loading';
import {
  accountIndexRoute,
  accountRoute,
  contactDetailsRoute,
  passwordChangeRoute,
  paymentMethodsRoute,
  paypalSettingsRoute,
  profileSettingsRoute,
  stripePayoutOnboardingRoute,
  stripePayoutRoute,
} from './routes/account-routes';
import {
  confirmRoute,
  emailVerificationRoute,
  loginRoute,
  passwordRecoveryRoute,
  passwordResetRoute,
  signupRoute,
} from './routes/auth-routes';
import {
  landingRoute,
  listingBaseRoute,
  listingCanonicalRoute,
  listingRoute,
  profileBaseRoute,
  profileRoute,
  searchRoute,
} from './routes/browse-routes';
import {
  cmsRoute,
  fixedContentRoutes,
  notFoundRoute,
  previewRoute,
  styleguideRoutes,
} from './routes/content-routes';
import {
  checkoutRoute,
  inboxBaseRoute,
  inboxRoute,
  orderDetailsRoute,
  orderRoute,
  saleDetailsRoute,
  saleRoute,
} from './routes/order-routes';
import { rootRoute, signedInRoute } from './routes/root';
import {
  editListingReturnRoute,
  editListingRoute,
  listingVariantRoute,
  manageListingsRoute,
  newListingRoute,
} from './routes/selling-routes';
import { parseSearch, stringifySearch } from './search/params';

/**
 * The route table of the web app (spec §2): one code-based tree over the page paths of
 * shared/pages.ts, its routes in ./routes/ by area. Only the landing page is in the entry chunk;
 * every other page is a lazy component that loads (and preloads on hover/focus) on its own.
 */
export const routeTree = rootRoute.addChildren([
  landingRoute,
  searchRoute,
  listingBaseRoute,
  listingRoute,
  listingCanonicalRoute,
  profileBaseRoute,
  profileRoute,
  loginRoute,
  signupRoute,
  confirmRoute,
  passwordRecoveryRoute,
  passwordResetRoute,
  signedInRoute.addChildren([
    emailVerificationRoute,
    newListingRoute,
    editListingRoute,
    editListingReturnRoute,
    listingVariantRoute,
    checkoutRoute,
    manageListingsRoute,
    orderRoute,
    orderDetailsRoute,
    saleRoute,
    saleDetailsRoute,
    inboxBaseRoute,
    inboxRoute,
    profileSettingsRoute,
    accountRoute.addChildren([
      accountIndexRoute,
      contactDetailsRoute,
      passwordChangeRoute,
      stripePayoutRoute,
      stripePayoutOnboardingRoute,
      paypalSettingsRoute,
      paymentMethodsRoute,
    ]),
  ]),
  ...fixedContentRoutes,
  cmsRoute,
  previewRoute,
  ...styleguideRoutes,
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
    defaultErrorComponent: lazyRouteComponent(() => import('./pages/error/ErrorPage'), 'ErrorPage'),
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
