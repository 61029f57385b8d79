import { validatePasswordResetRequest } from '../../../shared/validation/account-requests';
import { assertValid, type HttpEvent, httpHandler, jsonBody, noContent, textFields } from '../../lib/http';
import { commonPasswords } from '../common-passwords';
import { confirmPasswordReset } from '../passwords';

/**
 * POST /api/auth/password-reset/confirm {email, passwordResetToken, newPassword} → 204. A wrong or
 * expired code is 400 validation-invalid-value with `meta.fields.passwordResetToken`; a common new
 * password is 400 validation-invalid-params with `meta.fields.newPassword`.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const values = textFields(jsonBody(event), ['email', 'passwordResetToken', 'newPassword'] as const);
  assertValid(validatePasswordResetRequest(values, await commonPasswords()));
  await confirmPasswordReset({
    email: values.email!,
    code: values.passwordResetToken!,
    newPassword: values.newPassword!,
  });
  return noContent();
});
