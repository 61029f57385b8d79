import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { ListingSummary, Page, PublicUser } from '../../../../shared/api/types';
import { pagePath, pages } from '../../../../shared/pages';
import { authStore, useAuth, useCurrentUser } from '../../auth/store';
import { Spinner } from '../../components/Loading';
import { userDisplayName } from '../../lib/users';
import type { ContactChooserDeps } from './ContactChooser';
import { profileContactMode } from './contact-chooser';

// The chooser and the message form (final-form) are only for those who write to the user: a lazy
// chunk, so the profile's first load stays within its budget.
const ContactChooser = lazy(() =>
  import('./ContactChooser').then((module) => ({ default: module.ContactChooser })),
);

/**
 * "Contact {name}" on someone else's profile (§2 user card, issue 25): opens the chooser of their
 * open listings; signed-out visitors go to log in and come back to the profile, as the listing
 * page's contact does. Hidden when they have no open listing. `listings`: the profile's loaded
 * page of listings (its total says whether there are any), `page` the one it shows.
 */
export function ProfileContact({
  user,
  listings,
  page,
  deps,
}: {
  user: PublicUser;
  listings: Page<ListingSummary> | undefined;
  page: number;
  /** Tests: the API calls (the chooser's own by default). */
  deps?: ContactChooserDeps;
}) {
  const navigate = useNavigate();
  const viewer = useCurrentUser();
  const status = useAuth((state) => state.status);
  const [open, setOpen] = useState(false);
  const mode = profileContactMode(user, viewer, status === 'anonymous', listings?.meta.totalItems);
  if (mode === 'none') return null;
  const onClick = () => {
    if (authStore.get().status === 'anonymous') {
      void navigate({ to: pages.login, search: { from: pagePath('profile', { id: user.id }) } });
      return;
    }
    setOpen(true);
  };
  return (
    <>
      <button type="button" className="button button-secondary profile-contact-button" onClick={onClick}>
        Contact {userDisplayName(user)}
      </button>
      {open ? (
        <Suspense fallback={<Spinner label="Opening the listings to choose from…" />}>
          <ContactChooser
            profile={user}
            firstPage={page === 1 ? listings : undefined}
            {...(deps ? { deps } : {})}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
