import { ApiError, accessToken, json } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { sendVerificationEmail } from '../verification-emails';

/**
 * POST /api/auth/verification-email — sends a new verification code to the caller's address
 * (Cognito GetUserAttributeVerificationCode with the caller's access token). At most 5 a day and
 * one at a time: 429 email-too-many-verification-requests, `meta.reason` 'daily-limit' or 'in-flight'.
 */
export const handler = userHandler({ fullSession: true, profile: 'optional' }, async ({ event, user }) => {
  if (user.profile?.emailVerified) {
    throw new ApiError('conflict', 'Your email address is already verified.');
  }
  await sendVerificationEmail(user.id, accessToken(event));
  return json(202, { data: { email: user.profile?.email ?? null } });
});
