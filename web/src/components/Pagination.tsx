import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { pages } from '../../../shared/pages';
import { paginationItems } from '../search/pagination';
import type { SearchParams } from '../search/params';
import './pagination.css';

export interface PageLinkProps {
  className: string;
  children: ReactNode;
  rel?: 'prev' | 'next';
  'aria-label'?: string;
  'aria-current'?: 'page';
}

/**
 * Pagination (§2): first, last, current and neighbours, ellipsis gaps, arrows disabled at the ends
 * (plain text marked `aria-disabled`, not links). `renderLink` makes the link to a page (with the
 * `page` query parameter), so any route can use it; the current page's link has
 * `aria-current="page"`. Nothing is shown for a single page.
 */
export function PaginationLinks({
  page: requested,
  totalPages,
  renderLink,
  label = 'Pagination',
}: {
  page: number;
  totalPages: number;
  renderLink: (page: number, props: PageLinkProps) => ReactNode;
  /** The navigation landmark's name; give each its own when a page has several. */
  label?: string;
}) {
  if (totalPages <= 1) return null;
  const page = Math.min(Math.max(requested, 1), totalPages);
  const items = paginationItems(page, totalPages);
  const previous = (
    <>
      <span aria-hidden="true">‹</span> Previous
    </>
  );
  const next = (
    <>
      Next <span aria-hidden="true">›</span>
    </>
  );
  return (
    <nav className="pagination" aria-label={label}>
      {page > 1 ? (
        renderLink(page - 1, { className: 'page-arrow', rel: 'prev', children: previous })
      ) : (
        <span className="page-arrow disabled" aria-disabled="true">
          {previous}
        </span>
      )}
      <ol className="page-list">
        {items.map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index === 1 ? 'start' : 'end'}`} className="page-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              {renderLink(item, {
                className: item === page ? 'page-link current' : 'page-link',
                'aria-label': `Page ${item}`,
                ...(item === page ? { 'aria-current': 'page' as const } : {}),
                children: item,
              })}
            </li>
          ),
        )}
      </ol>
      {page < totalPages ? (
        renderLink(page + 1, { className: 'page-arrow', rel: 'next', children: next })
      ) : (
        <span className="page-arrow disabled" aria-disabled="true">
          {next}
        </span>
      )}
    </nav>
  );
}

/** The search page's pagination. */
export function Pagination({ search, totalPages }: { search: SearchParams; totalPages: number }) {
  const searchFor = (target: number): SearchParams => ({ ...search, page: target > 1 ? target : undefined });
  return (
    <PaginationLinks
      page={search.page ?? 1}
      totalPages={totalPages}
      renderLink={(target, props) => (
        <Link to={pages.search} search={searchFor(target)} activeOptions={{ exact: true }} {...props} />
      )}
    />
  );
}
