import { readdirSync, readFileSync } from 'node:fs';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { contentIcons, type PageAsset, type PageSection } from '../../../shared/content/page-asset';
import { Icon } from './icons';
import { formatContentDate, PageHeader, PageSections } from './PageSections';

// A router of its own: content links only need one to navigate (the app's route table is not under test).
const router = createRouter({
  routeTree: createRootRoute(),
  history: createMemoryHistory({ initialEntries: ['/'] }),
});
const render = (node: ReactNode) =>
  renderToString(<RouterContextProvider router={router}>{node}</RouterContextProvider>);

const pageOf = (sections: PageSection[], extra: Partial<PageAsset> = {}): PageAsset => ({
  title: 'A page',
  description: 'About it.',
  sections,
  ...extra,
});
const renderSections = (sections: PageSection[], extra?: Partial<PageAsset>) =>
  render(<PageSections page={pageOf(sections, extra)} />);

/** The heading levels in document order. */
const headingLevels = (html: string) => [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));

describe('formatContentDate', () => {
  it('writes an ISO date as the legal pages do, with the ordinal suffix', () => {
    expect(formatContentDate('2021-07-01')).toBe('July 1st, 2021');
    const days: [string, string][] = [
      ['02', '2nd'],
      ['03', '3rd'],
      ['04', '4th'],
      ['11', '11th'],
      ['12', '12th'],
      ['13', '13th'],
      ['21', '21st'],
      ['22', '22nd'],
      ['23', '23rd'],
      ['30', '30th'],
      ['31', '31st'],
    ];
    for (const [day, text] of days)
      expect(formatContentDate(`2024-12-${day}`)).toBe(`December ${text}, 2024`);
  });

  it('gives back what is not a real date', () => {
    for (const text of ['2021-02-30', '2021-13-01', 'July 1st, 2021', ''])
      expect(formatContentDate(text)).toBe(text);
  });
});

describe('PageHeader', () => {
  it('shows the heading (or the title) as the h1 and the last-updated date', () => {
    expect(render(<PageHeader page={pageOf([], { heading: 'Terms of {marketplaceName}' })} />)).toBe(
      '<header class="content-header"><h1>Terms of Velo Exchange</h1></header>',
    );
    const html = render(<PageHeader page={pageOf([], { updated: '2021-07-01' })} />);
    expect(html).toContain('<h1>A page</h1>');
    expect(html).toContain('<time dateTime="2021-07-01">Last updated July 1st, 2021</time>');
  });

  it('can leave the h1 out, and then shows nothing without a date', () => {
    expect(render(<PageHeader page={pageOf([])} withHeading={false} />)).toBe('');
    const html = render(<PageHeader page={pageOf([], { updated: '2021-07-01' })} withHeading={false} />);
    expect(html).not.toContain('<h1');
    expect(html).toContain('Last updated July 1st, 2021');
  });
});

