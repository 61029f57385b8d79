import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { parseSearch, stringifySearch } from '../search/params';

/**
 * For unit tests: renders `node` as the page at `url` of a small router of its own (route paths
 * `paths`, by default the URL's path), with the app's search-parameter format. Independent of the
 * app's route table, so a test sees only the component it tests.
 */
export async function renderAt(url: string, node: ReactNode, paths?: string[]): Promise<string> {
  const root = createRootRoute({ component: Outlet });
  const routePaths = paths ?? [new URL(url, 'http://localhost').pathname];
  const routes = routePaths.map((path) =>
    createRoute({ getParentRoute: () => root, path, component: () => node }),
  );
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [url] }),
    parseSearch,
    stringifySearch,
  });
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}
