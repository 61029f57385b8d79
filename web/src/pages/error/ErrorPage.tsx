import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { messages } from '../../../../shared/errors/catalogue';
import { pages } from '../../../../shared/pages';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** A page failed to load or render (§2: a 404-style page with a link to landing). */
export function ErrorPage({ error }: { error?: unknown }) {
  useDocumentTitle('Something went wrong');
  // Load-data and render failures are logged, not reported (§8).
  useEffect(() => {
    if (error) console.error('[render-failed]', error);
  }, [error]);
  return (
    <div className="page page-narrow">
      <h1>Something went wrong</h1>
      <p>{messages.somethingWentWrong}</p>
      <p>
        <Link to={pages.landing}>Go to the home page</Link>
      </p>
    </div>
  );
}
