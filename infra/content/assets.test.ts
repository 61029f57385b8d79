import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { categoriesInGroup, featuredCategoryGroups, isCategory } from '../../shared/config/categories';
import {
  contentRoutes,
  fillPlaceholders,
  isTranslations,
  type PageAsset,
  pageAssetPath,
  pageAssetProblems,
  translationsAssetPath,
} from '../../shared/content/page-asset';
import { contentVariables } from '../../shared/content/variables';

/**
 * The hosted page assets as they are published (`infra/content/assets/` → the S3 key of each file
 * inside a version is its path under `assets/`): valid pages, known placeholders, links only to
 * pages that exist, and the legal terms of the spec (§1) taken from the configuration.
 */
const assetsDir = new URL('./assets/', import.meta.url);
const pagesDir = new URL(pageAssetPath('x').replace(/x\.json$/, ''), assetsDir);
const variables = contentVariables();

const pageFiles = readdirSync(pagesDir).filter((name) => name.endsWith('.json'));
const raw = new Map(
  pageFiles.map((name) => [name.slice(0, -'.json'.length), readFileSync(new URL(name, pagesDir), 'utf8')]),
);
const pages = new Map([...raw].map(([id, text]) => [id, JSON.parse(text) as PageAsset]));
const page = (id: string) => pages.get(id) as PageAsset;

/** Every string in a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** Every link of a page, unfilled: actions, block links and `[label](href)` in text. */
function links(asset: PageAsset): string[] {
  const hrefs: string[] = [];
  for (const section of asset.sections) {
    hrefs.push(...(section.actions ?? []).map((action) => action.href));
    hrefs.push(...(section.blocks ?? []).flatMap((block) => (block.link ? [block.link.href] : [])));
  }
  for (const text of strings(asset.sections)) {
    for (const match of text.matchAll(/\[[^\]]+\]\(([^)\s]+)\)/g)) hrefs.push(match[1] as string);
  }
  return hrefs;
}

/** Anchor ids of a page (sections and blocks). */
function anchors(asset: PageAsset): Set<string> {
  return new Set(
    asset.sections.flatMap((section) => [
      section.id,
      ...(section.blocks ?? []).flatMap((b) => (b.id ? [b.id] : [])),
    ]),
  );
}

/** Site paths the content may link to, with the page asset behind each (for `#anchor` checks). */
const sitePaths: Record<string, string | undefined> = {
  ...Object.fromEntries(Object.entries(contentRoutes).map(([path, id]) => [path, id])),
  '/s': undefined,
  '/l/new': undefined,
  '/signup': undefined,
  '/login': undefined,
  '/p/safety-tips': 'safety-tips',
};

