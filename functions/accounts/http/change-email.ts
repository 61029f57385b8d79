import { AdminGetUserCommand, UpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { messages } from '../../../shared/errors/catalogue';
import { validateContactDetails } from '../../../shared/validation/account';
import { cognito, cognitoError, passwordSignIn, rethrowCognitoLimits, userPoolId } from '../../lib/cognito';
import { ApiError, accessToken, assertValid, json, jsonBody, textField } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { normalizeEmail } from '../email';
import { updateUser } from '../repository';
import { toCurrentUser } from '../user-record';

/**
 * POST /api/me/email {email, currentPassword} — changes the caller's e-mail address. The current
 * password is checked first (a sign-in with it); then Cognito's UpdateUserAttributes with the
 * caller's access token, which sends a verification code to the new address. The profile gets the
 * new address with emailVerified false; POST /api/auth/verify-email with that code verifies it.
 *
 * In AWS the pool keeps the original address until the new one is verified (keepOriginal), so the
 * user signs in with the old address until then; cognito-local switches at once.
 */
export const handler = userHandler({ fullSession: true }, async ({ event, user, profile }) => {
  const body = jsonBody(event);
  const email = textField(body, 'email');
  const currentPassword = textField(body, 'currentPassword');
  assertValid(
    validateContactDetails({
      ...(email !== undefined ? { email } : {}),
      currentEmail: profile.email,
      // Required whenever the address changes, which is the only thing this route does.
      currentPassword: currentPassword ?? '',
    }),
  );
  const newEmail = normalizeEmail(email!);
  if (newEmail === normalizeEmail(profile.email)) {
    return json(200, { data: toCurrentUser(profile, { limited: user.limited }) });
  }

  // The Cognito username from the token (the sub in this pool), not the profile's address: in AWS an
  // unverified new address is not a sign-in name yet.
  const claims = event.requestContext.authorizer?.jwt?.claims ?? {};
  const username = typeof claims.username === 'string' ? claims.username : profile.email;
  if (!(await passwordSignIn(username, currentPassword!))) {
    throw new ApiError('validation-invalid-value', messages.wrongPassword, {
      fields: { currentPassword: messages.wrongPassword },
    });
  }
  if (await emailInUse(newEmail)) {
    throw new ApiError('email-taken', messages.changeEmailTaken, {
      fields: { email: messages.changeEmailTaken },
    });
  }
  try {
    await cognito().send(
      new UpdateUserAttributesCommand({
        AccessToken: accessToken(event),
        UserAttributes: [{ Name: 'email', Value: newEmail }],
      }),
    );
  } catch (error) {
    if (cognitoError(error) === 'AliasExistsException') {
      throw new ApiError('email-taken', messages.changeEmailTaken, {
        fields: { email: messages.changeEmailTaken },
      });
    }
    rethrowCognitoLimits(error);
    throw error;
  }
  const updated = await updateUser(user.id, { set: { email: newEmail, emailVerified: false } });
  return json(200, { data: toCurrentUser(updated, { limited: user.limited }) });
});

/** Whether another Cognito user has this address (AWS also refuses it with AliasExistsException; cognito-local does not). */
async function emailInUse(email: string): Promise<boolean> {
  try {
    await cognito().send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: email }));
    return true;
  } catch (error) {
    if (cognitoError(error) === 'UserNotFoundException') return false;
    throw error;
  }
}
