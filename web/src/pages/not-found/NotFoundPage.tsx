import { Link } from '@tanstack/react-router';
import { pages } from '../../../../shared/pages';
import { SearchForm } from '../../components/SearchForm';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** Unmatched URLs (§2): a 404 page with a search box. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="page page-narrow not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p>We could not find the page you were looking for. Maybe a search will help?</p>
      <SearchForm id="not-found-search" landmarkLabel="Search listings" label="Search listings" showLabel />
      <p>
        <Link to={pages.landing}>Go to the home page</Link>
      </p>
    </div>
  );
}
