import type { PasswordResetRequested } from '../../../shared/api/account';
import { validatePasswordRecovery } from '../../../shared/validation/account';
import { assertValid, type HttpEvent, httpHandler, json, jsonBody, textFields } from '../../lib/http';
import { requestPasswordReset } from '../passwords';

/**
 * POST /api/auth/password-reset {email} → 202 { data: { email } }: a reset code goes to the address.
 * An unknown address is 404 email-not-found, a banned account 403.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const values = textFields(jsonBody(event), ['email'] as const);
  assertValid(validatePasswordRecovery(values));
  const data: PasswordResetRequested = { email: await requestPasswordReset(values.email!) };
  return json(202, { data });
});
