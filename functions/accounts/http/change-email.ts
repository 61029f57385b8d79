import { validateContactDetails } from '../../../shared/validation/account';
import { accessToken, assertValid, json, jsonBody, textFields } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { normalizeEmail } from '../email';
import { changeEmail } from '../email-address';
import { toCurrentUser } from '../user-record';

/**
 * POST /api/me/email {email, currentPassword} → 200 { data: CurrentUser }: the new address, not
 * verified yet (a code has gone to it). The same address again changes nothing.
 */
export const handler = userHandler({ fullSession: true }, async ({ event, user, profile }) => {
  const values = textFields(jsonBody(event), ['email', 'currentPassword'] as const);
  assertValid(
    validateContactDetails({
      ...values,
      currentEmail: profile.email,
      // Required whenever the address changes, which is the only thing this route does.
      currentPassword: values.currentPassword ?? '',
    }),
  );
  if (normalizeEmail(values.email!) === normalizeEmail(profile.email)) {
    return json(200, { data: toCurrentUser(profile, { limited: user.limited }) });
  }
  const claims = event.requestContext.authorizer?.jwt?.claims ?? {};
  const updated = await changeEmail({
    userId: user.id,
    username: typeof claims.username === 'string' ? claims.username : profile.email,
    accessToken: accessToken(event),
    email: values.email!,
    currentPassword: values.currentPassword!,
  });
  return json(200, { data: toCurrentUser(updated, { limited: user.limited }) });
});
