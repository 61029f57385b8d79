import { json, jsonBody } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { updateProfile } from '../update-profile';
import { toCurrentUser } from '../user-record';

export { notificationSettingsChange } from '../update-profile';

/**
 * PATCH /api/me — the caller's own profile (updateProfile). The profile is the token's `sub`: the
 * body cannot name another user.
 */
export const handler = userHandler(async ({ event, user, profile }) => {
  const updated = await updateProfile(user.id, profile, jsonBody(event));
  return json(200, { data: toCurrentUser(updated, { limited: user.limited }) });
});
