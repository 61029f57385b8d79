import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  notFound,
  redirect,
} from '@tanstack/react-router';
import { pageSizes } from '../../shared/config/marketplace';
import { contentRoutes, pageIdPattern } from '../../shared/content/page-asset';
import { NEW_LISTING_ID, newListingEditPath } from '../../shared/listings';
import { settle } from './api/client';
import { getListing, getUser, getUserListings, searchListings } from './api/endpoints';
import { getOwnListing, getOwnListings } from './api/own-listings';
import { keepFrom, validateFromSearch, validateOAuthCallbackSearch } from './auth/from';
import { redirectSignedIn, requireUser } from './auth/guard';
import { readIdpFlow } from './auth/idp';
import { Layout } from './components/Layout';
import { PagePending } from './components/Loading';
import { loadPageAsset, notFoundResult, resolvePreview } from './lib/page-assets';
import { checkoutSearch } from './pages/checkout/search';
import { inboxOnly, isInboxTab, loadInboxIndexTab } from './pages/inbox/inbox';
import { LandingPage, recentListingsCount } from './pages/LandingPage';
import { pageParam, parseSearch, stringifySearch, validateSearchParams } from './search/params';

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
  loader: () => ({
    page: loadPageAsset(contentRoutes['/'], { reportMissing: true }),
    recent: settle(searchListings({ perPage: recentListingsCount })),
  }),
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

/** `?page=N` of a paged list (profile listings, manage listings); page 1 stays out of the URL. */
const pageSearch = (raw: Record<string, unknown>): { page?: number } => {
  const page = pageParam(raw.page);
  return page ? { page } : {};
};

const toLanding = () => {
  throw redirect({ to: '/', replace: true });
};

const listingBaseRoute = createRoute({ getParentRoute: () => rootRoute, path: '/l', beforeLoad: toLanding });

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
  validateSearch: pageSearch,
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ params, deps }) => ({
    user: settle(getUser(params.id)),
    listings: settle(getUserListings(params.id, deps.page)),
  }),
  component: lazyRouteComponent(() => import('./pages/ProfilePage'), 'ProfilePage'),
});

// Authentication (§2): one screen with the tabs login, signup and confirm; `from` is kept.
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: validateFromSearch,
  beforeLoad: redirectSignedIn,
  component: lazyRouteComponent(() => import('./pages/AuthenticationPage'), 'LoginPage'),
});

const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
  validateSearch: validateFromSearch,
  beforeLoad: redirectSignedIn,
  component: lazyRouteComponent(() => import('./pages/AuthenticationPage'), 'SignupPage'),
});

// The social sign-in's way back (the OAuth callback); it exists only during such a flow.
const confirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirm',
  validateSearch: validateOAuthCallbackSearch,
  beforeLoad: ({ search }) => {
    if (!readIdpFlow()) throw redirect({ to: '/signup', search: keepFrom(search.from), replace: true });
  },
  component: lazyRouteComponent(() => import('./pages/AuthenticationPage'), 'ConfirmPage'),
});

const passwordRecoveryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/recover-password',
  component: lazyRouteComponent(() => import('./pages/PasswordRecoveryPage'), 'PasswordRecoveryPage'),
});

const passwordResetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: (raw: Record<string, unknown>): { email?: string; code?: string } => ({
    ...(typeof raw.email === 'string' && raw.email ? { email: raw.email.slice(0, 254) } : {}),
    ...(typeof raw.code === 'string' && raw.code ? { code: raw.code.slice(0, 64) } : {}),
  }),
  component: lazyRouteComponent(() => import('./pages/PasswordResetPage'), 'PasswordResetPage'),
});

// [auth] routes (§2, §6) sit under one pathless route whose guard sends anonymous visitors to
// /login?from=… and loads the current user for everyone else.
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: requireUser,
});

const emailVerificationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/verify-email',
  validateSearch: validateFromSearch,
  component: lazyRouteComponent(() => import('./pages/EmailVerificationPage'), 'EmailVerificationPage'),
});

// §2 NewListingPage: the edit page with slug draft, the zero id, type new and tab details.
const newListingRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/l/new',
  beforeLoad: () => {
    throw redirect({ href: newListingEditPath, replace: true });
  },
});

/** The wizard's listing: none yet on `/l/draft/{zero id}/new/…`, else the owner's view of it. */
const loadEditedListing = (id: string) => ({
  listing: id === NEW_LISTING_ID ? undefined : settle(getOwnListing(id)),
});

