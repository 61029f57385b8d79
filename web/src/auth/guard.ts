import { type ParsedLocation, redirect } from '@tanstack/react-router';
import type { CurrentUser } from '../../../shared/api/account';
import { pages } from '../../../shared/pages';
import { afterLoginPath, fromSearch } from './from';
import { hasStoredSession } from './session';
import { authStore } from './store';

/**
 * `beforeLoad` of the [auth] routes (§2, §6): an anonymous visitor goes to `/login?from=…` with the
 * original path, search and hash. With a session, the current user is loaded first (Amplify comes
 * on demand), so every [auth] page starts with it.
 */
export async function requireUser({
  location,
}: {
  location: ParsedLocation;
}): Promise<{ currentUser: CurrentUser }> {
  const toLogin = () => redirect({ to: pages.login, search: fromSearch(location), replace: true });
  const known = authStore.get().currentUser;
  if (known) return { currentUser: known };
  if (!hasStoredSession()) throw toLogin();
  const { loadCurrentUser } = await import('./actions');
  const currentUser = await loadCurrentUser();
  if (!currentUser) throw toLogin();
  return { currentUser };
}

/** `beforeLoad` of login and signup: someone already signed in goes on to `from` (or the landing page). */
export function redirectSignedIn({ search }: { search: { from?: string } }): void {
  const { status, inProgress } = authStore.get();
  if (status === 'authenticated' && inProgress === null) {
    throw redirect({ href: afterLoginPath(search.from), replace: true });
  }
}
