import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { paginationItems } from '../search/pagination';
import type { SearchParams } from '../search/params';

export interface PageLinkProps {
  className: string;
  children: ReactNode;
  rel?: 'prev' | 'next';
  'aria-label'?: string;
  'aria-current'?: 'page';
}

/**
 * Pagination (§2): first, last, current and neighbours, ellipsis gaps, arrows disabled at the ends.
 * `renderLink` makes the link to a page, so any route can use it.
 */
export function PaginationLinks({
  page: requested,
  totalPages,
  renderLink,
}: {
  page: number;
  totalPages: number;
  renderLink: (page: number, props: PageLinkProps) => ReactNode;
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
    <nav className="pagination" aria-label="Pagination">
      {page > 1 ? (
        renderLink(page - 1, { className: 'page-arrow', rel: 'prev', children: previous })
      ) : (
        <span className="page-arrow disabled">{previous}</span>
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
        <span className="page-arrow disabled">{next}</span>
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
        <Link to="/s" search={searchFor(target)} activeOptions={{ exact: true }} {...props} />
      )}
    />
  );
}
