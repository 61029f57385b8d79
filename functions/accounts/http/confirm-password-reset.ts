import { ConfirmForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { validatePasswordReset } from '../../../shared/validation/account';
import { cognito, cognitoError, rethrowCognitoLimits, userPoolClientId } from '../../lib/cognito';
import {
  ApiError,
  assertValid,
  type HttpEvent,
  httpHandler,
  jsonBody,
  noContent,
  textFields,
} from '../../lib/http';
import { normalizeEmail } from '../email';

/** Ours: the spec has only "Reset failed" (passwordResetFailed) for the page. */
const codeInvalid = 'The reset code is invalid or has expired. Please request a new one.';

/**
 * POST /api/auth/password-reset/confirm {email, passwordResetToken, newPassword} → 204: Cognito
 * ConfirmForgotPassword. A wrong or expired code (or an unknown address, which is not told apart)
 * is 400 validation-invalid-value with `meta.fields.passwordResetToken`.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const body = jsonBody(event);
  const values = textFields(body, ['email', 'passwordResetToken', 'newPassword'] as const);
  assertValid(validatePasswordReset(values));
  try {
    await cognito().send(
      new ConfirmForgotPasswordCommand({
        ClientId: userPoolClientId(),
        Username: normalizeEmail(values.email!),
        ConfirmationCode: values.passwordResetToken!.trim(),
        Password: values.newPassword!,
      }),
    );
  } catch (error) {
    const name = cognitoError(error);
    if (
      name === 'CodeMismatchException' ||
      name === 'ExpiredCodeException' ||
      name === 'UserNotFoundException'
    ) {
      throw new ApiError('validation-invalid-value', codeInvalid, {
        fields: { passwordResetToken: codeInvalid },
      });
    }
    if (name === 'InvalidPasswordException') {
      const message = error instanceof Error ? error.message : 'Invalid password';
      throw new ApiError('validation-invalid-params', undefined, { fields: { newPassword: message } });
    }
    rethrowCognitoLimits(error);
    throw error;
  }
  return noContent();
});
