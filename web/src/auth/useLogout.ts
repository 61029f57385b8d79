import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { pages } from '../../../shared/pages';
import { reportError, setErrorReportingUser } from '../observability/errors';
import { useAuth } from './store';

/**
 * Log out (§2): sign out of Cognito, clear session storage and state, clear the error-reporting
 * identity, go to the landing page. The actions (and Amplify) load on demand, so this hook costs the
 * landing page almost nothing. If they cannot load (a stale chunk after a deploy), the failure is
 * reported as logout-failed and the user stays where they are.
 */
export function useLogout() {
  const router = useRouter();
  const loggingOut = useAuth((state) => state.inProgress === 'logout');
  const logout = useCallback(async () => {
    try {
      const actions = await import('./actions');
      const done = await actions.logout();
      if (!done) return;
    } catch (error) {
      reportError(error, 'logout-failed');
      return;
    }
    setErrorReportingUser(null);
    await router.navigate({ to: pages.landing });
    // Loaded data may have been the signed-in user's view.
    await router.invalidate();
  }, [router]);
  return { logout, loggingOut };
}
