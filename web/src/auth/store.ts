import { useSyncExternalStore } from 'react';
import type { CurrentUser } from '../../../shared/api/account';
import { hasStoredSession } from './session';

/**
 * Authentication state (§4 "Auth"): the current user and one operation at a time. A tiny store
 * rather than jotai: it sits in the landing page's first-load JavaScript, where every kilobyte
 * counts, and this is all the state there is. Actions that change it live in `actions.ts`, which
 * is loaded on demand together with Amplify.
 */
export type AuthOperation = 'login' | 'logout' | 'signup' | 'confirm';

export interface AuthState {
  /**
   * `checking`: a session is stored in this browser and the current user is loading;
   * `authenticated`: the current user is known; `anonymous`: nobody is signed in.
   */
  status: 'checking' | 'authenticated' | 'anonymous';
  currentUser: CurrentUser | null;
  /** The operation running now; login, logout, signup and confirm cannot overlap (§4). */
  inProgress: AuthOperation | null;
  loginError: string | null;
  signupError: string | null;
  logoutError: string | null;
  confirmError: string | null;
  /** Loading the current user failed for a reason other than being signed out. */
  currentUserError: string | null;
}

export function initialAuthState(sessionStored: boolean): AuthState {
  return {
    status: sessionStored ? 'checking' : 'anonymous',
    currentUser: null,
    inProgress: null,
    loginError: null,
    signupError: null,
    logoutError: null,
    confirmError: null,
    currentUserError: null,
  };
}

type Listener = () => void;

export interface AuthStore {
  get(): AuthState;
  set(update: Partial<AuthState> | ((state: AuthState) => Partial<AuthState>)): void;
  subscribe(listener: Listener): () => void;
  /** Starts `operation` unless another one is running; false means "not started". */
  begin(operation: AuthOperation): boolean;
  /** Ends `operation` (if it is the running one) and applies the final changes. */
  end(operation: AuthOperation, update?: Partial<AuthState>): void;
  reset(): void;
}

export function createAuthStore(initial: () => AuthState): AuthStore {
  let state: AuthState | undefined;
  const listeners = new Set<Listener>();
  const get = () => {
    state ??= initial();
    return state;
  };
  const set: AuthStore['set'] = (update) => {
    const current = get();
    const changes = typeof update === 'function' ? update(current) : update;
    state = { ...current, ...changes };
    for (const listener of [...listeners]) listener();
  };
  return {
    get,
    set,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    begin(operation) {
      if (get().inProgress !== null) return false;
      set({ inProgress: operation, [`${operation}Error`]: null });
      return true;
    },
    end(operation, update = {}) {
      set((current) => ({
        ...update,
        inProgress: current.inProgress === operation ? null : current.inProgress,
      }));
    },
    reset() {
      set(initialAuthState(false));
    },
  };
}

/** The app's one auth store. Its first state is read lazily (localStorage exists only in browsers). */
export const authStore = createAuthStore(() => initialAuthState(hasStoredSession()));

/** Subscribes a component to part of the auth state. (No server rendering: one snapshot for both.) */
export function useAuth<T>(select: (state: AuthState) => T): T {
  const snapshot = () => select(authStore.get());
  return useSyncExternalStore(authStore.subscribe, snapshot, snapshot);
}

export const useCurrentUser = () => useAuth((state) => state.currentUser);
