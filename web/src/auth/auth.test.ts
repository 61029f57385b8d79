import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../shared/api/account';
import { afterLoginPath, fromSearch, keepFrom, safeFrom, validateFromSearch } from './from';
import { parseIdpFlow, socialProviders } from './idp';
import { clearStoredSession, hasStoredSession } from './session';
import { createAuthStore, initialAuthState } from './store';

describe('safeFrom', () => {
  it('keeps in-app paths with their search and hash', () => {
    expect(safeFrom('/account/contact-details')).toBe('/account/contact-details');
    expect(safeFrom('/u/abc?page=2#listings')).toBe('/u/abc?page=2#listings');
    expect(safeFrom('/s?keywords=trek%20bike&pub_category=roadBikes,gravelBikes')).toBe(
      '/s?keywords=trek%20bike&pub_category=roadBikes,gravelBikes',
    );
  });

  it('refuses other sites and odd values', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'account',
      '',
      undefined,
      42,
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(safeFrom(value), String(value)).toBeUndefined();
    }
  });

  it('never returns to an authentication screen', () => {
    expect(safeFrom('/login')).toBeUndefined();
    expect(safeFrom('/signup?from=/x')).toBeUndefined();
    expect(safeFrom('/confirm/')).toBeUndefined();
    expect(safeFrom('/reset-password?email=a%40b.example')).toBeUndefined();
    expect(safeFrom('/login-help')).toBe('/login-help');
  });
});

describe('from on redirects and links', () => {
  it('carries path, search and hash of the page that needed a login', () => {
    expect(fromSearch({ href: '/account/contact-details?tab=1#phone' })).toEqual({
      from: '/account/contact-details?tab=1#phone',
    });
    expect(fromSearch({ href: '/' })).toEqual({});
  });

  it('goes back to from after signing in, else to the landing page', () => {
    expect(afterLoginPath('/profile-settings')).toBe('/profile-settings');
    expect(afterLoginPath('https://evil.example')).toBe('/');
    expect(afterLoginPath(undefined)).toBe('/');
  });

  it('keeps a safe from between the login and signup tabs', () => {
    expect(keepFrom('/verify-email')).toEqual({ from: '/verify-email' });
    expect(keepFrom('//evil.example')).toEqual({});
    expect(validateFromSearch({ from: '/listings', other: 'x' })).toEqual({ from: '/listings' });
    expect(validateFromSearch({})).toEqual({});
  });
});

function memoryStorage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (index: number) => [...map.keys()][index] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

describe('hasStoredSession', () => {
  const prefix = 'CognitoIdentityServiceProvider.client1';
  it("finds Amplify's tokens for the last signed-in user", () => {
    const storage = memoryStorage({
      [`${prefix}.LastAuthUser`]: 'user-1',
      [`${prefix}.user-1.refreshToken`]: 'r',
      [`${prefix}.user-1.accessToken`]: 'a',
    });
    expect(hasStoredSession(storage)).toBe(true);
  });

  it('is false without storage, without tokens, or for another user', () => {
    expect(hasStoredSession(undefined)).toBe(false);
    expect(hasStoredSession(memoryStorage({}))).toBe(false);
    expect(hasStoredSession(memoryStorage({ [`${prefix}.LastAuthUser`]: 'user-1' }))).toBe(false);
    expect(
      hasStoredSession(
        memoryStorage({ [`${prefix}.LastAuthUser`]: 'user-1', [`${prefix}.user-2.refreshToken`]: 'r' }),
      ),
    ).toBe(false);
  });

  it('clears only Amplify keys', () => {
    const storage = memoryStorage({
      [`${prefix}.LastAuthUser`]: 'user-1',
      [`${prefix}.user-1.refreshToken`]: 'r',
      other: 'kept',
    });
    clearStoredSession(storage);
    expect([...storage.map.keys()]).toEqual(['other']);
  });
});

