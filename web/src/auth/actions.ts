import type { CurrentUser } from '../../../shared/api/account';
import { messages } from '../../../shared/errors/catalogue';
import type { SignupValues } from '../../../shared/validation/account';
import { getCurrentUser, sendVerificationEmail, signup as signupRequest } from '../api/account';
import { ApiError } from '../api/client';
import { FORM_ERROR, loginErrorMessage, type SubmitErrors, submitErrors } from '../api/errors';
import { currentAccessToken, signInWithPassword, signOutOfCognito } from './amplify';
import { clearStoredSession } from './session';
import { authStore } from './store';

/**
 * What signing in, out and up do (§4 "Auth"). Loaded on demand with Amplify. Each action returns
 * the form's submission errors (undefined on success) and also records its error in the store.
 * Only one of login, logout and signup runs at a time; a second one does not start.
 */

/** The answer of an action that did not start because another one is running. */
export const busy: SubmitErrors = {};

let currentUserLoad: Promise<CurrentUser | null> | undefined;

/**
 * The current user (`GET /api/me`), loaded once per session (§2: auth info, then current user).
 * Null when nobody is signed in, or the API refuses the session (revoked token, banned user).
 */
export function loadCurrentUser({ force = false }: { force?: boolean } = {}): Promise<CurrentUser | null> {
  const { currentUser } = authStore.get();
  if (!force && currentUser) return Promise.resolve(currentUser);
  if (!force && currentUserLoad) return currentUserLoad;
  const load = fetchCurrentUser();
  currentUserLoad = load;
  const forget = () => {
    if (currentUserLoad === load) currentUserLoad = undefined;
  };
  load.then(forget, forget);
  return load;
}

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  const token = await currentAccessToken();
  if (!token) {
    authStore.set({ status: 'anonymous', currentUser: null });
    return null;
  }
  try {
    const user = await getCurrentUser({ token });
    authStore.set({ status: 'authenticated', currentUser: user, currentUserError: null });
    return user;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      await endSession();
      return null;
    }
    authStore.set({ status: 'anonymous', currentUser: null, currentUserError: messages.somethingWentWrong });
    throw error;
  }
}

async function endSession(): Promise<void> {
  try {
    await signOutOfCognito();
  } catch {
    // Amplify could not even load: drop its keys ourselves.
  }
  clearStoredSession();
  currentUserLoad = undefined;
}

/** Keeps the store's current user in step after an account change (PATCH /api/me and friends). */
export function setCurrentUser(user: CurrentUser): void {
  authStore.set({ currentUser: user, status: 'authenticated' });
}

export async function login(email: string, password: string): Promise<SubmitErrors | undefined> {
  if (!authStore.begin('login')) return busy;
  try {
    await signInWithPassword(email, password);
    const user = await loadCurrentUser({ force: true });
    if (!user)
      throw Object.assign(new Error('The API refused the session'), { name: 'NotAuthorizedException' });
    authStore.end('login');
    return undefined;
  } catch (error) {
    const message = loginErrorMessage(error);
    authStore.end('login', { loginError: message });
    return { [FORM_ERROR]: message };
  }
}

/** Messages of the signup form for API error codes (§8: email taken, signup failed). */
export const signupErrorRules = {
  'email-taken': { field: 'email', message: messages.emailTaken },
} as const;

/** Signs up, then signs in with the same credentials (§4: after signup the user is logged in). */
export async function signup(values: SignupValues): Promise<SubmitErrors | undefined> {
  if (!authStore.begin('signup')) return busy;
  let answer: Awaited<ReturnType<typeof signupRequest>>;
  try {
    answer = await signupRequest({
      email: values.email.trim(),
      password: values.password,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
    });
  } catch (error) {
    const errors = submitErrors(error, {
      fields: ['email', 'firstName', 'lastName', 'password'],
      codes: signupErrorRules,
      fallback: messages.signupFailed,
    });
    authStore.end('signup', { signupError: Object.values(errors)[0] ?? messages.signupFailed });
    return errors;
  }
  try {
    await signInWithPassword(values.email, values.password);
    const user = (await loadCurrentUser({ force: true })) ?? answer.data;
    setCurrentUser(user);
  } catch (error) {
    // The account exists; only signing in failed. The login page can finish the job.
    const message = loginErrorMessage(error);
    authStore.end('signup', { signupError: message });
    return { [FORM_ERROR]: message };
  }
  if (answer.meta?.verificationEmailSent === false) {
    // A failure here is not a failed signup: the verification page can send the code again.
    await sendVerificationEmail().catch(() => undefined);
  }
  authStore.end('signup');
  return undefined;
}

/**
 * Logs out (§2): Cognito sign-out, session storage cleared, state reset. The caller then goes to
 * the landing page. (The error-reporting identity is cleared here too once Sentry is configured.)
 */
export async function logout(): Promise<boolean> {
  if (!authStore.begin('logout')) return false;
  await endSession();
  try {
    sessionStorage.clear();
  } catch {
    // Storage blocked: nothing to clear.
  }
  authStore.reset();
  return true;
}