/** Why a content link is not allowed, or undefined when it is fine. */
function linkProblem(href: string): string | undefined {
  if (href === 'mailto:{contactEmail}' || href === '{blogUrl}') return undefined;
  const url = /^(\/[^?#]*)(\?[^#]*)?(#.*)?$/.exec(href);
  if (!url) return `${href}: not a site path, mailto:{contactEmail} or {blogUrl}`;
  const [, path = '', query, hash] = url;
  if (!(path in sitePaths)) return `${href}: no such page`;
  if (query) {
    if (path !== '/s') return `${href}: only search takes query parameters`;
    const params = new URLSearchParams(query);
    for (const key of params.keys())
      if (key !== 'pub_category') return `${href}: unknown search parameter ${key}`;
    const categories = params.get('pub_category')?.split(',') ?? [];
    if (!categories.every(isCategory)) return `${href}: unknown category`;
  }
  if (hash) {
    const target = sitePaths[path];
    if (!target || !anchors(page(target)).has(hash.slice(1))) return `${href}: no such anchor`;
  }
  return undefined;
}

/** The text a visitor reads on a page, placeholders filled and markdown markers left in. */
const filled = (id: string) => fillPlaceholders(strings(page(id)).join('\n'), variables);

const expectedPages = [
  'landing-page',
  'about',
  'faq',
  'howto',
  'guide',
  'contactus',
  'ourstory',
  'help',
  'privacy-policy',
  'terms-of-service',
  'safety-tips',
];

describe('hosted page assets', () => {
  it('has a page asset for every content route and the content-managed safety tips, and nothing else', () => {
    expect([...pages.keys()].sort()).toEqual([...expectedPages].sort());
    for (const pageId of Object.values(contentRoutes)) expect(pages.has(pageId)).toBe(true);
  });

  it('keeps the published layout: page assets under content/pages, the translations asset beside them', () => {
    const files = readdirSync(assetsDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `${entry.parentPath}/${entry.name}`.slice(fileURLToPath(assetsDir).length));
    for (const file of files) {
      expect(file).toMatch(
        new RegExp(`^(${pageAssetPath('[a-z0-9-]+').replace('.', '\\.')}|${translationsAssetPath})$`),
      );
    }
    const translations = new URL(translationsAssetPath, assetsDir);
    if (existsSync(translations))
      expect(isTranslations(JSON.parse(readFileSync(translations, 'utf8')))).toBe(true);
  });

  it.each(expectedPages)('%s is a valid page asset', (id) => {
    expect(pageAssetProblems(page(id))).toEqual([]);
  });

  it.each(expectedPages)('%s uses only known placeholders, none in its title or description', (id) => {
    const used = strings(page(id)).flatMap((text) =>
      [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string),
    );
    expect(used.filter((name) => !(name in variables))).toEqual([]);
    const { title, description, heading = '' } = page(id);
    expect(`${title} ${description} ${heading}`).not.toMatch(/[{}]/);
    // Braces only around placeholders: a typo like `{feePercent` would show as is.
    expect(filled(id)).not.toMatch(/[{}]/);
  });

  it.each(expectedPages)('%s links only to pages and anchors that exist', (id) => {
    const hrefs = links(page(id));
    expect(hrefs.map(linkProblem).filter(Boolean)).toEqual([]);
    // Every `](` starts a well-formed markdown link.
    for (const text of strings(page(id).sections)) {
      expect(text.split('](').length - 1).toBe([...text.matchAll(/\[[^\]]+\]\([^)\s]+\)/g)].length);
    }
  });

  it.each(expectedPages)('%s is real copy', (id) => {
    expect(raw.get(id)).not.toMatch(/lorem|ipsum|placeholder|todo|tbd/i);
    for (const section of page(id).sections) {
      expect(section.title || section.body || section.blocks?.length).toBeTruthy();
    }
  });

  it('the link checker refuses what it should', () => {
    expect(linkProblem('/nowhere')).toMatch(/no such page/);
    expect(linkProblem('/faq#nowhere')).toMatch(/no such anchor/);
    expect(linkProblem('/signup#x')).toMatch(/no such anchor/);
    expect(linkProblem('/s?pub_category=unicorns')).toMatch(/unknown category/);
    expect(linkProblem('/s?sort=price')).toMatch(/unknown search parameter/);
    expect(linkProblem('/faq?x=1')).toMatch(/only search/);
    expect(linkProblem('https://example.com')).toMatch(/not a site path/);
    expect(linkProblem('mailto:someone@example.com')).toMatch(/not a site path/);
    expect(linkProblem('/faq#contact')).toBeUndefined();
  });
});