describe('PageSections', () => {
  const hero: PageSection = {
    id: 'hero',
    layout: 'hero',
    title: 'Ride {marketplaceName}',
    body: 'Used bikes.',
    actions: [
      { label: 'Buy', href: '/s' },
      { label: 'Sell', href: '/l/new' },
    ],
  };

  it('makes a leading hero title the h1, with primary then secondary actions', () => {
    const html = renderSections([hero, { id: 'more', layout: 'article', title: 'More' }]);
    expect(headingLevels(html)).toEqual([1, 2]);
    expect(html).toContain(
      '<section id="hero" aria-labelledby="hero-title" class="content-section content-hero"><div class="content-inner">',
    );
    expect(html).toContain('<h1 id="hero-title">Ride Velo Exchange</h1><p>Used bikes.</p>');
    expect(html).toContain('<a href="/s" class="button button-primary button-large">Buy</a>');
    expect(html).toContain('<a href="/l/new" class="button button-secondary button-large">Sell</a>');
    expect(html).not.toContain('content-header');
  });

  it('shows the page h1 before the sections otherwise, and h2 section titles', () => {
    const html = renderSections(
      [
        { ...hero, title: undefined },
        { id: 'b', layout: 'article', title: 'B' },
      ],
      {
        heading: 'Heading',
      },
    );
    expect(headingLevels(html)).toEqual([1, 2]);
    expect(html).toMatch(
      /^<header class="content-header"><h1>Heading<\/h1><\/header><section id="hero" class=/,
    );
  });

  it('continued sections have no header and no h1', () => {
    const html = render(<PageSections page={pageOf([hero], { updated: '2021-07-01' })} continued />);
    expect(headingLevels(html)).toEqual([2]);
    expect(html).not.toContain('Last updated');
  });

  it('article: section body headings under the section title, blocks as h3 with their anchors', () => {
    const html = renderSections([
      {
        id: 'fees',
        layout: 'article',
        title: 'Fees',
        body: 'A {feePercent}% fee.\n\n## Details',
        blocks: [
          {
            id: 'q1',
            title: 'Who pays?',
            body: 'The seller.\n\n## Why',
            link: { label: 'FAQ', href: '/faq#contact' },
          },
          { body: 'No title here.' },
        ],
      },
    ]);
    expect(headingLevels(html)).toEqual([1, 2, 3, 3, 4]);
    expect(html).toContain('<h2 id="fees-title">Fees</h2><p>A 10% fee.</p><h3>Details</h3>');
    expect(html).toContain('<div class="content-items"><div id="q1" class="content-item"><h3>Who pays?</h3>');
    expect(html).toContain('<p class="content-block-link"><a href="/faq#contact">FAQ</a></p>');
    expect(html).toContain('<div class="content-item"><p>No title here.</p></div>');
  });

  it('a section without a title has no label, and its body headings start at h2', () => {
    const html = renderSections([{ id: 'intro', layout: 'article', body: '## Start' }]);
    expect(html).toContain('<section id="intro" class="content-section content-article">');
    expect(headingLevels(html)).toEqual([1, 2]);
  });

  it('columns: a list of cards with an icon, a title, text and a link', () => {
    const html = renderSections([
      {
        id: 'categories',
        layout: 'columns',
        title: 'Featured categories',
        body: 'Start here.',
        blocks: [
          {
            id: 'bikes',
            icon: 'bike',
            title: 'Complete bikes',
            body: 'Ready to ride.',
            link: { label: 'Shop bikes', href: '/s?pub_category=roadBikes,gravelBikes' },
          },
          { icon: 'leaf', title: 'Impact' },
        ],
      },
    ]);
    expect(html).toContain(
      '<ul class="content-columns-list"><li id="bikes" class="content-item"><svg class="content-icon"',
    );
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('<h3>Complete bikes</h3><p>Ready to ride.</p>');
    expect(html).toContain('<a href="/s?pub_category=roadBikes,gravelBikes">Shop bikes</a>');
    expect(html).toContain('<li class="content-item"><svg');
  });

  it('quotes: figures with the quote, the author and the rating as text', () => {
    const html = renderSections([
      {
        id: 'reviews',
        layout: 'quotes',
        title: 'From the community',
        blocks: [
          { id: 'maya', body: 'Sold in **three** days.', author: 'Maya, Vancouver', rating: 4 },
          { title: 'Great', body: 'Quick.', link: { label: 'More', href: '/about' } },
        ],
      },
    ]);
    expect(html).toContain(
      '<ul class="content-quotes-list"><li id="maya" class="content-item"><figure class="content-quote">',
    );
    expect(html).toContain(
      '<p class="content-rating"><span aria-hidden="true">★★★★☆</span><span class="visually-hidden">Rated 4 out of 5</span></p>',
    );
    expect(html).toContain('<blockquote><p>Sold in <strong>three</strong> days.</p></blockquote>');
    expect(html).toContain('<figcaption>Maya, Vancouver</figcaption>');
    expect(html).toContain(
      '<h3>Great</h3><blockquote><p>Quick.</p></blockquote><p class="content-block-link">',
    );
    expect(html.match(/content-rating/g)).toHaveLength(1);
  });

  it('feature and cta: text with actions, placeholders filled in labels and links', () => {
    const html = renderSections([
      {
        id: 'founder',
        layout: 'feature',
        title: 'Why',
        body: 'Because.',
        actions: [{ label: 'Our story', href: '/ourstory' }],
      },
      {
        id: 'join',
        layout: 'cta',
        title: 'Join',
        actions: [
          { label: 'Join {marketplaceName}', href: '/signup' },
          { label: 'Write to us', href: 'mailto:{contactEmail}' },
        ],
      },
      { id: 'empty', layout: 'cta', blocks: [], actions: [] },
    ]);
    expect(html).toContain(
      '<section id="founder" aria-labelledby="founder-title" class="content-section content-feature">',
    );
    expect(html).toContain('<a href="/ourstory" class="button button-primary">Our story</a>');
    expect(html).toContain(
      '<a href="/signup" class="button button-primary button-large">Join Velo Exchange</a>',
    );
    expect(html).toContain(
      '<a href="mailto:hello@veloexchange.com" class="button button-secondary button-large">',
    );
    expect(html).toContain(
      '<section id="empty" class="content-section content-cta"><div class="content-inner"></div></section>',
    );
  });
});

describe('Icon', () => {
  it('draws every content icon as a decorative 24×24 path in the text colour', () => {
    for (const name of contentIcons) {
      const html = render(<Icon name={name} />);
      expect(html).toMatch(
        /^<svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor"/,
      );
      expect(html).toContain('aria-hidden="true"');
      expect(html).toMatch(/<path d="M[^"]+"><\/path><\/svg>$/);
    }
  });
});

describe('the hosted page assets rendered', () => {
  const dir = new URL('../../../infra/content/assets/content/pages/', import.meta.url);
  const files = readdirSync(dir).filter((name) => name.endsWith('.json'));

  it.each(files)(
    '%s has one h1, headings in order, anchors and no unfilled placeholder or raw markup',
    (file) => {
      const page = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as PageAsset;
      const html = render(<PageSections page={page} />);
      const levels = headingLevels(html);
      expect(levels.filter((level) => level === 1)).toHaveLength(1);
      expect(levels[0]).toBe(1);
      levels.forEach((level, index) => {
        if (index) expect(level).toBeLessThanOrEqual((levels[index - 1] as number) + 1);
      });
      for (const section of page.sections) expect(html).toContain(`<section id="${section.id}"`);
      expect(html).not.toMatch(/\{\w+\}|\*\*|\]\(|<span>|dangerouslySetInnerHTML/);
    },
  );

  it('the FAQ has its #contact section and the legal pages their date', () => {
    const read = (id: string) =>
      render(
        <PageSections page={JSON.parse(readFileSync(new URL(`${id}.json`, dir), 'utf8')) as PageAsset} />,
      );
    expect(read('faq')).toMatch(/<section id="contact" aria-labelledby="contact-title"/);
    for (const id of ['terms-of-service', 'privacy-policy'])
      expect(read(id)).toContain('Last updated July 1st, 2021');
  });
});
