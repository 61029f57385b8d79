import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../../functions/accounts/repository';
import { pageCacheControl } from '../../functions/content/http/render-page';
import { contentAssetsDir } from '../../infra/local/seed/content';
import type { ListingImage } from '../../shared/api/types';
import {
  fillPlaceholders,
  inlinedPageAssetElementId,
  type PageAsset,
  pageAssetPath,
} from '../../shared/content/page-asset';
import { contentVariables } from '../../shared/content/variables';
import { documentTitle, escapeHtml } from '../../shared/seo/head';
import { createSlug } from '../../shared/text/slug';
import { useLocalCloud } from './cloud-env';
import { givenListing, givenSeller } from './fixtures';

// Crawler-style requests (HTML, no JavaScript) to the gateway: the head renderer's answer. The test
// cloud's index.html is a minimal shell (global-setup.ts) whose generic title is "Velo test".
let url: string;
let listingId: string;
let listingTitle: string;
let sellerId: string;
const genericTitle = '<title>Velo test</title>';

const imagePath = (id: string, name: string) => `/images/listings/${id}/photo-1/${name}.jpg`;

beforeAll(async () => {
  url = useLocalCloud().url;
  const seller = await givenSeller({ displayName: 'Maya R.' });
  sellerId = seller.id;
  await updateUser(seller.id, { set: { bio: 'Road & gravel rider in Toronto.' } });
  listingId = randomUUID();
  listingTitle = `Trek Domane AL 2 <Disc> & more ${listingId.slice(0, 6)}`;
  const variants: ListingImage['variants'] = {
    'listing-card': { width: 400, height: 400, url: imagePath(listingId, 'listing-card') },
    'scaled-large': { width: 1200, height: 1200, url: imagePath(listingId, 'scaled-large') },
    facebook: { width: 1200, height: 630, url: imagePath(listingId, 'facebook') },
    twitter: { width: 600, height: 314, url: imagePath(listingId, 'twitter') },
  };
  await givenListing(seller.id, {
    id: listingId,
    title: listingTitle,
    description: `Light aluminium endurance frame, new tyres. ${'Ridden gently. '.repeat(20)}`,
    images: [{ id: 'photo-1', variants }],
  });
});

