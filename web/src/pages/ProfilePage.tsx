import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { messages } from '../../../shared/errors/catalogue';
import { Spinner } from '../components/Loading';
import { truncateText } from '../lib/text';
import { loadedTitle, useDocumentTitle } from '../lib/useDocumentTitle';
import { useLoaded } from '../lib/useLoaded';
import { userDisplayName, userInitials } from '../lib/users';

const route = getRouteApi('/u/$id');

/** A bio longer than 170 characters starts cut, with a button to show all of it (§2, §9). */
function Bio({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const preview = truncateText(text);
  return (
    <div className="bio">
      <p id={id} className="bio-text">
        {expanded ? text : preview.text}
      </p>
      {preview.truncated ? (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </div>
  );
}

export function ProfilePage() {
  const { user } = route.useLoaderData();
  const loaded = useLoaded(user);
  const router = useRouter();
  const notFound = loaded && !loaded.ok && loaded.error.isNotFound;
  useDocumentTitle(
    loadedTitle(loaded, { loaded: userDisplayName, notFound: 'User not found', loading: 'Loading profile' }),
  );
  if (!loaded) {
    return (
      <div className="page page-narrow" aria-busy="true">
        <Spinner label="Loading profile…" />
      </div>
    );
  }
  if (!loaded.ok) {
    return (
      <div className="page page-narrow">
        <h1>{notFound ? 'User not found' : 'Something went wrong'}</h1>
        {notFound ? (
          <p>This profile does not exist or was removed.</p>
        ) : (
          <div className="notice notice-error" role="alert">
            <p>{messages.somethingWentWrong}</p>
            <button type="button" className="button button-secondary" onClick={() => router.invalidate()}>
              Try again
            </button>
          </div>
        )}
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </div>
    );
  }
  const profile = loaded.value;
  return (
    <div className="page page-narrow profile-page">
      <div className="profile-header">
        <span className="avatar avatar-large" aria-hidden="true">
          {userInitials(profile)}
        </span>
        <h1>{userDisplayName(profile)}</h1>
      </div>
      {profile.bio && !profile.deleted && !profile.banned ? <Bio text={profile.bio} /> : null}
      <p>
        <Link to="/s">Browse all listings</Link>
      </p>
    </div>
  );
}
