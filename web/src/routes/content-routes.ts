import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { contentRoutes, pageIdPattern } from '../../../shared/content/page-asset';
import { pages } from '../../../shared/pages';
import { loadPageAsset, pageNotFound, resolvePreview } from '../lib/page-assets';
import { previewSearch } from '../pages/preview/search';
import { rootRoute } from './root';

// Content pages (§2): each fixed path shows its hosted page asset; `/p/{pageId}` any other one.
const contentPage = lazyRouteComponent(() => import('../pages/content/ContentPage'), 'ContentPage');
type FixedContentPath = Exclude<keyof typeof contentRoutes, typeof pages.landing>;
const fixedContentRoute = (path: FixedContentPath) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    loader: () => ({ page: loadPageAsset(contentRoutes[path], { reportMissing: true }) }),
    component: contentPage,
  });

export const fixedContentRoutes = [
  fixedContentRoute(pages.about),
  fixedContentRoute(pages.faq),
  fixedContentRoute(pages.howItWorks),
  fixedContentRoute(pages.guide),
  fixedContentRoute(pages.contactUs),
  fixedContentRoute(pages.ourStory),
  fixedContentRoute(pages.help),
  fixedContentRoute(pages.termsOfService),
  fixedContentRoute(pages.privacyPolicy),
];

export const cmsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: pages.cms,
  loader: ({ params }) => ({
    page: pageIdPattern.test(params.pageId) ? loadPageAsset(params.pageId) : pageNotFound(),
    userTyped: true,
  }),
  component: contentPage,
});

// §2 PreviewResolverPage: terms, privacy, landing or a content page from `assetPath`.
export const previewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: pages.preview,
  validateSearch: previewSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => ({ preview: resolvePreview(deps.assetPath, deps.version) }),
  component: lazyRouteComponent(() => import('../pages/preview/PreviewPage'), 'PreviewPage'),
});

// The styleguide (§2 "Styleguide: /styleguide and sub paths").
const styleguidePage = lazyRouteComponent(
  () => import('../pages/styleguide/StyleguidePage'),
  'StyleguidePage',
);
export const styleguideRoutes = [
  pages.styleguide,
  pages.styleguideComponent,
  pages.styleguideExample,
  pages.styleguideExampleRaw,
].map((path) => createRoute({ getParentRoute: () => rootRoute, path, component: styleguidePage }));

export const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: pages.notFound,
  component: lazyRouteComponent(() => import('../pages/not-found/NotFoundPage'), 'NotFoundPage'),
});
