import { GetUserCommand, VerifyUserAttributeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito, cognitoError, rethrowCognitoLimits } from '../../lib/cognito';
import { ApiError, accessToken, assertValid, json, jsonBody, textField } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { normalizeEmail } from '../email';
import { updateUser } from '../repository';
import { toCurrentUser } from '../user-record';

/** Ours: the spec names no message for a missing or wrong code. */
const codeRequired = 'This field is required';
const codeInvalid = 'The verification code is invalid or has expired. Please request a new one.';

/**
 * POST /api/auth/verify-email {verificationToken} — verifies the caller's e-mail address with the
 * code Cognito sent (VerifyUserAttribute with the caller's access token), then copies Cognito's
 * address and its verified flag to the profile (after an e-mail change, AWS applies the new address
 * only now).
 */
export const handler = userHandler({ fullSession: true, profile: 'optional' }, async ({ event, user }) => {
  const code = textField(jsonBody(event), 'verificationToken')?.trim();
  if (!code) assertValid({ verificationToken: codeRequired });
  const token = accessToken(event);
  try {
    await cognito().send(
      new VerifyUserAttributeCommand({ AccessToken: token, AttributeName: 'email', Code: code }),
    );
  } catch (error) {
    const name = cognitoError(error);
    if (name === 'CodeMismatchException' || name === 'ExpiredCodeException') {
      throw new ApiError('validation-invalid-value', codeInvalid, {
        fields: { verificationToken: codeInvalid },
      });
    }
    rethrowCognitoLimits(error);
    throw error;
  }
  const result = await cognito().send(new GetUserCommand({ AccessToken: token }));
  const attribute = (name: string) => result.UserAttributes?.find((a) => a.Name === name)?.Value;
  const email = attribute('email');
  const updated = await updateUser(user.id, {
    set: {
      emailVerified: attribute('email_verified') === 'true',
      ...(email ? { email: normalizeEmail(email) } : {}),
    },
  });
  return json(200, { data: toCurrentUser(updated, { limited: user.limited }) });
});
