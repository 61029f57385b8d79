import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type PageLinkProps, Pagination, PaginationLinks } from './Pagination';
import { renderAt } from './test-router';

const render = (node: ReactNode) => renderToStaticMarkup(node);

const plainLink = (page: number, props: PageLinkProps) => <a href={`/list?page=${page}`} {...props} />;

/** The page numbers and gaps of the list, in order ("…" for a gap). */
function listItems(html: string): string[] {
  const list = html.match(/<ol class="page-list">(.*)<\/ol>/)?.[1] ?? '';
  return [...list.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((match) =>
    match[1]!.includes('…') ? '…' : match[1]!.replace(/<[^>]+>/g, ''),
  );
}

describe('PaginationLinks (§2)', () => {
  it('shows first, last, current and neighbours with ellipsis gaps, as links with the page parameter', () => {
    const html = render(<PaginationLinks page={10} totalPages={20} renderLink={plainLink} />);
    expect(listItems(html)).toEqual(['1', '…', '9', '10', '11', '…', '20']);
    expect(html).toMatch(/<nav class="pagination" aria-label="Pagination">/);
    expect(html).toContain('href="/list?page=1"');
    expect(html).toContain('href="/list?page=20"');
    expect(html).toMatch(
      /<a href="\/list\?page=10" class="page-link current" aria-label="Page 10" aria-current="page">10<\/a>/,
    );
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toMatch(/<a href="\/list\?page=9" class="page-arrow" rel="prev">/);
    expect(html).toMatch(/<a href="\/list\?page=11" class="page-arrow" rel="next">/);
    expect(html).not.toContain('aria-disabled');
  });

  it('disables the previous arrow on the first page and the next arrow on the last: not links', () => {
    const first = render(<PaginationLinks page={1} totalPages={5} renderLink={plainLink} />);
    expect(listItems(first)).toEqual(['1', '2', '…', '5']);
    expect(first).toMatch(/<span class="page-arrow disabled" aria-disabled="true">.*Previous<\/span>/);
    expect(first).not.toContain('rel="prev"');
    expect(first).toContain('rel="next"');

    const last = render(<PaginationLinks page={5} totalPages={5} renderLink={plainLink} />);
    expect(listItems(last)).toEqual(['1', '…', '4', '5']);
    expect(last).toMatch(/<span class="page-arrow disabled" aria-disabled="true">Next.*<\/span>/);
    expect(last).not.toContain('rel="next"');
    expect(last).toContain('rel="prev"');
  });

  it('shows a single left-out page instead of an ellipsis and clamps the current page', () => {
    const items = (page: number, total: number) =>
      listItems(render(<PaginationLinks page={page} totalPages={total} renderLink={plainLink} />));
    expect(items(4, 9)).toEqual(['1', '2', '3', '4', '5', '…', '9']);
    expect(items(4, 7)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    const beyond = render(<PaginationLinks page={40} totalPages={3} renderLink={plainLink} />);
    expect(beyond).toMatch(/aria-label="Page 3" aria-current="page"/);
    expect(beyond).toContain('aria-disabled="true">Next');
  });

  it('renders nothing for one page and takes its own landmark name', () => {
    expect(render(<PaginationLinks page={1} totalPages={1} renderLink={plainLink} />)).toBe('');
    expect(render(<PaginationLinks page={1} totalPages={0} renderLink={plainLink} />)).toBe('');
    expect(
      render(<PaginationLinks page={2} totalPages={3} renderLink={plainLink} label="Reviews pages" />),
    ).toContain('aria-label="Reviews pages"');
  });
});

describe('Pagination (search page)', () => {
  it('links to /s with the page parameter, keeps the other parameters and drops page=1', async () => {
    const html = await renderAt(
      '/s?keywords=trek&page=3',
      <Pagination search={{ keywords: 'trek', page: 3 }} totalPages={4} />,
    );
    expect(html).toContain('href="/s?keywords=trek"');
    expect(html).toContain('href="/s?keywords=trek&amp;page=2"');
    expect(html).toContain('href="/s?keywords=trek&amp;page=4"');
    expect(html).toMatch(/<a [^>]*aria-current="page" href="\/s\?keywords=trek&amp;page=3">3<\/a>/);
    expect(listItems(html)).toEqual(['1', '2', '3', '4']);
  });
});
