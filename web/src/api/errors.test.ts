import { describe, expect, it } from 'vitest';
import { apiErrors, messages } from '../../../shared/errors/catalogue';
import { signupErrorRules } from '../auth/actions';
import { passwordChangeErrorRules } from '../pages/account/change-password/PasswordChangePage';
import { contactDetailsErrorRules } from '../pages/account/contact-details/ContactDetailsPage';
import { resendErrorMessage } from '../pages/email-verification/EmailVerificationPage';
import { recoveryErrorRules } from '../pages/password-recovery/PasswordRecoveryPage';
import { avatarErrorRules } from '../pages/profile-settings/ProfileSettingsPage';
import { ApiRequestError } from './client';
import { apiFieldErrors, errorMessage, FORM_ERROR, loginErrorMessage, submitErrors } from './errors';

const apiError = (status: number, code: string, meta?: Record<string, unknown>, title = 'Server title') =>
  new ApiRequestError(status, { errors: [{ id: 'r1', status, code, title, ...(meta ? { meta } : {}) }] });

describe('submitErrors', () => {
  it("puts the server's field messages on the form's fields", () => {
    const error = apiError(400, 'validation-invalid-params', {
      fields: { email: 'A valid email address is required', password: 'Too short', extra: 'Other problem' },
    });
    expect(submitErrors(error, { fields: ['email', 'password'] })).toEqual({
      email: 'A valid email address is required',
      password: 'Too short',
      [FORM_ERROR]: 'Other problem',
    });
  });

  it('uses the rule of a known code, on a field or for the form', () => {
    expect(submitErrors(apiError(409, 'email-taken'), { codes: signupErrorRules })).toEqual({
      email: messages.emailTaken,
    });
    expect(submitErrors(apiError(409, 'email-taken'), { codes: { 'email-taken': 'Taken' } })).toEqual({
      [FORM_ERROR]: 'Taken',
    });
  });

  it('prefers field messages over the code rule', () => {
    const error = apiError(400, 'validation-invalid-value', {
      fields: { verificationToken: 'Code expired' },
    });
    expect(
      submitErrors(error, {
        fields: ['verificationToken'],
        codes: { 'validation-invalid-value': { field: 'verificationToken', message: 'Ours' } },
      }),
    ).toEqual({ verificationToken: 'Code expired' });
  });

  it('shows validation messages for unknown fields above the form', () => {
    const error = apiError(400, 'validation-invalid-params', { fields: { other: 'Bad other' } });
    expect(submitErrors(error, { fields: ['email'] })).toEqual({ [FORM_ERROR]: 'Bad other' });
  });

  it('falls back to the given message, the network message or the generic one', () => {
    expect(submitErrors(apiError(500, 'server-error'), { fallback: messages.signupFailed })).toEqual({
      [FORM_ERROR]: messages.signupFailed,
    });
    expect(submitErrors(new ApiRequestError(0, null, 'Failed to fetch'))).toEqual({
      [FORM_ERROR]: messages.topbarNetworkError,
    });
    expect(submitErrors(new Error('boom'))).toEqual({ [FORM_ERROR]: messages.somethingWentWrong });
  });

  it('reads meta.fields only when it is a map of strings', () => {
    expect(apiFieldErrors(apiError(400, 'validation-invalid-params', { fields: 'nope' }))).toEqual({});
    expect(apiFieldErrors(apiError(400, 'x', { fields: { a: 'A', b: 3 } }))).toEqual({ a: 'A' });
    expect(apiFieldErrors(new Error('x'))).toEqual({});
  });
});

describe("the spec's messages for account errors", () => {
  it('maps each account error code to its message', () => {
    expect(submitErrors(apiError(404, 'email-not-found'), { codes: recoveryErrorRules })).toEqual({
      email: apiErrors['email-not-found'].title,
    });
    expect(submitErrors(apiError(409, 'email-taken'), { codes: contactDetailsErrorRules })).toEqual({
      email: messages.changeEmailTaken,
    });
    expect(
      submitErrors(apiError(400, 'validation-invalid-value'), { codes: passwordChangeErrorRules }),
    ).toEqual({
      currentPassword: messages.wrongPassword,
    });
    expect(errorMessage(apiError(413, 'request-upload-over-limit'), { codes: avatarErrorRules })).toBe(
      messages.imageTooBig,
    );
  });

  it('tells the daily verification limit from a send already in flight', () => {
    expect(
      resendErrorMessage(
        apiError(429, 'email-too-many-verification-requests', { reason: 'daily-limit', limit: 5 }),
      ),
    ).toBe(messages.resendVerificationTooMany);
    expect(
      resendErrorMessage(apiError(429, 'email-too-many-verification-requests', { reason: 'in-flight' })),
    ).toBe(messages.verificationAlreadySending);
    expect(resendErrorMessage(apiError(500, 'server-error'))).toBe(messages.resendVerificationFailed);
  });

  it('shows the spec’s too-many-requests message for a daily limit (429) on every form, above the fields', () => {
    const limited = apiError(429, 'too-many-requests', { limit: 5, period: 'day' });
    const tooMany = apiErrors['too-many-requests'].title;
    // Sign-up and password-reset requests per address.
    expect(submitErrors(limited, { codes: signupErrorRules, fallback: messages.signupFailed })).toEqual({
      [FORM_ERROR]: tooMany,
    });
    expect(submitErrors(limited, { codes: recoveryErrorRules, fields: ['email'] })).toEqual({
      [FORM_ERROR]: tooMany,
    });
    // An e-mail change counts as a verification e-mail.
    expect(
      submitErrors(apiError(429, 'email-too-many-verification-requests', { reason: 'daily-limit' }), {
        codes: contactDetailsErrorRules,
      }),
    ).toEqual({ [FORM_ERROR]: messages.resendVerificationTooMany });
    expect(errorMessage(limited)).toBe(tooMany);
    // A form's own rule still wins.
    expect(errorMessage(limited, { codes: { 'too-many-requests': 'Mine' } })).toBe('Mine');
  });

  it('shows the login-failed message for refused credentials', () => {
    const cognito = (name: string) => Object.assign(new Error('x'), { name });
    expect(loginErrorMessage(cognito('NotAuthorizedException'))).toBe(messages.loginFailed);
    expect(loginErrorMessage(cognito('UserNotFoundException'))).toBe(messages.loginFailed);
    expect(loginErrorMessage(cognito('TooManyRequestsException'))).toBe(apiErrors['too-many-requests'].title);
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe(messages.topbarNetworkError);
    expect(loginErrorMessage(cognito('InternalErrorException'))).toBe(messages.somethingWentWrong);
  });
});
