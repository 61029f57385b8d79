import { createRoute, lazyRouteComponent, notFound, redirect } from '@tanstack/react-router';
import { pages } from '../../../shared/pages';
import { settle } from '../api/client';
import { checkoutSearch } from '../pages/checkout/search';
import { inboxOnly, isInboxTab, loadInboxIndexTab } from '../pages/inbox/inbox';
import { pagedListSearch } from '../search/params';
import { loadListing } from './browse-routes';
import { signedInRoute } from './root';

// ---- Checkout (§2 CheckoutPage [auth]): `/l/{slug}/{id}/checkout?deliveryMethod=&quantity=`, or
// `?transactionId=` for an enquiry's order (pages/checkout/search.ts drops a malformed one).
// The static `checkout` segment ranks above `$variant` (router.test.ts checks it). The public listing
// loads unawaited; the order code (api/transactions) comes with the page's chunk.
export const checkoutRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: pages.checkout,
  validateSearch: checkoutSearch,
  loader: ({ params }) => loadListing(params.id),
  component: lazyRouteComponent(() => import('../pages/checkout/CheckoutPage'), 'CheckoutPage'),
});

// ---- Orders. The order page (customer) and the sale page (provider): one component, the role
// from the route; `/order/:id` and `/sale/:id` open their details tab. The loader starts the order
// and the caller's allowed transitions (unawaited; the page shows its spinner, 404 and retry).
const loadTransactionPage = async (id: string) => {
  const { getAllowedTransitions, getTransaction } = await import('../api/transactions');
  return { show: settle(getTransaction(id)), allowed: settle(getAllowedTransitions(id)) };
};

const transactionPage = (role: 'OrderDetailsPage' | 'SaleDetailsPage') =>
  lazyRouteComponent(() => import('../pages/transaction/TransactionPage'), role);

export const orderRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: pages.order,
  beforeLoad: ({ params }) => {
    throw redirect({ to: pages.orderDetails, params, replace: true });
  },
});

export const orderDetailsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: pages.orderDetails,
  loader: ({ params }) => loadTransactionPage(params.id),
  component: transactionPage('OrderDetailsPage'),
});

export const saleRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: pages.sale,
  beforeLoad: ({ params }) => {
    throw redirect({ to: pages.saleDetails, params, replace: true });
  },
});

export const saleDetailsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: pages.saleDetails,
  loader: ({ params }) => loadTransactionPage(params.id),
  component: transactionPage('SaleDetailsPage'),
});

// ---- The inbox: `/inbox` opens sales for a user with listings, else orders (one own-listings
// query of one item, pages/inbox/inbox.ts); an unknown tab is not found. The transaction client
// loads with the page's data, not with the landing page.
const inboxPage = (name: 'InboxIndexPage' | 'InboxPage') =>
  lazyRouteComponent(() => import('../pages/inbox/InboxPage'), name);

export const inboxBaseRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: pages.inboxBase,
  beforeLoad: async () => {
    const tab = await loadInboxIndexTab();
    throw redirect({ to: pages.inbox, params: { tab }, replace: true });
  },
  component: inboxPage('InboxIndexPage'),
});

export const inboxRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: pages.inbox,
  validateSearch: pagedListSearch,
  beforeLoad: ({ params }) => {
    if (!isInboxTab(params.tab)) throw notFound();
  },
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ params, deps }) => ({
    rows: settle(
      import('../api/transactions').then(({ getTransactions }) =>
        getTransactions(isInboxTab(params.tab) ? inboxOnly(params.tab) : 'order', deps.page),
      ),
    ),
  }),
  component: inboxPage('InboxPage'),
});
