import { hasStoredSession } from './session';

/**
 * The access token for API calls of a signed-in user. Anonymous visitors never load Amplify: with
 * no session stored this answers at once. With one, Amplify is loaded on demand (once).
 */
export async function getAccessToken(): Promise<string | undefined> {
  if (!hasStoredSession()) return undefined;
  const { currentAccessToken } = await import('./amplify');
  return currentAccessToken();
}
