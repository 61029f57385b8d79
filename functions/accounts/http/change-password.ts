import { validatePasswordChangeRequest } from '../../../shared/validation/account-requests';
import { accessToken, assertValid, jsonBody, noContent, textFields } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { commonPasswords } from '../common-passwords';
import { changePassword } from '../passwords';

/**
 * POST /api/auth/change-password {currentPassword, newPassword} → 204. A wrong current password is
 * 400 validation-invalid-value, titled 'Please double-check your current password', with
 * `meta.fields.currentPassword`. A common new password is 400 with `meta.fields.newPassword`
 * (shared/validation/account-requests.ts).
 */
export const handler = userHandler({ fullSession: true, profile: 'optional' }, async ({ event }) => {
  const values = textFields(jsonBody(event), ['currentPassword', 'newPassword'] as const);
  assertValid(validatePasswordChangeRequest(values, await commonPasswords()));
  await changePassword(accessToken(event), values.currentPassword!, values.newPassword!);
  return noContent();
});
