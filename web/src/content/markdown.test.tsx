import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  ContentLink,
  contentLinkKind,
  fillContent,
  InlineMarkdown,
  Markdown,
  markdownBlocks,
} from './markdown';

// A router of its own: content links only need one to navigate (the app's route table is not under test).
const router = createRouter({
  routeTree: createRootRoute(),
  history: createMemoryHistory({ initialEntries: ['/'] }),
});
const render = (node: ReactNode) =>
  renderToString(<RouterContextProvider router={router}>{node}</RouterContextProvider>);
const md = (text: string, headingLevel?: number) =>
  render(<Markdown text={text} headingLevel={headingLevel} />);

describe('markdownBlocks', () => {
  it('splits paragraphs on blank lines and joins the lines of one paragraph', () => {
    expect(markdownBlocks('One\ntwo\r\n\r\n\nThree')).toEqual([
      { type: 'p', text: 'One two' },
      { type: 'p', text: 'Three' },
    ]);
  });

  it('reads headings, bullet and numbered lists, and continues a list item on the next line', () => {
    expect(markdownBlocks('## Title\n- a\n- b\ncontinued\n3. c\n4. d\n### Sub\ntext')).toEqual([
      { type: 'h', depth: 0, text: 'Title' },
      { type: 'ul', start: 1, items: ['a', 'b continued'] },
      { type: 'ol', start: 3, items: ['c', 'd'] },
      { type: 'h', depth: 1, text: 'Sub' },
      { type: 'p', text: 'text' },
    ]);
  });

  it('keeps text that only looks like markup as a paragraph', () => {
    expect(markdownBlocks('# Not a heading\n-not a list\n#### nor this')).toEqual([
      { type: 'p', text: '# Not a heading -not a list #### nor this' },
    ]);
  });
});

describe('Markdown', () => {
  it('renders paragraphs', () => {
    expect(md('First line\nsame paragraph\n\nSecond')).toBe('<p>First line same paragraph</p><p>Second</p>');
  });

  it('renders headings from headingLevel (h2 by default) and one deeper for ###', () => {
    expect(md('## Fees\n### Sellers')).toBe('<h2>Fees</h2><h3>Sellers</h3>');
    expect(md('## Fees\n### Sellers', 3)).toBe('<h3>Fees</h3><h4>Sellers</h4>');
    expect(md('### Deep', 6)).toBe('<h6>Deep</h6>');
  });

  it('renders bullet and numbered lists, keeping a numbered list start', () => {
    expect(md('- Pedals\n- Saddle')).toBe('<ul><li>Pedals</li><li>Saddle</li></ul>');
    expect(md('1. Measure\n2. Pack')).toBe('<ol><li>Measure</li><li>Pack</li></ol>');
    expect(md('2. Then')).toBe('<ol start="2"><li>Then</li></ol>');
  });

  it('renders bold, also around a link and inside list items and headings', () => {
    expect(md('A **free** listing')).toBe('<p>A <strong>free</strong> listing</p>');
    expect(md('**See [the FAQ](/faq)**')).toBe('<p><strong>See <a href="/faq">the FAQ</a></strong></p>');
    expect(md('- **Bold** item\n## A **bold** heading')).toBe(
      '<ul><li><strong>Bold</strong> item</li></ul><h2>A <strong>bold</strong> heading</h2>',
    );
  });

  it('links site paths in the app, other sites with rel=noopener and mailto as a plain link', () => {
    expect(md('[Sell](/l/new) and [contact](/faq#contact)')).toBe(
      '<p><a href="/l/new">Sell</a> and <a href="/faq#contact">contact</a></p>',
    );
    expect(md('Read [our blog]({blogUrl}).')).toBe(
      '<p>Read <a href="https://blog.veloexchange.com" rel="noopener">our blog</a>.</p>',
    );
    expect(md('[Write to us](mailto:{contactEmail})')).toBe(
      '<p><a href="mailto:hello@veloexchange.com">Write to us</a></p>',
    );
    expect(md('[**Bold** label](#contact)')).toBe(
      '<p><a href="#contact"><strong>Bold</strong> label</a></p>',
    );
  });

  it('shows links with other schemes as their label only', () => {
    expect(md('[click](javascript:alert(1)) [x](//evil.example) [y](data:text/html,hi)')).toBe(
      '<p><span>click</span>) <span>x</span> <span>y</span></p>',
    );
  });

  it('fills placeholders and leaves unknown ones as they are', () => {
    expect(md('A {feePercent}% fee, shipped within {shipWithinDays} days, {unknown}')).toBe(
      '<p>A 10% fee, shipped within 5 days, {unknown}</p>',
    );
  });

  it('never injects HTML: tags and entities stay text', () => {
    const html = md('<script>alert("x")</script>\n\n<img src=x onerror=alert(1)> **<b>bold</b>**');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('<strong>&lt;b&gt;bold&lt;/b&gt;</strong>');
  });

  it('renders nothing for empty text', () => {
    expect(md('')).toBe('');
    expect(md('\n\n')).toBe('');
  });
});

describe('inline helpers', () => {
  it('InlineMarkdown renders one line with placeholders, bold and links', () => {
    expect(render(<InlineMarkdown text="**{marketplaceName}** in [{currency}](/s)" />)).toBe(
      '<strong>Velo Exchange</strong> in <a href="/s">USD</a>',
    );
  });

  it('fillContent fills from the marketplace configuration', () => {
    expect(
      fillContent('{cancelWithinHours} h, {reportWithinDays} d, over {minimumAge}, {governingLaw}'),
    ).toBe('3 h, 3 d, over 13, Canada');
  });

  it('contentLinkKind tells site, anchor, external and mailto links from the rest', () => {
    expect(contentLinkKind('/s?pub_category=roadBikes')).toBe('internal');
    expect(contentLinkKind('#contact')).toBe('hash');
    expect(contentLinkKind('https://blog.veloexchange.com')).toBe('external');
    expect(contentLinkKind('http://example.com')).toBe('external');
    expect(contentLinkKind('mailto:hello@veloexchange.com')).toBe('mailto');
    expect(contentLinkKind('//evil.example')).toBeUndefined();
    expect(contentLinkKind('/\\evil.example')).toBeUndefined();
    expect(contentLinkKind('javascript:alert(1)')).toBeUndefined();
  });

  it('ContentLink keeps a class name on every kind', () => {
    expect(
      render(
        <ContentLink href="/signup" className="button">
          Join
        </ContentLink>,
      ),
    ).toBe('<a href="/signup" class="button">Join</a>');
    expect(
      render(
        <ContentLink href="https://example.com" className="button">
          Out
        </ContentLink>,
      ),
    ).toBe('<a href="https://example.com" class="button" rel="noopener">Out</a>');
    expect(
      render(
        <ContentLink href="ftp://x" className="button">
          No
        </ContentLink>,
      ),
    ).toBe('<span class="button">No</span>');
  });
});
