import {
  AdminGetUserCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { limits } from '../../shared/config/constants';
import { messages } from '../../shared/errors/catalogue';
import { isPossibleConfirmationCode } from '../../shared/validation/account';
import { callCognito, cognitoAttributes, isCognitoError, passwordSignIn, userPoolId } from '../lib/cognito';
import { countOrRefuse, giveBack, userSubject } from '../lib/daily-limits';
import { ApiError, invalidField } from '../lib/errors';
import { normalizeEmail } from './email';
import { wrongCurrentPassword } from './passwords';
import { updateUser } from './repository';
import { forgetUnverifiedAccount } from './unverified-accounts';
import type { UserRecord } from './user-record';

/** Ours: the spec names no message for a wrong code. */
const verificationCodeInvalid = 'The verification code is invalid or has expired. Please request a new one.';

const emailTaken = () =>
  new ApiError('email-taken', messages.changeEmailTaken, { fields: { email: messages.changeEmailTaken } });

/**
 * Changes a user's e-mail address (already validated and different from theirs). The current
 * password is checked first (a sign-in with it, as `username`, the Cognito username from the
 * token: in AWS an unverified new address is not a sign-in name yet); then Cognito's
 * UpdateUserAttributes with their access token, which sends a verification code to the new
 * address. The profile gets the new address with emailVerified false; `verifyEmail` with that code
 * verifies it. In AWS the pool keeps the original address until the new one is verified
 * (keepOriginal), so the user signs in with the old address until then; cognito-local switches at once.
 * A change counts as a verification e-mail (5 a day: 429 email-too-many-verification-requests).
 */
export async function changeEmail(change: {
  userId: string;
  username: string;
  accessToken: string;
  email: string;
  currentPassword: string;
}): Promise<UserRecord> {
  const email = normalizeEmail(change.email);
  if (!(await passwordSignIn(change.username, change.currentPassword))) throw wrongCurrentPassword();
  if (await emailInUse(email)) throw emailTaken();
  // Each change mails a code to an address that may be anybody's: it counts with the verification
  // e-mails (5 a day), and a change Cognito refused gives its count back.
  const count = await countOrRefuse({
    subject: userSubject(change.userId),
    purpose: 'VERIFY',
    max: limits.maxVerificationEmailsPerDay,
    refusal: () =>
      new ApiError('email-too-many-verification-requests', undefined, {
        reason: 'daily-limit',
        limit: limits.maxVerificationEmailsPerDay,
      }),
  });
  try {
    await callCognito(
      (client) =>
        client.send(
          new UpdateUserAttributesCommand({
            AccessToken: change.accessToken,
            UserAttributes: [{ Name: 'email', Value: email }],
          }),
        ),
      { AliasExistsException: emailTaken },
    );
  } catch (error) {
    await giveBack(count);
    throw error;
  }
  return updateUser(change.userId, { set: { email, emailVerified: false } });
}

/** Whether another Cognito user has this address (AWS also refuses it with AliasExistsException; cognito-local does not). */
async function emailInUse(email: string): Promise<boolean> {
  try {
    await callCognito((client) =>
      client.send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: email })),
    );
    return true;
  } catch (error) {
    if (isCognitoError(error, 'UserNotFoundException')) return false;
    throw error;
  }
}

/**
 * Verifies a user's e-mail address with the code Cognito sent (VerifyUserAttribute with their
 * access token), then copies Cognito's address and its verified flag to the profile (after an
 * e-mail change, AWS applies the new address only now).
 */
export async function verifyEmail(userId: string, accessToken: string, code: string): Promise<UserRecord> {
  const codeInvalid = () => invalidField('verificationToken', verificationCodeInvalid);
  // A code Cognito's API would refuse as a parameter (a 100 kB one did: a 500) is simply wrong.
  if (!isPossibleConfirmationCode(code)) throw codeInvalid();
  await callCognito(
    (client) =>
      client.send(
        new VerifyUserAttributeCommand({ AccessToken: accessToken, AttributeName: 'email', Code: code }),
      ),
    { CodeMismatchException: codeInvalid, ExpiredCodeException: codeInvalid },
  );
  const attributes = await cognitoAttributes(accessToken);
  const record = await updateUser(userId, {
    set: {
      emailVerified: attributes.email_verified === 'true',
      ...(attributes.email ? { email: normalizeEmail(attributes.email) } : {}),
    },
  });
  if (record.emailVerified) await forgetUnverifiedAccount(userId, record.createdAt);
  return record;
}
