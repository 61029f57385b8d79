import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signInWithRedirect, signOut } from 'aws-amplify/auth';
import type { IdentityProviderName } from '../../../shared/api/account';
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
            loginWith: {
              email: true,
              // Social sign-in, only when the stack configured it (runtime config `cognito.oauth`).
              ...(cognito.oauth
                ? {
                    oauth: {
                      domain: cognito.oauth.domain,
                      scopes: cognito.oauth.scopes,
                      redirectSignIn: [cognito.oauth.redirectSignIn],
                      redirectSignOut: [cognito.oauth.redirectSignOut],
                      responseType: 'code' as const,
                    },
                  }
                : {}),
            },
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

/** Leaves for the provider's sign-in (Cognito's hosted domain); the way back is `/confirm`. */
export async function signInWithProvider(provider: IdentityProviderName): Promise<void> {
  await configureAmplify();
  await signInWithRedirect({ provider });
}

/**
 * Back from the provider on `/confirm`: Amplify exchanges the code (its OAuth listener starts once
 * it is configured) and fetchAuthSession waits for that. The access token and the names Cognito
 * took from the provider (ID token), or undefined if there is no session.
 */
export async function redirectSession(): Promise<
  { token: string; firstName: string; lastName: string } | undefined
> {
  await configureAmplify();
  const session = await fetchAuthSession();
  const token = session.tokens?.accessToken?.toString();
  if (!token) return undefined;
  const claims = session.tokens?.idToken?.payload ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { token, firstName: text(claims.given_name), lastName: text(claims.family_name) };
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
