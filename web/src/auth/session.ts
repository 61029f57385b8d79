/**
 * Is there a signed-in session in this browser? Answered from Amplify's own localStorage keys,
 * without loading Amplify (it stays out of the landing page's first-load JavaScript). Amplify v6
 * stores `CognitoIdentityServiceProvider.<clientId>.LastAuthUser` and, per user,
 * `CognitoIdentityServiceProvider.<clientId>.<username>.{accessToken,refreshToken,idToken,…}`.
 * A stored session may still be expired: Amplify refreshes it (or drops it) when it is loaded.
 */
export const amplifyKeyPrefix = 'CognitoIdentityServiceProvider.';

type KeyValueStorage = Pick<Storage, 'length' | 'key' | 'getItem'>;

function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage blocked (privacy settings): no stored session.
    return undefined;
  }
}

export function hasStoredSession(storage: KeyValueStorage | undefined = browserStorage()): boolean {
  if (!storage) return false;
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (!key?.startsWith(amplifyKeyPrefix) || !key.endsWith('.LastAuthUser')) continue;
    const clientId = key.slice(amplifyKeyPrefix.length, -'.LastAuthUser'.length);
    const username = storage.getItem(key);
    if (!clientId || !username) continue;
    const userPrefix = `${amplifyKeyPrefix}${clientId}.${username}.`;
    if (storage.getItem(`${userPrefix}refreshToken`) || storage.getItem(`${userPrefix}accessToken`)) {
      return true;
    }
  }
  return false;
}

/** Removes every Amplify auth key (a session that can no longer be used, or a failed sign-out). */
export function clearStoredSession(
  storage: Pick<Storage, 'length' | 'key' | 'removeItem'> | undefined = browserStorage() as
    | Storage
    | undefined,
): void {
  if (!storage) return;
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith(amplifyKeyPrefix)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
