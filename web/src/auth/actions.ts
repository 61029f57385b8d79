import type { CurrentUser, IdentityProviderName, IdpSignupRequest } from '../../../shared/api/account';
import { messages } from '../../../shared/errors/catalogue';
import type { SignupValues } from '../../../shared/validation/account';
import {
  createUserWithIdp,
  getCurrentUser,
  sendVerificationEmail,
  signup as signupRequest,
} from '../api/account';
import { ApiRequestError } from '../api/client';
import { FORM_ERROR, loginErrorMessage, type SubmitErrors, submitErrors } from '../api/errors';
import { reportError, setErrorReportingUser } from '../observability/errors';
import { updateMarketingProfile } from '../observability/marketing';
import {
  currentAccessToken,
  redirectSession,
  signInWithPassword,
  signInWithProvider,
  signOutOfCognito,
} from './amplify';
import { writeIdpFlow } from './idp';
import { clearStoredSession } from './session';
import { authStore } from './store';

/**
 * What signing in, out and up do (§4 "Auth"). Loaded on demand with Amplify. Each action returns
 * the form's submission errors (undefined on success) and also records its error in the store.
 * Only one of login, logout and signup runs at a time; a second one does not start.
 *
 * Observability: the error-reporting identity follows the current user (set whenever it is known,
 * cleared when the session ends); unexpected failures are reported with the §8 tags
 * (auth-info-failed, fetch-current-user-failed, signup-failed, create-user-with-idp-failed), while
 * answers the form explains (4xx: e-mail taken, invalid names…) are not; after sign-up and login
 * the marketing profile is updated (fire and forget).
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

/** A 4xx answer the form shows the user (taken e-mail, invalid names…): not an error to report. */
const isClientError = (error: unknown) =>
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500;

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  const token = await currentAccessToken().catch((error: unknown) => {
    reportError(error, 'auth-info-failed');
    throw error;
  });
  if (!token) {
    authStore.set({ status: 'anonymous', currentUser: null });
    return null;
  }
  try {
    const user = await getCurrentUser({ token });
    authStore.set({ status: 'authenticated', currentUser: user, currentUserError: null });
    setErrorReportingUser({ id: user.id });
    return user;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) {
      await endSession();
      return null;
    }
    authStore.set({ status: 'anonymous', currentUser: null, currentUserError: messages.somethingWentWrong });
    reportError(error, 'fetch-current-user-failed');
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
  setErrorReportingUser(null);
}

/** Keeps the store's current user in step after an account change (PATCH /api/me and friends). */
export function setCurrentUser(user: CurrentUser): void {
  authStore.set({ currentUser: user, status: 'authenticated' });
  setErrorReportingUser({ id: user.id });
}

export async function login(email: string, password: string): Promise<SubmitErrors | undefined> {
  if (!authStore.begin('login')) return busy;
  try {
    await signInWithPassword(email, password);
    const user = await loadCurrentUser({ force: true });
    if (!user)
      throw Object.assign(new Error('The API refused the session'), { name: 'NotAuthorizedException' });
    authStore.end('login');
    void updateMarketingProfile();
    return undefined;
  } catch (error) {
    const message = loginErrorMessage(error);
    authStore.end('login', { loginError: message });
    return { [FORM_ERROR]: message };
  }
}

/** Leaves for Google or Facebook (a login of its own: nothing else may run); back on `/confirm`. */
export async function socialLogin(
  provider: IdentityProviderName,
  from: string | undefined,
): Promise<string | undefined> {
  if (!authStore.begin('login')) return undefined;
  writeIdpFlow({ provider, ...(from ? { from } : {}) });
  try {
    await signInWithProvider(provider);
    return undefined;
  } catch (error) {
    writeIdpFlow(null);
    const message = loginErrorMessage(error);
    authStore.end('login', { loginError: message });
    return message;
  }
}

/**
 * Creates the profile of someone back from a provider (POST /api/auth/create-user-with-idp).
 * 409 means they have one (a returning user): then the current user is loaded instead. Answers
 * the form's errors, or undefined once the current user is set.
 */
export async function confirmSocialSignup(
  values: IdpSignupRequest,
  token?: string,
): Promise<SubmitErrors | undefined> {
  if (!authStore.begin('confirm')) return busy;
  try {
    const options = token ? { token } : {};
    const user = await createUserWithIdp(
      { firstName: values.firstName.trim(), lastName: values.lastName.trim() },
      options,
    ).catch(async (error: unknown) => {
      if (!(error instanceof ApiRequestError && error.status === 409)) throw error;
      return loadCurrentUser({ force: true });
    });
    if (!user) throw new Error('The API refused the session');
    setCurrentUser(user);
    writeIdpFlow(null);
    authStore.end('confirm');
    void updateMarketingProfile();
    return undefined;
  } catch (error) {
    if (!isClientError(error)) reportError(error, 'create-user-with-idp-failed');
    const errors = submitErrors(error, {
      fields: ['firstName', 'lastName'],
      fallback: messages.signupFailed,
    });
    authStore.end('confirm', { confirmError: Object.values(errors)[0] ?? messages.signupFailed });
    return errors;
  }
}

/**
 * `/confirm` after the provider's redirect: with the names the provider gave, the profile is made
 * at once (or the returning user loaded); 'names' means the form must ask for them; 'no-session'
 * means the redirect brought no session back.
 */
export async function finishSocialSignIn(): Promise<
  | { status: 'done' }
  | { status: 'names'; values: IdpSignupRequest; errors: SubmitErrors }
  | { status: 'no-session' }
> {
  const session = await redirectSession().catch(() => undefined);
  if (!session) return { status: 'no-session' };
  authStore.end('login');
  const values = { firstName: session.firstName, lastName: session.lastName };
  const errors = await confirmSocialSignup(values, session.token);
  return errors ? { status: 'names', values, errors } : { status: 'done' };
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
    if (!isClientError(error)) reportError(error, 'signup-failed');
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
    reportError(error, 'signup-failed', { step: 'sign-in' });
    const message = loginErrorMessage(error);
    authStore.end('signup', { signupError: message });
    return { [FORM_ERROR]: message };
  }
  if (answer.meta?.verificationEmailSent === false) {
    // A failure here is not a failed signup: the verification page can send the code again.
    await sendVerificationEmail().catch(() => undefined);
  }
  authStore.end('signup');
  void updateMarketingProfile();
  return undefined;
}

/**
 * Logs out (§2): Cognito sign-out, session storage cleared, state reset, error-reporting identity
 * cleared (in endSession). The caller then goes to the landing page.
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
