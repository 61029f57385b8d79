import { atom } from 'jotai';

/**
 * The seller's notification count (sales that need their action; the top bar's dot and the mobile
 * menu's badge). Any code that applies a transition bumps `refreshNotificationsAtom` so the count is
 * fetched again ("refreshed after each transition").
 */
export const notificationsVersionAtom = atom(0);

/** Write-only: call after a transition the app made. */
export const refreshNotificationsAtom = atom(null, (get, set) => {
  set(notificationsVersionAtom, get(notificationsVersionAtom) + 1);
});
