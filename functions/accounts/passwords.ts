import {
  AdminGetUserCommand,
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { limits } from '../../shared/config/constants';
import { messages } from '../../shared/errors/catalogue';
import { isPossibleConfirmationCode } from '../../shared/validation/account';
import { callCognito, userPoolClientId, userPoolId } from '../lib/cognito';
import { addressSubject, withDailyCount } from '../lib/daily-limits';
import { ApiError, invalidField } from '../lib/errors';
import { normalizeEmail } from './email';
import { getUser } from './repository';

/** Ours: AWS sends reset codes only to a verified address (cognito-local sends them to any). */
const unverified = 'This email address has not been verified, so we cannot send a reset code to it.';
/** Ours: the spec has only "Reset failed" (passwordResetFailed) for the page. */
const resetCodeInvalid = 'The reset code is invalid or has expired. Please request a new one.';

/** A wrong current password, on the password and the e-mail change alike. */
export const wrongCurrentPassword = () => invalidField('currentPassword', messages.wrongPassword);

/** Cognito's own password rule refused a new password: its words, on the form's field. */
export const passwordRefused = (field: string) => (error: Error) =>
  new ApiError('validation-invalid-params', undefined, {
    fields: { [field]: error.message || 'Invalid password' },
  });

const banned = () => new ApiError('forbidden', 'This account has been banned.');
const emailNotFound = () => new ApiError('email-not-found');

/**
 * Cognito ChangePassword with the caller's access token. AWS answers a wrong current password with
 * NotAuthorizedException, cognito-local with InvalidPasswordException (our validators already hold
 * the new password to the pool's rule, so that one is not the new password's).
 */
export async function changePassword(
  accessToken: string,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  await callCognito(
    (client) =>
      client.send(
        new ChangePasswordCommand({
          AccessToken: accessToken,
          PreviousPassword: currentPassword,
          ProposedPassword: newPassword,
        }),
      ),
    { NotAuthorizedException: wrongCurrentPassword, InvalidPasswordException: wrongCurrentPassword },
  );
}

/**
 * Cognito ForgotPassword sends a reset code; returns the address it went to. An unknown address is
 * email-not-found, as the spec wants. The existence check is ours (AdminGetUser), because the two
 * Cognitos differ: cognito-local throws UserNotFoundException, while AWS, with the client's
 * user-existence protection, pretends to send. A banned user is refused, a deleted one unknown.
 */
export async function requestPasswordReset(email: string, now: Date = new Date()): Promise<string> {
  const username = normalizeEmail(email);
  // At most 5 a day per address, counted before we look the address up, so an address without an
  // account is refused alike (429 too-many-requests) and the answer tells nobody which has one.
  const limit = {
    subject: addressSubject(username),
    purpose: 'RESET',
    max: limits.maxPasswordResetsPerAddressPerDay,
  } as const;
  return withDailyCount(limit, () => sendResetCode(username), now);
}

async function sendResetCode(username: string): Promise<string> {
  const user = await callCognito(
    (client) => client.send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: username })),
    { UserNotFoundException: emailNotFound },
  );
  if (user.Enabled === false) throw banned();
  const sub = user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  const profile = sub ? await getUser(sub) : undefined;
  if (profile?.banned) throw banned();
  if (profile?.deleted) throw emailNotFound();

  await callCognito(
    (client) => client.send(new ForgotPasswordCommand({ ClientId: userPoolClientId(), Username: username })),
    {
      UserNotFoundException: emailNotFound,
      InvalidParameterException: () => invalidField('email', unverified),
      NotAuthorizedException: banned,
    },
  );
  return username;
}

/**
 * Cognito ConfirmForgotPassword. A wrong or expired code, or an unknown address (not told apart),
 * is a field error on the code.
 */
export async function confirmPasswordReset(values: {
  email: string;
  code: string;
  newPassword: string;
}): Promise<void> {
  const codeInvalid = () => invalidField('passwordResetToken', resetCodeInvalid);
  // A code Cognito's API would refuse as a parameter is simply wrong (issue 28's fuzz suite).
  if (!isPossibleConfirmationCode(values.code.trim())) throw codeInvalid();
  await callCognito(
    (client) =>
      client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: userPoolClientId(),
          Username: normalizeEmail(values.email),
          ConfirmationCode: values.code.trim(),
          Password: values.newPassword,
        }),
      ),
    {
      CodeMismatchException: codeInvalid,
      ExpiredCodeException: codeInvalid,
      UserNotFoundException: codeInvalid,
      InvalidPasswordException: passwordRefused('newPassword'),
    },
  );
}
