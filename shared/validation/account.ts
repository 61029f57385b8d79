/** Account forms (§3 forms, §5): signup, login, password change/reset/recovery, contact details, profile. */
import { limits } from '../config/constants';
import {
  composeValidators,
  emailFormat,
  type FieldErrors,
  maxLength,
  minLength,
  required,
  type Validator,
  validateFields,
} from './core';
import {
  contactDetailsMessages,
  loginMessages,
  passwordChangeMessages,
  passwordRecoveryMessages,
  passwordResetMessages,
  profileMessages,
  signupMessages,
} from './messages';

/** Password: required, 8 to 256 characters (§5, §9). */
export function passwordValidator(texts: {
  required: string;
  tooShort: string;
  tooLong: string;
}): Validator<unknown> {
  return composeValidators(
    required(texts.required),
    minLength(texts.tooShort, limits.passwordMinLength),
    maxLength(texts.tooLong, limits.passwordMaxLength),
  );
}

export function emailValidator(texts: { required: string; invalid: string }): Validator<unknown> {
  return composeValidators(required(texts.required), emailFormat(texts.invalid));
}

export interface SignupValues {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

export const signupValidators = {
  email: emailValidator({ required: signupMessages.emailRequired, invalid: signupMessages.emailInvalid }),
  firstName: required(signupMessages.firstNameRequired),
  lastName: required(signupMessages.lastNameRequired),
  password: passwordValidator({
    required: signupMessages.passwordRequired,
    tooShort: signupMessages.passwordTooShort,
    tooLong: signupMessages.passwordTooLong,
  }),
};

export function validateSignup(values: Partial<SignupValues>): FieldErrors<SignupValues> {
  return validateFields(values, signupValidators);
}

/** The confirm step of a social sign-up (POST /api/auth/create-user-with-idp): the signup form's names. */
export interface IdpSignupValues {
  firstName: string;
  lastName: string;
}

export function validateIdpSignup(values: Partial<IdpSignupValues>): FieldErrors<IdpSignupValues> {
  return validateFields(values, {
    firstName: signupValidators.firstName,
    lastName: signupValidators.lastName,
  });
}

export interface LoginValues {
  email: string;
  password: string;
}

export function validateLogin(values: Partial<LoginValues>): FieldErrors<LoginValues> {
  return validateFields(values, {
    email: emailValidator({ required: loginMessages.emailRequired, invalid: loginMessages.emailInvalid }),
    password: required(loginMessages.passwordRequired),
  });
}

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
}

export function validatePasswordChange(
  values: Partial<PasswordChangeValues>,
): FieldErrors<PasswordChangeValues> {
  return validateFields(values, {
    currentPassword: required(passwordChangeMessages.passwordRequired),
    newPassword: passwordValidator({
      required: passwordChangeMessages.newPasswordRequired,
      tooShort: passwordChangeMessages.passwordTooShort,
      tooLong: passwordChangeMessages.passwordTooLong,
    }),
  });
}

export interface PasswordResetValues {
  email: string;
  passwordResetToken: string;
  newPassword: string;
}

export function validatePasswordReset(
  values: Partial<PasswordResetValues>,
): FieldErrors<PasswordResetValues> {
  return validateFields(values, {
    email: emailValidator({
      required: passwordRecoveryMessages.emailRequired,
      invalid: passwordRecoveryMessages.emailInvalid,
    }),
    passwordResetToken: required(passwordResetMessages.passwordRequired),
    newPassword: passwordValidator({
      required: passwordResetMessages.passwordRequired,
      tooShort: passwordResetMessages.passwordTooShort,
      tooLong: passwordResetMessages.passwordTooLong,
    }),
  });
}

/**
 * Whether `code` can be one of Cognito's confirmation codes (the e-mail verification and password
 * reset codes): 1 to 2,048 characters without white space, as its API requires. Anything else is
 * a wrong code without asking Cognito, whose refusal of such a request would not be a code error.
 */
export function isPossibleConfirmationCode(code: string): boolean {
  return /^\S{1,2048}$/u.test(code);
}

export function validatePasswordRecovery(values: { email?: string }): FieldErrors<{ email: string }> {
  return validateFields(values, {
    email: emailValidator({
      required: passwordRecoveryMessages.emailRequired,
      invalid: passwordRecoveryMessages.emailInvalid,
    }),
  });
}

export interface ContactDetailsValues {
  email: string;
  currentEmail?: string;
  currentPassword?: string;
  phoneNumber?: string;
}

/** Contact details: the current password is required only when the email changes (§5). */
export function validateContactDetails(
  values: Partial<ContactDetailsValues>,
): FieldErrors<ContactDetailsValues> {
  const emailChanged =
    values.currentEmail !== undefined && (values.email ?? '').trim() !== values.currentEmail.trim();
  return validateFields(values, {
    email: emailValidator({
      required: contactDetailsMessages.emailRequired,
      invalid: contactDetailsMessages.emailInvalid,
    }),
    ...(emailChanged
      ? {
          currentPassword: composeValidators(
            required(contactDetailsMessages.passwordRequired),
            minLength(contactDetailsMessages.passwordTooShort, limits.passwordMinLength),
          ),
        }
      : {}),
  });
}

export interface ProfileValues {
  firstName: string;
  lastName: string;
  bio?: string;
}

export function validateProfile(values: Partial<ProfileValues>): FieldErrors<ProfileValues> {
  return validateFields(values, {
    firstName: required(profileMessages.firstNameRequired),
    lastName: required(profileMessages.lastNameRequired),
    bio: maxLength(profileMessages.bioTooLong, limits.textAreaMaxLength),
  });
}
