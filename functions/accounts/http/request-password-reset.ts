import { AdminGetUserCommand, ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PasswordResetRequested } from '../../../shared/api/account';
import { validatePasswordRecovery } from '../../../shared/validation/account';
import { cognito, cognitoError, rethrowCognitoLimits, userPoolClientId, userPoolId } from '../../lib/cognito';
import {
  ApiError,
  assertValid,
  type HttpEvent,
  httpHandler,
  json,
  jsonBody,
  textField,
} from '../../lib/http';
import { normalizeEmail } from '../email';
import { getUser } from '../repository';

/** Ours: AWS sends reset codes only to a verified address (cognito-local sends them to any). */
const unverified = 'This email address has not been verified, so we cannot send a reset code to it.';

/**
 * POST /api/auth/password-reset {email} → 202 { data: { email } }: Cognito ForgotPassword sends a
 * reset code. An unknown address is 404 email-not-found, as the spec wants. The existence check is
 * ours (AdminGetUser), because the two Cognitos differ: cognito-local throws UserNotFoundException,
 * while AWS, with the client's user-existence protection, pretends to send. A banned user gets 403.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const email = textField(jsonBody(event), 'email');
  assertValid(validatePasswordRecovery(email === undefined ? {} : { email }));
  const username = normalizeEmail(email!);

  let sub: string | undefined;
  try {
    const user = await cognito().send(
      new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: username }),
    );
    sub = user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    if (user.Enabled === false) throw new ApiError('forbidden', 'This account has been banned.');
  } catch (error) {
    if (cognitoError(error) === 'UserNotFoundException') throw new ApiError('email-not-found');
    throw error;
  }
  const profile = sub ? await getUser(sub) : undefined;
  if (profile?.banned) throw new ApiError('forbidden', 'This account has been banned.');
  if (profile?.deleted) throw new ApiError('email-not-found');

  try {
    await cognito().send(new ForgotPasswordCommand({ ClientId: userPoolClientId(), Username: username }));
  } catch (error) {
    const name = cognitoError(error);
    if (name === 'UserNotFoundException') throw new ApiError('email-not-found');
    if (name === 'InvalidParameterException') {
      throw new ApiError('validation-invalid-value', unverified, { fields: { email: unverified } });
    }
    if (name === 'NotAuthorizedException') throw new ApiError('forbidden', 'This account has been banned.');
    rethrowCognitoLimits(error);
    throw error;
  }
  const data: PasswordResetRequested = { email: username };
  return json(202, { data });
});
