/**
 * Hosted content (§2, §7 "Assets"): the JSON page assets behind the landing, about, legal and
 * content-managed pages, and the translations asset. The API serves them from S3 by version or by
 * the `latest` alias (`GET /api/assets/{version}/{path+}` → `{ data, meta: { version } }`); the
 * web app renders them; the head renderer reads their title, description and social image.
 *
 * Text fields are "markdown-lite" (web/src/content/markdown.tsx): paragraphs split by a blank line,
 * `## ` and `### ` headings, `- ` and `1. ` lists, inline `**bold**` and `[label](href)`.
 * `{placeholders}` (see `contentVariables`) are filled in from the marketplace configuration, so
 * the fee, the deadlines, the currency and the contact address have one source of truth.
 */

import { pages } from '../pages';

export const latestAssetAlias = 'latest';

/** Path of a page asset inside an asset version, e.g. `content/pages/about.json`. */
export function pageAssetPath(pageId: string): string {
  return `content/pages/${pageId}.json`;
}

/** The translations asset: a flat `{ key: text }` object merged over the bundled English copy. */
export const translationsAssetPath = 'content/translations.json';

/** Page ids are lowercase words joined by dashes (the `/p/{pageId}` parameter and file names). */
export const pageIdPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Fixed routes whose page is a hosted asset (route path → page id). `/p/{pageId}` adds any other. */
export const contentRoutes = {
  [pages.landing]: 'landing-page',
  [pages.about]: 'about',
  [pages.faq]: 'faq',
  [pages.howItWorks]: 'howto',
  [pages.guide]: 'guide',
  [pages.contactUs]: 'contactus',
  [pages.ourStory]: 'ourstory',
  [pages.help]: 'help',
  [pages.termsOfService]: 'terms-of-service',
  [pages.privacyPolicy]: 'privacy-policy',
} as const satisfies Record<string, string>;

export type ContentRoutePath = keyof typeof contentRoutes;

/** Icons a block may name; the web app draws them inline (no image requests). */
export const contentIcons = [
  'tag',
  'truck',
  'wallet',
  'leaf',
  'bike',
  'gear',
  'shirt',
  'wheel',
  'shield',
  'chat',
  'star',
  'mail',
  'search',
  'camera',
] as const;
export type ContentIcon = (typeof contentIcons)[number];

export interface PageLink {
  label: string;
  /** A site path (`/s?pub_category=…`, `/faq#contact`) or an absolute https URL. */
  href: string;
}

export interface PageBlock {
  /** Anchor id, unique in the page. */
  id?: string;
  title?: string;
  body?: string;
  icon?: ContentIcon;
  /** Quotes: who said it (and where from), e.g. "Maya, Toronto". */
  author?: string;
  /** Quotes: 1–5 stars. */
  rating?: number;
  link?: PageLink;
}

/**
 * How a section is laid out:
 * - `hero`: large title, body, up to two actions (primary first);
 * - `article`: title and long body (legal text, FAQ answers, stories);
 * - `columns`: title, intro body, blocks side by side (how it works, categories);
 * - `quotes`: title, blocks as quotes with author and rating (community reviews);
 * - `feature`: title, body and one action beside it (founder section);
 * - `cta`: a call to action band with title, body and actions.
 */
export const sectionLayouts = ['hero', 'article', 'columns', 'quotes', 'feature', 'cta'] as const;
export type SectionLayout = (typeof sectionLayouts)[number];

export interface PageSection {
  /** Anchor id, unique in the page (e.g. `contact` on the FAQ: `/faq#contact`). */
  id: string;
  layout: SectionLayout;
  title?: string;
  body?: string;
  blocks?: PageBlock[];
  actions?: PageLink[];
}

export interface PageAsset {
  /** The page's <title> (before " | Velo Exchange") and og:title. */
  title: string;
  /** Meta description and og:description (≤ 160 characters). */
  description: string;
  /** The page's h1; defaults to `title`. */
  heading?: string;
  /** "Last updated" date (ISO `YYYY-MM-DD`), shown on legal pages. */
  updated?: string;
  sections: PageSection[];
}

/** Values the `{placeholders}` of page text may use. */
export type ContentVariables = Record<string, string>;

/** Replaces `{name}` with `variables[name]`; unknown names are left as they are. */
export function fillPlaceholders(text: string, variables: ContentVariables): string {
  // Own keys only: `{constructor}` is not a variable.
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(variables, name) ? (variables[name] as string) : whole,
  );
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isOptionalString = (value: unknown) => value === undefined || isString(value);

