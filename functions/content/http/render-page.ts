import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import {
  contentRoutes,
  type InlinedPageAsset,
  inlinedPageAssetElementId,
  latestAssetAlias,
  pageAssetPath,
  parsePageAsset,
} from '../../../shared/content/page-asset';
import { type GalleryImageSources, galleryImageSources } from '../../../shared/listings';
import { appendToHead, embedJson, imagePreloadTag, replaceHeadTags } from '../../../shared/seo/document';
import { buildHeadTags, type HeadInput } from '../../../shared/seo/head';
import { contentHead, listingHead, profileHead } from '../../../shared/seo/pages';
import { getUser } from '../../accounts/repository';
import type { HttpResult } from '../../lib/http';
import { log, requestIdOf, withLogContext } from '../../lib/logger';
import { flushMetrics } from '../../lib/metrics';
import { reportError } from '../../lib/observability';
import { siteOrigin } from '../../lib/site-origin';
import { getListing } from '../../listings/repository';
import { AssetNotFound, assetAliasKey, readAsset } from '../assets';
import { matchPageRoute, type PageRoute } from '../pages/page-routes';
import { siteTemplate } from '../pages/site-template';

/**
 * The head renderer (§2 "Server-side rendering returns head and body"): CloudFront sends every
 * page request (GET/HEAD of a path without a file extension) here, through a Lambda Function URL;
 * the local gateway calls it in-process with the same event (API Gateway v2 / Function URL shape).
 * The answer is index.html with the page's title, description, canonical, Open Graph and Twitter
 * tags in place of the generic ones; the body is untouched (the app renders into `<div id="root">`).
 *
 * - landing and hosted pages: their asset's title and description (latest version);
 * - `/l/{slug}/{id}`, `/l/{id}`: the listing; `/u/{id}`: the profile;
 * - a missing listing, user or `/p/` page: 404 with the generic head (the app shows its 404 page);
 * - every other path, and any failure to read data: the generic head with 200.
 *
 * Canonical and image URLs are on the configured site origin (SITE_ORIGIN), whatever host the
 * request names: a header would let anyone poison the shared page cache with another domain.
 */
export const pageCacheControl = 'public, max-age=60';

const htmlHeaders = { 'content-type': 'text/html; charset=utf-8', 'cache-control': pageCacheControl };

interface PageHead {
  status: 200 | 404;
  head?: HeadInput;
  /** A page asset this request read: embedded, so the app does not fetch it again. */
  asset?: InlinedPageAsset;
  /** The page's largest image (a listing's main photo), preloaded with the HTML. */
  preload?: GalleryImageSources;
}

const fixedContentPaths = new Set<string>(Object.keys(contentRoutes));

async function contentPage(
  route: Extract<PageRoute, { kind: 'content' }>,
  origin: string,
): Promise<PageHead> {
  try {
    const path = pageAssetPath(route.pageId);
    const { data, version } = await readAsset(latestAssetAlias, path);
    const parsed = parsePageAsset(data);
    if ('problems' in parsed) {
      log.warn(`page asset ${route.pageId} is invalid`, { problems: parsed.problems });
      return { status: 200 };
    }
    return {
      status: 200,
      head: contentHead(parsed.page, route.path, origin),
      asset: { path, version, data },
    };
  } catch (error) {
    // A fixed route exists whatever the content says; a /p/ page without an asset does not.
    if (error instanceof AssetNotFound && error.key !== assetAliasKey && !fixedContentPaths.has(route.path)) {
      return { status: 404 };
    }
    throw error;
  }
}

async function pageHead(route: PageRoute, origin: string): Promise<PageHead> {
  switch (route.kind) {
    case 'generic':
      return { status: 200 };
    case 'not-found':
      return { status: 404 };
    case 'content':
      return contentPage(route, origin);
    case 'listing': {
      // The same visibility as GET /api/listings/{id}: no drafts or deleted listings, nothing of banned or deleted authors.
      const record = await getListing(route.id);
      if (!record || record.deleted || record.state === 'draft' || record.state === 'pendingApproval')
        return { status: 404 };
      const author = await getUser(record.authorId);
      if (author?.banned || author?.deleted) return { status: 404 };
      const photo = record.images?.[0] && galleryImageSources(record.images[0]);
      return { status: 200, head: listingHead(record, origin), ...(photo ? { preload: photo } : {}) };
    }
    case 'profile': {
      const user = await getUser(route.id);
      return user ? { status: 200, head: profileHead(user, origin) } : { status: 404 };
    }
  }
}

/** The head renderer's Lambda (a Function URL, not the API): its lines carry the request id too. */
export function handler(event: APIGatewayProxyEventV2, context?: Context): Promise<HttpResult> {
  return withLogContext({ requestId: requestIdOf(event, context) }, async () => {
    try {
      return await renderPage(event);
    } finally {
      flushMetrics(); // none recorded today; a metric added here is published like everywhere else
    }
  });
}

async function renderPage(event: APIGatewayProxyEventV2): Promise<HttpResult> {
  const method = event.requestContext?.http?.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    return {
      statusCode: 405,
      headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' },
      body: 'Method not allowed',
    };
  }
  let shell: string;
  try {
    shell = await siteTemplate();
  } catch (error) {
    await reportError(error, { handler: 'content/http/render-page', stage: 'index.html' });
    return {
      statusCode: 503,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
        'retry-after': '10',
      },
      body: 'Velo Exchange is not available right now. Please try again in a moment.',
    };
  }
  const path = event.rawPath || '/';
  let page: PageHead;
  try {
    page = await pageHead(matchPageRoute(path), siteOrigin());
  } catch (error) {
    // The page still works (the app loads its data itself); only the head is the generic one.
    await reportError(error, { handler: 'content/http/render-page', stage: 'page data', path });
    page = { status: 200 };
  }
  let body = page.head ? replaceHeadTags(shell, buildHeadTags(page.head)) : shell;
  if (page.preload) body = appendToHead(body, imagePreloadTag(page.preload));
  if (page.asset) body = embedJson(body, inlinedPageAssetElementId, page.asset);
  return { statusCode: page.status, headers: htmlHeaders, body };
}
