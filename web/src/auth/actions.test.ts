import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../shared/api/account';
import * as account from '../api/account';
import { ApiRequestError } from '../api/client';
import * as errors from '../observability/errors';
import * as marketing from '../observability/marketing';
import { confirmSocialSignup, loadCurrentUser, login, logout, signup } from './actions';
import * as amplify from './amplify';
import { authStore } from './store';

// Observability wiring of the auth actions (§2, §8): who errors are attributed to, which failures
// are reported with which tag, and when the marketing profile is updated. Amplify and the API are mocked.
vi.mock('./amplify', () => ({
  currentAccessToken: vi.fn(),
  redirectSession: vi.fn(),
  signInWithPassword: vi.fn(),
  signInWithProvider: vi.fn(),
  signOutOfCognito: vi.fn(),
}));
vi.mock('../api/account', () => ({
  createUserWithIdp: vi.fn(),
  getCurrentUser: vi.fn(),
  sendVerificationEmail: vi.fn(),
  signup: vi.fn(),
}));
vi.mock('../observability/errors', () => ({ reportError: vi.fn(), setErrorReportingUser: vi.fn() }));
vi.mock('../observability/marketing', () => ({ updateMarketingProfile: vi.fn(async () => undefined) }));

const user = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Rider' } as CurrentUser;
const serverError = () => new ApiRequestError(500, null);
const signupValues = {
  email: 'ada@example.com',
  password: 'Correct-horse-9',
  firstName: 'Ada',
  lastName: 'Rider',
};

beforeEach(() => {
  vi.clearAllMocks();
  authStore.reset();
  vi.mocked(amplify.currentAccessToken).mockResolvedValue('token');
  vi.mocked(amplify.signInWithPassword).mockResolvedValue();
  vi.mocked(amplify.signOutOfCognito).mockResolvedValue();
  vi.mocked(account.getCurrentUser).mockResolvedValue(user);
});

describe('auth actions: error reporting and marketing', () => {
  it('login sets the error-reporting user and updates the marketing profile', async () => {
    expect(await login('ada@example.com', 'pw')).toBeUndefined();
    expect(errors.setErrorReportingUser).toHaveBeenCalledWith({ id: 'u1' });
    expect(marketing.updateMarketingProfile).toHaveBeenCalledTimes(1);
    expect(errors.reportError).not.toHaveBeenCalled();
  });

  it('session restore sets the user; a failed current-user load is fetch-current-user-failed', async () => {
    expect(await loadCurrentUser({ force: true })).toEqual(user);
    expect(errors.setErrorReportingUser).toHaveBeenLastCalledWith({ id: 'u1' });
    expect(marketing.updateMarketingProfile).not.toHaveBeenCalled();

    const failure = serverError();
    vi.mocked(account.getCurrentUser).mockRejectedValueOnce(failure);
    await expect(loadCurrentUser({ force: true })).rejects.toBe(failure);
    expect(errors.reportError).toHaveBeenCalledWith(failure, 'fetch-current-user-failed');
  });

  it('a refused session is not reported but clears the user; auth info failures are auth-info-failed', async () => {
    vi.mocked(account.getCurrentUser).mockRejectedValueOnce(new ApiRequestError(401, null));
    expect(await loadCurrentUser({ force: true })).toBeNull();
    expect(errors.reportError).not.toHaveBeenCalled();
    expect(errors.setErrorReportingUser).toHaveBeenLastCalledWith(null);

    const failure = new Error('Amplify failed');
    vi.mocked(amplify.currentAccessToken).mockRejectedValueOnce(failure);
    await expect(loadCurrentUser({ force: true })).rejects.toBe(failure);
    expect(errors.reportError).toHaveBeenCalledWith(failure, 'auth-info-failed');
  });

  it('signup: reports unexpected failures as signup-failed, not the answers the form explains', async () => {
    vi.mocked(account.signup).mockRejectedValueOnce(new ApiRequestError(409, null));
    await signup(signupValues);
    expect(errors.reportError).not.toHaveBeenCalled();

    const failure = serverError();
    vi.mocked(account.signup).mockRejectedValueOnce(failure);
    await signup(signupValues);
    expect(errors.reportError).toHaveBeenCalledWith(failure, 'signup-failed');
    expect(marketing.updateMarketingProfile).not.toHaveBeenCalled();

    vi.mocked(account.signup).mockResolvedValueOnce({ data: user, meta: { verificationEmailSent: true } });
    expect(await signup(signupValues)).toBeUndefined();
    expect(errors.setErrorReportingUser).toHaveBeenLastCalledWith({ id: 'u1' });
    expect(marketing.updateMarketingProfile).toHaveBeenCalledTimes(1);
  });

  it('social sign-up: create-user-with-idp-failed for unexpected failures only', async () => {
    vi.mocked(account.createUserWithIdp).mockRejectedValueOnce(new ApiRequestError(400, null));
    await confirmSocialSignup({ firstName: '', lastName: '' }, 'token');
    expect(errors.reportError).not.toHaveBeenCalled();

    const failure = serverError();
    vi.mocked(account.createUserWithIdp).mockRejectedValueOnce(failure);
    await confirmSocialSignup({ firstName: 'Ada', lastName: 'Rider' }, 'token');
    expect(errors.reportError).toHaveBeenCalledWith(failure, 'create-user-with-idp-failed');

    vi.mocked(account.createUserWithIdp).mockResolvedValueOnce(user);
    expect(await confirmSocialSignup({ firstName: 'Ada', lastName: 'Rider' }, 'token')).toBeUndefined();
    expect(marketing.updateMarketingProfile).toHaveBeenCalledTimes(1);
  });

  it('logout clears the error-reporting identity (§2)', async () => {
    expect(await logout()).toBe(true);
    expect(errors.setErrorReportingUser).toHaveBeenLastCalledWith(null);
  });
});
