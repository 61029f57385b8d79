import { accessToken, assertValid, json, jsonBody, textField } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { verifyEmail } from '../email-address';
import { toCurrentUser } from '../user-record';

/** Ours: the spec names no message for a missing code. */
const codeRequired = 'This field is required';

/** POST /api/auth/verify-email {verificationToken} → 200 { data: CurrentUser } with the address verified. */
export const handler = userHandler({ fullSession: true, profile: 'optional' }, async ({ event, user }) => {
  const code = textField(jsonBody(event), 'verificationToken')?.trim();
  if (!code) assertValid({ verificationToken: codeRequired });
  const updated = await verifyEmail(user.id, accessToken(event), code!);
  return json(200, { data: toCurrentUser(updated, { limited: user.limited }) });
});