// §2 EditListingPage /l/{slug}/{id}/{type}/{tab}, and the payout onboarding return of the photos tab.
const editListingRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/l/$slug/$id/$type/$tab',
  loader: ({ params }) => loadEditedListing(params.id),
  component: lazyRouteComponent(() => import('./pages/edit-listing/EditListingPage'), 'EditListingPage'),
});

const editListingReturnRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/l/$slug/$id/$type/$tab/$returnURLType',
  loader: ({ params }) => loadEditedListing(params.id),
  component: lazyRouteComponent(() => import('./pages/edit-listing/EditListingPage'), 'EditListingPage'),
});

// §2 ListingPageVariant: a draft or pending-approval listing, shown to its owner only.
const listingVariantRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/l/$slug/$id/$variant',
  loader: ({ params }) => ({ listing: settle(getOwnListing(params.id)) }),
  component: lazyRouteComponent(() => import('./pages/listing/ListingVariantPage'), 'ListingVariantPage'),
});

// ---- Checkout (§2 CheckoutPage [auth]): `/l/{slug}/{id}/checkout?deliveryMethod=&quantity=`.
// The static `checkout` segment ranks above `$variant` (router.test.ts checks it). The public listing
// loads unawaited; the order code (api/transactions) comes with the page's chunk.
const checkoutRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/l/$slug/$id/checkout',
  validateSearch: checkoutSearch,
  loader: ({ params }) => loadListing(params.id),
  component: lazyRouteComponent(() => import('./pages/checkout/CheckoutPage'), 'CheckoutPage'),
});
// ---- end of the checkout route

// ---- Orders. The order page (customer) and the sale page (provider): one component,
// the role from the route; `/order/:id` and `/sale/:id` open their details tab. The loader starts the
// order and the caller's allowed transitions (unawaited; the page shows its spinner, 404 and retry).
const loadTransactionPage = async (id: string) => {
  const { getAllowedTransitions, getTransaction } = await import('./api/transactions');
  return { show: settle(getTransaction(id)), allowed: settle(getAllowedTransitions(id)) };
};

const orderRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/order/$id',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/order/$id/details', params, replace: true });
  },
});

const orderDetailsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/order/$id/details',
  loader: ({ params }) => loadTransactionPage(params.id),
  component: lazyRouteComponent(() => import('./pages/transaction/TransactionPage'), 'OrderDetailsPage'),
});

const saleRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/sale/$id',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/sale/$id/details', params, replace: true });
  },
});

const saleDetailsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/sale/$id/details',
  loader: ({ params }) => loadTransactionPage(params.id),
  component: lazyRouteComponent(() => import('./pages/transaction/TransactionPage'), 'SaleDetailsPage'),
});
// ---- end of the order routes

// ---- The inbox: `/inbox` opens sales for a user with listings, else orders (one
// own-listings query of one item, pages/inbox/inbox.ts); an unknown tab is not found. The
// transaction client loads with the page's data, not with the landing page.
const inboxRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/inbox',
  beforeLoad: async () => {
    const tab = await loadInboxIndexTab();
    throw redirect({ to: '/inbox/$tab', params: { tab }, replace: true });
  },
  component: lazyRouteComponent(() => import('./pages/inbox/InboxPage'), 'InboxIndexPage'),
});

const inboxTabRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/inbox/$tab',
  validateSearch: pageSearch,
  beforeLoad: ({ params }) => {
    if (!isInboxTab(params.tab)) throw notFound();
  },
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ params, deps }) => ({
    rows: settle(
      import('./api/transactions').then(({ getTransactions }) =>
        getTransactions(isInboxTab(params.tab) ? inboxOnly(params.tab) : 'order', deps.page),
      ),
    ),
  }),
  component: lazyRouteComponent(() => import('./pages/inbox/InboxPage'), 'InboxPage'),
});
// ---- end of the inbox routes

// Manage listings (§2): the seller's own listings, 42 a page, with open and close.
const manageListingsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/listings',
  validateSearch: pageSearch,
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ deps }) => ({ listings: settle(getOwnListings(deps.page)) }),
  component: lazyRouteComponent(() => import('./pages/ManageListingsPage'), 'ManageListingsPage'),
});

const profileSettingsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/profile-settings',
  component: lazyRouteComponent(() => import('./pages/ProfileSettingsPage'), 'ProfileSettingsPage'),
});

const accountRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/account',
  component: lazyRouteComponent(() => import('./pages/AccountSettingsLayout'), 'AccountSettingsLayout'),
});

const accountIndexRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/account/contact-details', replace: true });
  },
});

const contactDetailsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: 'contact-details',
  component: lazyRouteComponent(() => import('./pages/ContactDetailsPage'), 'ContactDetailsPage'),
});

const passwordChangeRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: 'change-password',
  component: lazyRouteComponent(() => import('./pages/PasswordChangePage'), 'PasswordChangePage'),
});

// Payments: payout details (Stripe Connect), the provider's way back, PayPal, saved card.
const paymentsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: 'payments',
  component: lazyRouteComponent(() => import('./pages/payments/PayoutPage'), 'PayoutPage'),
});

const paymentsReturnRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: 'payments/$returnURLType',
  component: lazyRouteComponent(() => import('./pages/payments/PayoutPage'), 'PayoutPage'),
});

const paypalRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: 'paypal',
  // PayPal's way back appends merchantIdInPayPal, permissionsGranted and accountStatus.
  validateSearch: (raw: Record<string, unknown>): Record<string, string> =>
    Object.fromEntries(
      Object.entries(raw).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length <= 200,
      ),
    ),
  component: lazyRouteComponent(() => import('./pages/payments/PaypalSettingsPage'), 'PaypalSettingsPage'),
});

const paymentMethodsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: 'payment-methods',
  component: lazyRouteComponent(() => import('./pages/payments/PaymentMethodsPage'), 'PaymentMethodsPage'),
});

// Content pages (§2): each fixed path shows its hosted page asset; `/p/{pageId}` any other one.
const contentPage = lazyRouteComponent(() => import('./pages/ContentPage'), 'ContentPage');
type FixedContentPath = Exclude<keyof typeof contentRoutes, '/'>;
const fixedContentRoute = (path: FixedContentPath) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    loader: () => ({ page: loadPageAsset(contentRoutes[path], { reportMissing: true }) }),
    component: contentPage,
  });

const aboutRoute = fixedContentRoute('/about');
const faqRoute = fixedContentRoute('/faq');
const howtoRoute = fixedContentRoute('/howto');
const guideRoute = fixedContentRoute('/guide');
const contactUsRoute = fixedContentRoute('/contactus');
const ourStoryRoute = fixedContentRoute('/ourstory');
const helpRoute = fixedContentRoute('/help');
const termsRoute = fixedContentRoute('/terms-of-service');
const privacyRoute = fixedContentRoute('/privacy-policy');

const cmsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/p/$pageId',
  loader: ({ params }) => ({
    page: pageIdPattern.test(params.pageId) ? loadPageAsset(params.pageId) : Promise.resolve(notFoundResult),
    userTyped: true,
  }),
  component: contentPage,
});

// /preview?assetPath=content/pages/<id>.json[&version=<id>]: terms, privacy, landing or a content page.
const previewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/preview',
  validateSearch: (raw: Record<string, unknown>): { assetPath?: string; version?: string } => ({
    ...(typeof raw.assetPath === 'string' && raw.assetPath ? { assetPath: raw.assetPath.slice(0, 200) } : {}),
    ...(typeof raw.version === 'string' && /^[a-z0-9-]{1,64}$/.test(raw.version)
      ? { version: raw.version }
      : {}),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => ({ preview: resolvePreview(deps.assetPath, deps.version) }),
  component: lazyRouteComponent(() => import('./pages/PreviewPage'), 'PreviewPage'),
});

// The styleguide (§2 "Styleguide: /styleguide and sub paths").
const styleguidePage = lazyRouteComponent(
  () => import('./pages/styleguide/StyleguidePage'),
  'StyleguidePage',
);
const styleguideRoutes = (
  [
    '/styleguide',
    '/styleguide/c/$component',
    '/styleguide/c/$component/$example',
    '/styleguide/c/$component/$example/raw',
  ] as const
).map((path) => createRoute({ getParentRoute: () => rootRoute, path, component: styleguidePage }));

const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/notfound',
  component: lazyRouteComponent(() => import('./pages/NotFoundPage'), 'NotFoundPage'),
});

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
    inboxRoute,
    inboxTabRoute,
    profileSettingsRoute,
    accountRoute.addChildren([
      accountIndexRoute,
      contactDetailsRoute,
      passwordChangeRoute,
      paymentsRoute,
      paymentsReturnRoute,
      paypalRoute,
      paymentMethodsRoute,
    ]),
  ]),
  aboutRoute,
  faqRoute,
  howtoRoute,
  guideRoute,
  contactUsRoute,
  ourStoryRoute,
  helpRoute,
  termsRoute,
  privacyRoute,
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
