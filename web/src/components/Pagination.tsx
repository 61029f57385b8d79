import { Link } from '@tanstack/react-router';
import { paginationItems } from '../search/pagination';
import type { SearchParams } from '../search/params';

/** Search pagination (§2): first, last, current and neighbours, ellipsis gaps, arrows disabled at the ends. */
export function Pagination({ search, totalPages }: { search: SearchParams; totalPages: number }) {
  if (totalPages <= 1) return null;
  const page = Math.min(search.page ?? 1, totalPages);
  const searchFor = (target: number): SearchParams => ({ ...search, page: target > 1 ? target : undefined });
  const items = paginationItems(page, totalPages);
  return (
    <nav className="pagination" aria-label="Pagination">
      {page > 1 ? (
        <Link to="/s" search={searchFor(page - 1)} rel="prev" className="page-arrow">
          <span aria-hidden="true">‹</span> Previous
        </Link>
      ) : (
        <span className="page-arrow disabled">
          <span aria-hidden="true">‹</span> Previous
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
              <Link
                to="/s"
                search={searchFor(item)}
                activeOptions={{ exact: true }}
                aria-current={item === page ? 'page' : undefined}
                className={item === page ? 'page-link current' : 'page-link'}
                aria-label={`Page ${item}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < totalPages ? (
        <Link to="/s" search={searchFor(page + 1)} rel="next" className="page-arrow">
          Next <span aria-hidden="true">›</span>
        </Link>
      ) : (
        <span className="page-arrow disabled">
          Next <span aria-hidden="true">›</span>
        </span>
      )}
    </nav>
  );
}
