import {
  type InlinedPageAsset,
  inlinedPageAssetElementId,
  type PageAsset,
  pageAssetPath,
  parsePageAsset,
} from '../../../shared/content/page-asset';
import { ApiRequestError, type Loaded, settle } from '../api/client';
import { getHostedAsset, type HostedAsset } from '../api/endpoints';
import { reportError } from '../observability/errors';

/**
 * Page assets (§2 content pages, §7 "Assets"): hosted JSON fetched by the `latest` alias or, for
 * previews, by version. The server-side head renderer already read the asset of the page it served
 * and embeds it in the HTML (`<script type="application/json" id="velo-page-asset">`), so the first
 * page of a visit renders without waiting for a second request.
 */
let inlined: InlinedPageAsset | null | undefined;

function readInlined(path: string, version: string): HostedAsset<unknown> | undefined {
  if (inlined === undefined) {
    const element =
      typeof document === 'undefined' ? null : document.getElementById(inlinedPageAssetElementId);
    try {
      inlined = element?.textContent ? (JSON.parse(element.textContent) as InlinedPageAsset) : null;
    } catch {
      inlined = null;
    }
  }
  if (!inlined || inlined.path !== path || (version !== 'latest' && version !== inlined.version))
    return undefined;
  return { data: inlined.data, meta: { version: inlined.version } };
}

export interface LoadedPage {
  page: PageAsset;
  version: string;
}

/**
 * Loads a page asset by id. A missing asset (404) is reported only when `reportMissing` is set (a
 * page the site links to, not one typed into /p/…); other failures are always reported.
 */
export async function fetchPageAsset(
  pageId: string,
  { version = 'latest', reportMissing = false }: { version?: string; reportMissing?: boolean } = {},
): Promise<LoadedPage> {
  const path = pageAssetPath(pageId);
  try {
    const asset = readInlined(path, version) ?? (await getHostedAsset(path, version));
    const parsed = parsePageAsset(asset.data);
    if ('problems' in parsed) throw new ApiRequestError(0, null, `${path}: ${parsed.problems.join('; ')}`);
    return { page: parsed.page, version: asset.meta.version };
  } catch (error) {
    const missing = error instanceof ApiRequestError && error.isNotFound;
    if (!missing || reportMissing) reportError(error, 'page-asset-fetch-failed', { path, version });
    throw error;
  }
}

export function loadPageAsset(
  pageId: string,
  options?: { version?: string; reportMissing?: boolean },
): Promise<Loaded<LoadedPage>> {
  return settle(fetchPageAsset(pageId, options));
}

/**
 * A 404 for a page id that cannot exist (no request is made), settled through `settle` so that
 * `useLoaded` sees it finish (a plain resolved promise left the page loading for ever).
 */
export function pageNotFound(): Promise<Loaded<LoadedPage>> {
  return settle(Promise.reject(new ApiRequestError(404, null, 'No such page')));
}

export type PreviewKind = 'landing' | 'terms' | 'privacy' | 'content';

export interface PreviewTarget {
  kind: PreviewKind;
  pageId: string;
  page: Promise<Loaded<LoadedPage>>;
}

const previewKinds: Record<string, PreviewKind> = {
  'landing-page': 'landing',
  'terms-of-service': 'terms',
  'privacy-policy': 'privacy',
};

/** Which page an asset path is (`content/pages/<id>.json`), or undefined when it is not a page asset. */
export function previewOf(assetPath: string | undefined): { kind: PreviewKind; pageId: string } | undefined {
  const pageId = /^\/?content\/pages\/([a-z0-9]+(?:-[a-z0-9]+)*)\.json$/.exec(assetPath ?? '')?.[1];
  return pageId ? { kind: previewKinds[pageId] ?? 'content', pageId } : undefined;
}

/**
 * `/preview?assetPath=content/pages/<id>.json[&version=…]` (§2 PreviewResolverPage): which page to
 * show for an asset path, loaded by the given version (an unpublished one) or the latest alias.
 * Undefined when the path is not a page asset.
 */
export function resolvePreview(assetPath: string | undefined, version?: string): PreviewTarget | undefined {
  const target = previewOf(assetPath);
  if (!target) return undefined;
  return {
    ...target,
    page: loadPageAsset(target.pageId, { reportMissing: true, ...(version ? { version } : {}) }),
  };
}
