import { ChangePasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { messages } from '../../../shared/errors/catalogue';
import { validatePasswordChange } from '../../../shared/validation/account';
import { cognito, cognitoError, rethrowCognitoLimits } from '../../lib/cognito';
import { ApiError, accessToken, assertValid, jsonBody, noContent, textField } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';

/**
 * POST /api/auth/change-password {currentPassword, newPassword} → 204: Cognito ChangePassword with
 * the caller's access token. A wrong current password is 400 validation-invalid-value, titled
 * 'Please double-check your current password', with `meta.fields.currentPassword`.
 */
export const handler = userHandler({ fullSession: true, profile: 'optional' }, async ({ event }) => {
  const body = jsonBody(event);
  const currentPassword = textField(body, 'currentPassword');
  const newPassword = textField(body, 'newPassword');
  assertValid(
    validatePasswordChange({
      ...(currentPassword !== undefined ? { currentPassword } : {}),
      ...(newPassword !== undefined ? { newPassword } : {}),
    }),
  );
  try {
    await cognito().send(
      new ChangePasswordCommand({
        AccessToken: accessToken(event),
        PreviousPassword: currentPassword!,
        ProposedPassword: newPassword!,
      }),
    );
  } catch (error) {
    const name = cognitoError(error);
    // AWS: NotAuthorizedException; cognito-local: InvalidPasswordException (our validators
    // already hold the new password to the pool's rule, so that one is not the new password's).
    if (name === 'NotAuthorizedException' || name === 'InvalidPasswordException') {
      throw new ApiError('validation-invalid-value', messages.wrongPassword, {
        fields: { currentPassword: messages.wrongPassword },
      });
    }
    rethrowCognitoLimits(error);
    throw error;
  }
  return noContent();
});
