import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { messages } from '../../../shared/errors/catalogue';
import { pages } from '../../../shared/pages';
import type { Loaded } from '../api/client';
import { Spinner } from './Loading';
import { RetryNotice } from './RetryNotice';

export interface LoadFrameProps<T> {
  /** The page's data: undefined while it loads. */
  loaded: Loaded<T> | undefined;
  /** The page's class, kept in all three states so the layout does not jump. */
  className?: string;
  /** What the spinner announces: "Loading profile…". */
  loadingLabel: string;
  /** A heading shown while loading and on failure (the wizard's title); else failure says "Something went wrong". */
  heading?: string;
  /** What a missing (or not the viewer's) thing shows; without it, a missing thing is a failure. */
  notFound?: ReactNode;
  /** Which statuses mean "missing": 404, and 403 where a stranger must not learn the thing exists. */
  missingStatuses?: readonly number[];
  /** What a failure says (the spec's message); the retry button loads the page's data again. */
  failedMessage?: string;
  /** The page once its data is there (a page that renders its loaded state itself leaves it out). */
  children?: (value: T) => ReactNode;
}

/**
 * The frame every data page shares (§2 route behaviour): a spinner while loading, the page's
 * not-found view when the thing is missing, a retry notice with a way home on failure, and the page
 * itself once loaded.
 */
export function LoadFrame<T>({
  loaded,
  className = 'page page-narrow',
  loadingLabel,
  heading,
  notFound,
  missingStatuses = [404],
  failedMessage = messages.somethingWentWrong,
  children,
}: LoadFrameProps<T>) {
  if (!loaded) {
    return (
      <div className={className} aria-busy="true">
        {heading ? <h1>{heading}</h1> : null}
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  if (!loaded.ok) {
    if (notFound !== undefined && missingStatuses.includes(loaded.error.status)) return <>{notFound}</>;
    return <LoadFailed className={className} heading={heading} message={failedMessage} />;
  }
  return <>{children?.(loaded.value)}</>;
}

/** A page whose data could not be loaded: the spec's message, a retry button, a link home. */
function LoadFailed({
  className = 'page page-narrow',
  heading,
  message = messages.somethingWentWrong,
}: {
  className?: string;
  heading?: string | undefined;
  message?: string;
}) {
  return (
    <div className={className}>
      <h1>{heading ?? 'Something went wrong'}</h1>
      <RetryNotice message={message} />
      <p>
        <Link to={pages.landing}>Go to the home page</Link>
      </p>
    </div>
  );
}
