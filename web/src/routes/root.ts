import { createRootRoute, createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { pages } from '../../../shared/pages';
import { requireUser } from '../auth/guard';
import { Layout } from '../components/Layout';

/** The root of the route tree: the layout, and the not-found page for unmatched URLs (§2). */
export const rootRoute = createRootRoute({
  component: Layout,
  notFoundComponent: lazyRouteComponent(() => import('../pages/not-found/NotFoundPage'), 'NotFoundPage'),
});

/**
 * [auth] routes (§2, §6) sit under one pathless route whose guard sends anonymous visitors to
 * /login?from=… and loads the current user for everyone else.
 */
export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: requireUser,
});

/** `beforeLoad` of the base pages `/l` and `/u`, which redirect to the landing page (§2). */
export const toLanding = () => {
  throw redirect({ to: pages.landing, replace: true });
};
