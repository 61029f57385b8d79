import { validatePasswordReset } from '../../../shared/validation/account';
import { assertValid, type HttpEvent, httpHandler, jsonBody, noContent, textFields } from '../../lib/http';
import { confirmPasswordReset } from '../passwords';

/**
 * POST /api/auth/password-reset/confirm {email, passwordResetToken, newPassword} → 204. A wrong or
 * expired code is 400 validation-invalid-value with `meta.fields.passwordResetToken`.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const values = textFields(jsonBody(event), ['email', 'passwordResetToken', 'newPassword'] as const);
  assertValid(validatePasswordReset(values));
  await confirmPasswordReset({
    email: values.email!,
    code: values.passwordResetToken!,
    newPassword: values.newPassword!,
  });
  return noContent();
});