describe('landing page', () => {
  const landing = page('landing-page');
  const section = (id: string) => landing.sections.find((s) => s.id === id);

  it('has the six sections of the spec in order, with their layouts', () => {
    expect(landing.sections.map((s) => [s.id, s.layout])).toEqual([
      ['hero', 'hero'],
      ['how-it-works', 'columns'],
      ['featured-categories', 'columns'],
      ['community-reviews', 'quotes'],
      ['founder', 'feature'],
      ['join', 'cta'],
    ]);
  });

  it('keeps the hero short (it is the LCP element) with Buy and Sell actions', () => {
    const hero = section('hero');
    expect(hero?.title?.length).toBeLessThanOrEqual(60);
    expect(hero?.body?.length ?? 0).toBeLessThanOrEqual(120);
    expect(hero?.actions).toEqual([
      { label: 'Buy', href: '/s' },
      { label: 'Sell', href: '/l/new' },
    ]);
  });

  it('explains how it works in four steps with icons', () => {
    const blocks = section('how-it-works')?.blocks ?? [];
    expect(blocks.map((b) => b.title)).toEqual(['Sell quickly', 'Ship easily', 'Get paid', 'Make an impact']);
    for (const block of blocks) expect(block.icon).toBeDefined();
  });

  it('features complete bikes, drivetrains, apparel and wheels, each linking to its whole category group', () => {
    const blocks = section('featured-categories')?.blocks ?? [];
    expect(blocks.map((b) => b.title)).toEqual(['Complete bikes', 'Drivetrains', 'Apparel', 'Wheels']);
    expect(blocks.map((b) => b.link?.href)).toEqual(
      featuredCategoryGroups.map((group) => `/s?pub_category=${categoriesInGroup(group).join(',')}`),
    );
    for (const block of blocks) expect(block.icon).toBeDefined();
  });

  it('quotes three community reviews with an author and a rating', () => {
    const blocks = section('community-reviews')?.blocks ?? [];
    expect(blocks).toHaveLength(3);
    for (const block of blocks) {
      expect(block.author).toBeTruthy();
      expect(block.rating).toBeGreaterThanOrEqual(1);
      expect(block.body).toBeTruthy();
    }
  });

  it("tells the founder's story with a link to our story, and ends with the sign-up call to action", () => {
    expect(section('founder')?.actions?.map((a) => a.href)).toEqual(['/ourstory']);
    expect(section('join')?.actions).toEqual([{ label: 'Join the marketplace', href: '/signup' }]);
  });
});

describe('FAQ', () => {
  it('has a contact section (/faq#contact) with the address and the contact page', () => {
    const contact = page('faq').sections.find((s) => s.id === 'contact');
    expect(contact?.body).toContain('mailto:{contactEmail}');
    expect(contact?.body).toContain('(/contactus)');
    expect(fillPlaceholders(contact?.body ?? '', variables)).toContain('hello@veloexchange.com');
  });

  it('covers fees, the shipping deadline, cancelling, problems, payouts and safety', () => {
    expect([...anchors(page('faq'))]).toEqual(
      expect.arrayContaining(['fees', 'shipping', 'buying', 'problems', 'payouts', 'safety', 'contact']),
    );
    const text = filled('faq');
    for (const term of ['10%', 'within 5 days', 'within 3 hours', 'within 3 days of delivery', 'USD']) {
      expect(text).toContain(term);
    }
  });
});

describe('legal pages', () => {
  const termsOfBoth = [
    /10 ?%/,
    /inclusive of payment processing fees,? but (it is )?not (charged on|of) shipping/,
    /within 5 days of the purchase/,
    /within 3 hours of (the purchase|it)/,
    /within 3 days of delivery/,
    /over 13/,
    /laws of Canada/,
    /last updated on July 1st, 2021/,
    /USD/,
    /hello@veloexchange\.com/,
  ];

  it.each(['terms-of-service', 'privacy-policy'])('%s is dated July 1st, 2021 and states the terms', (id) => {
    expect(page(id).updated).toBe('2021-07-01');
    const text = filled(id);
    for (const term of termsOfBoth) expect(text).toMatch(term);
  });

  it('the terms also say that listing is free, tracking is given and purchases are otherwise final', () => {
    const text = filled('terms-of-service');
    expect(text).toMatch(/Listing is free/);
    expect(text).toMatch(/give a tracking number within 5 days/);
    expect(text).toMatch(/Purchases are otherwise final/);
  });

  it.each(['terms-of-service', 'privacy-policy'])('%s takes every number from the configuration', (id) => {
    const text = raw.get(id) as string;
    for (const literal of [
      /\b10 ?%/,
      /\b5 days/,
      /\b3 hours/,
      /\b3 days/,
      /over 13/,
      /Canada/,
      /USD|CAD/,
      /@/,
      /July/,
    ]) {
      expect(text).not.toMatch(literal);
    }
  });
});
