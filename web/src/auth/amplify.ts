import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { loadRuntimeConfig } from './runtime-config';
import { clearStoredSession } from './session';

/**
 * The only module that imports Amplify. It is loaded with `import()` when a session is stored or
 * someone signs in, so Amplify (~40 kB gzipped) is never in the landing page's first-load JavaScript.
 * Sign-in goes straight to Cognito with USER_PASSWORD_AUTH (cognito-local has no SRP).
 */
let configured: Promise<void> | undefined;

export function configureAmplify(): Promise<void> {
  configured ??= loadRuntimeConfig()
    .then(({ cognito }) => {
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: cognito.userPoolId,
            userPoolClientId: cognito.clientId,
            ...(cognito.endpoint ? { userPoolEndpoint: cognito.endpoint } : {}),
            loginWith: { email: true },
          },
        },
      });
    })
    .catch((error: unknown) => {
      configured = undefined;
      throw error;
    });
  return configured;
}

/** Thrown when Cognito wants another step (e.g. a new password) that this app does not offer. */
export class SignInIncomplete extends Error {
  override readonly name = 'SignInIncomplete';
}

export async function signInWithPassword(email: string, password: string): Promise<void> {
  await configureAmplify();
  const attempt = () =>
    signIn({ username: email.trim(), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  let result: Awaited<ReturnType<typeof signIn>>;
  try {
    result = await attempt();
  } catch (error) {
    // A stale session (e.g. another tab signed in) blocks signIn: drop it and try once more.
    if ((error as Error | undefined)?.name !== 'UserAlreadyAuthenticatedException') throw error;
    await signOut();
    result = await attempt();
  }
  if (!result.isSignedIn) throw new SignInIncomplete(result.nextStep.signInStep);
}

export async function signOutOfCognito(): Promise<void> {
  await configureAmplify();
  await signOut();
}

/**
 * The current access token, refreshed by Amplify when it has expired; undefined when there is no
 * usable session (never signed in, or the refresh token was revoked or expired). An unusable
 * session's keys are removed, so the next page load does not load Amplify for nothing.
 * (Importing session.ts from the entry chunk also keeps the bundler's runtime helpers in the entry
 * chunk instead of a separate file the landing page would have to load.)
 */
export async function currentAccessToken(): Promise<string | undefined> {
  let token: string | undefined;
  try {
    await configureAmplify();
    const session = await fetchAuthSession();
    token = session.tokens?.accessToken?.toString();
  } catch {
    return undefined;
  }
  if (!token) clearStoredSession();
  return token;
}
