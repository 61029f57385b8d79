/**
 * The API's validation of the requests that set a password (sign-up, password change, password
 * reset): the forms' validators (`account.ts`) plus the common-password rule, with the check the
 * API builds (functions/accounts/common-passwords.ts). The browser applies the same rule from its
 * new-password fields (web/src/forms/common-password-check.ts), loaded lazily there.
 *
 * This protects users from choosing a guessable password; it is not a security boundary, since
 * Cognito's sign-up and password calls can be made directly with the public client id
 * (docs/decisions.md, issue 25).
 */
import {
  type PasswordChangeValues,
  type PasswordResetValues,
  type SignupValues,
  validatePasswordChange,
  validatePasswordReset,
  validateSignup,
} from './account';
import { type CommonPasswordCheck, commonPasswordValidator } from './common-passwords';
import type { FieldErrors } from './core';

/** Adds the common-password message to a field that passed the form's own rules. */
function withCommonPasswordRule<T>(
  errors: FieldErrors<T>,
  field: keyof T,
  value: unknown,
  isCommon: CommonPasswordCheck,
): FieldErrors<T> {
  if (errors[field] !== undefined) return errors;
  const tooCommon = commonPasswordValidator(isCommon)(value);
  return tooCommon === undefined ? errors : { ...errors, [field]: tooCommon };
}

export function validateSignupRequest(
  values: Partial<SignupValues>,
  isCommon: CommonPasswordCheck,
): FieldErrors<SignupValues> {
  return withCommonPasswordRule(validateSignup(values), 'password', values.password, isCommon);
}

export function validatePasswordChangeRequest(
  values: Partial<PasswordChangeValues>,
  isCommon: CommonPasswordCheck,
): FieldErrors<PasswordChangeValues> {
  return withCommonPasswordRule(validatePasswordChange(values), 'newPassword', values.newPassword, isCommon);
}

export function validatePasswordResetRequest(
  values: Partial<PasswordResetValues>,
  isCommon: CommonPasswordCheck,
): FieldErrors<PasswordResetValues> {
  return withCommonPasswordRule(validatePasswordReset(values), 'newPassword', values.newPassword, isCommon);
}
