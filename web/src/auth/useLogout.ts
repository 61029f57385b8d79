import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useAuth } from './store';

/**
 * Log out (§2): sign out of Cognito, clear session storage and state, go to the landing page.
 * The actions (and Amplify) load on demand, so this hook costs the landing page almost nothing.
 */
export function useLogout() {
  const router = useRouter();
  const loggingOut = useAuth((state) => state.inProgress === 'logout');
  const logout = useCallback(async () => {
    const actions = await import('./actions');
    const done = await actions.logout();
    if (!done) return;
    await router.navigate({ to: '/' });
    // Loaded data may have been the signed-in user's view.
    await router.invalidate();
  }, [router]);
  return { logout, loggingOut };
}
