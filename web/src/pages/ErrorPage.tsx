import { Link } from '@tanstack/react-router';
import { messages } from '../../../shared/errors/catalogue';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/** A page part failed to load or render (§2: a 404-style page with a link to landing). */
export function ErrorPage() {
  useDocumentTitle('Something went wrong');
  return (
    <div className="page page-narrow">
      <h1>Something went wrong</h1>
      <p>{messages.somethingWentWrong}</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  );
}