describe('auth store', () => {
  const user = { id: 'u1', email: 'a@b.example' } as CurrentUser;

  it('starts checking when a session is stored, anonymous otherwise', () => {
    expect(initialAuthState(true).status).toBe('checking');
    expect(initialAuthState(false).status).toBe('anonymous');
  });

  it('runs one of login, logout and signup at a time', () => {
    const store = createAuthStore(() => initialAuthState(false));
    expect(store.begin('login')).toBe(true);
    expect(store.get().inProgress).toBe('login');
    expect(store.begin('logout')).toBe(false);
    expect(store.begin('signup')).toBe(false);
    store.end('login', { loginError: 'nope' });
    expect(store.get()).toMatchObject({ inProgress: null, loginError: 'nope' });
    expect(store.begin('signup')).toBe(true);
    // Ending another operation leaves the running one alone.
    store.end('login');
    expect(store.get().inProgress).toBe('signup');
  });

  it('clears the previous error of an operation when it starts again', () => {
    const store = createAuthStore(() => ({ ...initialAuthState(false), loginError: 'old' }));
    store.begin('login');
    expect(store.get().loginError).toBeNull();
  });

  it('notifies subscribers and resets to anonymous', () => {
    const store = createAuthStore(() => initialAuthState(false));
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set({ status: 'authenticated', currentUser: user });
    expect(listener).toHaveBeenCalledTimes(1);
    store.reset();
    expect(store.get()).toEqual(initialAuthState(false));
    unsubscribe();
    store.set({ status: 'checking' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('parseIdpFlow', () => {
  it('needs a known provider and keeps only a safe from', () => {
    expect(parseIdpFlow(JSON.stringify({ provider: 'Google', from: '/account?x=1' }))).toEqual({
      provider: 'Google',
      from: '/account?x=1',
    });
    expect(parseIdpFlow(JSON.stringify({ provider: 'Facebook', from: 'https://evil.example/' }))).toEqual({
      provider: 'Facebook',
    });
    expect(parseIdpFlow(JSON.stringify({ provider: 'Twitter' }))).toBeNull();
    expect(parseIdpFlow('not json')).toBeNull();
    expect(parseIdpFlow(null)).toBeNull();
  });
});

describe('socialProviders (which social buttons show)', () => {
  const cognito = { userPoolId: 'pool', clientId: 'client' };
  const oauth = {
    domain: 'velo.auth.eu-west-1.amazoncognito.com',
    scopes: ['openid', 'email', 'profile'],
    redirectSignIn: 'https://velo.example/confirm',
    redirectSignOut: 'https://velo.example/',
  };

  it('shows none when no provider is configured (the local cloud) or the config is missing', () => {
    expect(socialProviders({ cognito, idps: [] })).toEqual([]);
    expect(socialProviders({ cognito })).toEqual([]);
    expect(socialProviders({ cognito: { ...cognito, oauth }, idps: [] })).toEqual([]);
    expect(socialProviders(undefined)).toEqual([]);
  });

  it('shows the configured providers, only with the OAuth settings', () => {
    expect(socialProviders({ cognito: { ...cognito, oauth }, idps: ['Google'] })).toEqual(['Google']);
    expect(socialProviders({ cognito: { ...cognito, oauth }, idps: ['Facebook', 'Google'] })).toEqual([
      'Google',
      'Facebook',
    ]);
    expect(socialProviders({ cognito, idps: ['Google'] })).toEqual([]);
  });

  it('ignores providers the app does not know', () => {
    const idps = ['Twitter', 'Google'] as unknown as ['Google'];
    expect(socialProviders({ cognito: { ...cognito, oauth }, idps })).toEqual(['Google']);
  });
});

describe('validateOAuthCallbackSearch', () => {
  it('keeps the code and state the provider sends back, and a safe from', async () => {
    const { validateOAuthCallbackSearch } = await import('./from');
    expect(
      validateOAuthCallbackSearch({ code: 'abc', state: 'xyz', from: '/account/contact-details' }),
    ).toEqual({
      code: 'abc',
      state: 'xyz',
      from: '/account/contact-details',
    });
    expect(validateOAuthCallbackSearch({ code: 1, from: 'https://evil.example/' })).toEqual({});
  });
});