function crawl(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${url}${path}`, {
    ...init,
    headers: { accept: 'text/html', 'user-agent': 'Twitterbot/1.0' },
  });
}

/** The content of a meta tag of the page, unescaped enough for the tests (attributes are escaped). */
function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html);
  return match?.[1];
}

function pageAsset(pageId: string): PageAsset {
  return JSON.parse(readFileSync(join(contentAssetsDir, pageAssetPath(pageId)), 'utf8')) as PageAsset;
}

describe('head of a listing page', () => {
  it("has the listing's title, description, canonical URL and social images in the HTML", async () => {
    const slug = createSlug(listingTitle);
    const response = await crawl(`/l/${slug}/${listingId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe(pageCacheControl);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await response.text();
    expect(html).toContain(`<title>${escapeHtml(listingTitle)} | Velo Exchange</title>`);
    expect(html).not.toContain(genericTitle);
    expect(html).not.toContain('<Disc>');
    expect(meta(html, 'og:image')).toBe(`${url}${imagePath(listingId, 'facebook')}`);
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    expect(meta(html, 'twitter:image')).toBe(`${url}${imagePath(listingId, 'twitter')}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'og:type')).toBe('article');
    // The main photo is fetched with the HTML, not after the app and its data.
    expect(html).toContain(
      `<link rel="preload" as="image" href="${imagePath(listingId, 'scaled-large')}" fetchpriority="high" />`,
    );
    expect(meta(html, 'og:url')).toBe(`${url}/l/${slug}/${listingId}`);
    expect(html).toContain(`<link rel="canonical" href="${url}/l/${slug}/${listingId}" />`);
    const description = meta(html, 'description')!;
    expect(description.startsWith('$950 · Light aluminium endurance frame')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160 + 40); // escaped characters aside
    expect(html).toContain('<div id="root"></div>');
  });

  it('is the same for /l/{id}, with the slug path as canonical', async () => {
    const html = await (await crawl(`/l/${listingId}`)).text();
    expect(html).toContain(`<title>${escapeHtml(listingTitle)} | Velo Exchange</title>`);
    expect(html).toContain(
      `<link rel="canonical" href="${url}/l/${createSlug(listingTitle)}/${listingId}" />`,
    );
  });

  it('answers 404 with the app shell for a missing or draft listing', async () => {
    const draft = await givenListing(sellerId, { title: 'Draft bike', state: 'draft' });
    for (const path of [
      `/l/some-bike/${randomUUID()}`,
      `/l/${randomUUID()}`,
      `/l/draft-bike/${draft.id}`,
      '/l/x/%3Cx%3E',
    ]) {
      const response = await crawl(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain(genericTitle);
      expect(html, path).toContain('<div id="root"></div>');
    }
  });

  it('keeps the app routes under /l generic', async () => {
    for (const path of ['/l/new', `/l/slug/${listingId}/checkout`]) {
      const response = await crawl(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain(genericTitle);
    }
  });
});

describe('head of a profile page', () => {
  it('has the display name and bio', async () => {
    const response = await crawl(`/u/${sellerId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Maya R. | Velo Exchange</title>');
    expect(meta(html, 'description')).toBe('Road &amp; gravel rider in Toronto.');
    expect(meta(html, 'og:type')).toBe('profile');
    expect(meta(html, 'og:image')).toBe(`${url}/social-image-1200x630.png`);
  });

  it('answers 404 for a user who does not exist', async () => {
    const response = await crawl(`/u/${randomUUID()}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(genericTitle);
  });
});

describe('head of hosted pages', () => {
  it("gives /about its asset's title and description", async () => {
    const about = pageAsset('about');
    const response = await crawl('/about');
    expect(response.status).toBe(200);
    const html = await response.text();
    const title = fillPlaceholders(about.title, contentVariables());
    expect(html).toContain(`<title>${escapeHtml(documentTitle(title, '/about'))}</title>`);
    expect(meta(html, 'og:title')).toBe(escapeHtml(title));
    expect(meta(html, 'description')).toBe(
      escapeHtml(fillPlaceholders(about.description, contentVariables())),
    );
    expect(meta(html, 'og:image')).toBe(`${url}/social-image-1200x630.png`);
    expect(meta(html, 'twitter:image')).toBe(`${url}/social-image-600x314.png`);
    expect(html).toContain(`<link rel="canonical" href="${url}/about" />`);
  });

  it("gives the landing page the site name and its asset's title", async () => {
    const landing = pageAsset('landing-page');
    const html = await (await crawl('/')).text();
    const title = documentTitle(fillPlaceholders(landing.title, contentVariables()), '/');
    expect(title.startsWith('Velo Exchange')).toBe(true);
    expect(html).toContain(`<title>${escapeHtml(title)}</title>`);
    expect(meta(html, 'og:title')).toBe(escapeHtml(title));
    expect(html).toContain(`<link rel="canonical" href="${url}/" />`);
  });

  it('embeds the page asset it read, so the app does not fetch it again', async () => {
    const html = await (await crawl('/')).text();
    const json = new RegExp(
      `<script type="application/json" id="${inlinedPageAssetElementId}">(.*?)</script>`,
    ).exec(html)?.[1];
    const embedded = JSON.parse(json ?? 'null') as { path: string; version: string; data: unknown };
    expect(embedded.path).toBe(pageAssetPath('landing-page'));
    expect(embedded.data).toEqual(pageAsset('landing-page'));
    const api = (await (await fetch(`${url}/api/assets/latest/${embedded.path}`)).json()) as {
      meta: { version: string };
    };
    expect(embedded.version).toBe(api.meta.version);
  });

  it('gives /p/{pageId} pages their asset, and 404 when there is none', async () => {
    const html = await (await crawl('/p/about')).text();
    expect(html).toContain(`<link rel="canonical" href="${url}/about" />`);
    const missing = await crawl('/p/no-such-page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(genericTitle);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await crawl('/about', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe('');
  });
});

describe('other pages', () => {
  it('keep the generic head of index.html, with 200', async () => {
    for (const path of ['/s?keywords=trek', '/login', '/no/such/page', '/%E0%A4%A']) {
      const response = await crawl(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toBe('<!doctype html><title>Velo test</title><div id="root"></div>');
    }
  });

  it('still serve files as files', async () => {
    const asset = await fetch(`${url}/assets/index-3f9a1c.js`);
    expect(asset.status).toBe(200);
    expect((await fetch(`${url}/assets/missing-000000.js`)).status).toBe(404);
  });
});
