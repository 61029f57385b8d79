import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { limits } from '../../shared/config/constants';
import { defaultDisplayName } from '../../shared/text/names';
import { sanitizeText } from '../../shared/text/sanitize';
import { type CognitoAnswers, callCognito, cognito, passwordSignIn, userPoolId } from '../lib/cognito';
import { addressSubject, withDailyCount } from '../lib/daily-limits';
import { ApiError } from '../lib/errors';
import { log } from '../lib/logger';
import { offerAddressClaim } from './claim-address';
import { normalizeEmail } from './email';
import { passwordRefused } from './passwords';
import { createUser } from './repository';
import { recordUnverifiedAccount } from './unverified-accounts';
import type { UserRecord } from './user-record';
import { sendSignUpVerificationEmail } from './verification-emails';

interface SignUpValues {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * At most 5 sign-ups a day per address (429 too-many-requests), counted whatever the answer (a taken
 * address too), so nobody can make us mail an address again and again by signing it up.
 */
export async function signUp(
  values: SignUpValues,
  now: Date = new Date(),
): Promise<{ record: UserRecord; verificationEmailSent: boolean }> {
  const limit = {
    subject: addressSubject(normalizeEmail(values.email)),
    purpose: 'SIGNUP',
    max: limits.maxSignUpsPerAddressPerDay,
  } as const;
  return withDailyCount(limit, () => createAccount(values), now);
}

/**
 * Sign-up with e-mail and password (the values already validated, with the shared signup
 * validators: cognito-local enforces no password policy): Cognito AdminCreateUser with its
 * invitation suppressed and AdminSetUserPassword (a confirmed user with the chosen password, so the
 * browser can sign in at once: after sign-up the user is logged in; SignUp + AdminConfirmSignUp
 * would also mail a confirmation code that is useless once confirmed), and the profile item.
 * A failure part-way deletes the Cognito user again, so there is never half a user. Last, the first
 * verification e-mail goes out (counted by the sign-ups per address, not in the user's 5 a day), with a
 * token from a server-side sign-in, since the browser has none yet; if that send fails the sign-up
 * still stands and the user can resend from /verify-email.
 */
async function createAccount(
  values: SignUpValues,
): Promise<{ record: UserRecord; verificationEmailSent: boolean }> {
  const email = normalizeEmail(values.email);
  const password = values.password;
  const firstName = sanitizeText(values.firstName.trim());
  const lastName = sanitizeText(values.lastName.trim());

  const created = await callCognito(
    (client) =>
      client.send(
        new AdminCreateUserCommand({
          UserPoolId: userPoolId(),
          Username: email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'given_name', Value: firstName },
            { Name: 'family_name', Value: lastName },
          ],
        }),
      ),
    signUpAnswers,
  ).catch(async (error: unknown) => {
    // The address has an account: if it was never verified, its owner gets a new code (issue 25).
    if (error instanceof ApiError && error.code === 'email-taken') await offerAddressClaim(email);
    throw error;
  });
  const userId = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!userId) throw new Error('Cognito AdminCreateUser returned no user id');

  let record: UserRecord;
  try {
    await callCognito(
      (client) =>
        client.send(
          new AdminSetUserPasswordCommand({
            UserPoolId: userPoolId(),
            Username: email,
            Password: password,
            Permanent: true,
          }),
        ),
      signUpAnswers,
    );
    record = await createUser({
      id: userId,
      email,
      emailVerified: false,
      firstName,
      lastName,
      displayName: defaultDisplayName(firstName, lastName),
      createdAt: new Date().toISOString(),
    });
  } catch (error) {
    await cognito()
      .send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: email }))
      .catch((cleanupError: unknown) =>
        log.error('sign-up rollback failed: a Cognito user without a profile remains', {
          userId,
          error: cleanupError,
        }),
      );
    throw error;
  }

  // Removed after 7 days if never verified (issue 25); without the record it is only never removed.
  await recordUnverifiedAccount(record.id, record.createdAt).catch((error: unknown) =>
    log.error('unverified account not recorded for removal', { userId: record.id, error }),
  );
  const verificationEmailSent = await sendFirstVerificationEmail(record, password);
  return { record, verificationEmailSent };
}

const signUpAnswers: CognitoAnswers = {
  UsernameExistsException: () => new ApiError('email-taken'),
  AliasExistsException: () => new ApiError('email-taken'),
  InvalidPasswordException: passwordRefused('password'),
  InvalidParameterException: () => new ApiError('validation-invalid-params'),
};

/** Sends the first verification e-mail; false (logged) if it could not, and the user can resend. */
async function sendFirstVerificationEmail(record: UserRecord, password: string): Promise<boolean> {
  try {
    const token = await passwordSignIn(record.email, password);
    if (!token) throw new Error('the new user could not sign in');
    await sendSignUpVerificationEmail(token);
    return true;
  } catch (error) {
    log.warn('first verification e-mail not sent; the user can resend it', { userId: record.id, error });
    return false;
  }
}