function linkProblems(link: unknown, where: string): string[] {
  const l = link as Partial<PageLink> | null;
  if (typeof l !== 'object' || l === null || !isString(l.label) || !isString(l.href)) {
    return [`${where}: a link needs a label and an href`];
  }
  // `//host` and `/\host` would leave the site (browsers read a backslash as a slash).
  return /^(\/(?![/\\])|https:\/\/|mailto:)/.test(l.href)
    ? []
    : [`${where}: href must be a site path, https or mailto`];
}

/** Every problem of a page asset; an empty list means it is valid. */
export function pageAssetProblems(value: unknown): string[] {
  const page = value as Partial<PageAsset> | null;
  if (typeof page !== 'object' || page === null) return ['a page asset is a JSON object'];
  const problems: string[] = [];
  if (!isString(page.title) || !page.title) problems.push('title is required');
  if (!isString(page.description) || !page.description) problems.push('description is required');
  else if (page.description.length > 160) problems.push('description is longer than 160 characters');
  if (!isOptionalString(page.heading)) problems.push('heading must be text');
  if (page.updated !== undefined && !(isString(page.updated) && /^\d{4}-\d{2}-\d{2}$/.test(page.updated))) {
    problems.push('updated must be a YYYY-MM-DD date');
  }
  if (!Array.isArray(page.sections)) return [...problems, 'sections must be a list'];
  const ids = new Set<string>();
  page.sections.forEach((raw: unknown, index) => {
    const section = raw as Partial<PageSection> | null;
    const where = `sections[${index}]`;
    if (typeof section !== 'object' || section === null) {
      problems.push(`${where} is not an object`);
      return;
    }
    const blocks: unknown = section.blocks ?? [];
    const actions: unknown = section.actions ?? [];
    if (!Array.isArray(blocks)) problems.push(`${where}: blocks must be a list`);
    if (!Array.isArray(actions)) problems.push(`${where}: actions must be a list`);
    const blockList = (Array.isArray(blocks) ? blocks : []) as (Partial<PageBlock> | null)[];
    const anchors = [section.id, ...blockList.map((block) => block?.id)].filter(isString);
    for (const id of anchors) {
      if (ids.has(id)) problems.push(`${where}: anchor id "${id}" is used twice`);
      ids.add(id);
    }
    if (!isString(section.id) || !section.id) problems.push(`${where}: id is required`);
    if (!sectionLayouts.includes(section.layout as SectionLayout)) problems.push(`${where}: unknown layout`);
    if (!isOptionalString(section.title) || !isOptionalString(section.body)) {
      problems.push(`${where}: title and body must be text`);
    }
    for (const action of Array.isArray(actions) ? actions : []) problems.push(...linkProblems(action, where));
    blockList.forEach((block, blockIndex) => {
      const at = `${where}.blocks[${blockIndex}]`;
      if (typeof block !== 'object' || block === null) {
        problems.push(`${at} is not an object`);
        return;
      }
      if (![block.id, block.title, block.body, block.author].every(isOptionalString))
        problems.push(`${at}: text fields must be text`);
      if (block.icon !== undefined && !contentIcons.includes(block.icon as ContentIcon))
        problems.push(`${at}: unknown icon`);
      if (
        block.rating !== undefined &&
        !(Number.isInteger(block.rating) && block.rating >= 1 && block.rating <= 5)
      ) {
        problems.push(`${at}: rating is 1 to 5`);
      }
      if (block.link !== undefined) problems.push(...linkProblems(block.link, at));
    });
  });
  return problems;
}

/** Narrows a fetched asset to a page, or says why it is not one. */
export function parsePageAsset(value: unknown): { page: PageAsset } | { problems: string[] } {
  const problems = pageAssetProblems(value);
  return problems.length ? { problems } : { page: value as PageAsset };
}

/** A translations asset is a flat object of text. */
export function isTranslations(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((text) => typeof text === 'string')
  );
}

/**
 * The head renderer embeds the page asset it read into the HTML it serves, in
 * `<script type="application/json" id="velo-page-asset">`, so the app renders that page without
 * fetching it again.
 */
export const inlinedPageAssetElementId = 'velo-page-asset';

export interface InlinedPageAsset {
  path: string;
  version: string;
  data: unknown;
}
