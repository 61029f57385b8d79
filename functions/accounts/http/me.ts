import { defaultDisplayName } from '../../../shared/text/names';
import { sanitizeText } from '../../../shared/text/sanitize';
import { cognitoAttributes } from '../../lib/cognito';
import { ApiError, accessToken, type HttpEvent, json } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { activityOf } from '../activity';
import { createUser, getUser } from '../repository';
import { toCurrentUser, type UserRecord } from '../user-record';

/**
 * GET /api/me — the signed-in user (currentUser of the spec). Sign-up through our API creates the
 * profile; a user who has none yet (created in Cognito some other way) gets one on first sign-in,
 * made from the Cognito attributes. With the has-listings and has-orders flags of the spec's user state.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const record = user.profile ?? (await createProfileFromCognito(event, user.id));
  const activity = await activityOf(user.id);
  return json(200, { data: { ...toCurrentUser(record, { limited: user.limited }), ...activity } });
});

async function createProfileFromCognito(event: HttpEvent, id: string): Promise<UserRecord> {
  const attributes = await cognitoAttributes(accessToken(event));
  const firstName = sanitizeText(attributes.given_name ?? '').trim();
  const lastName = sanitizeText(attributes.family_name ?? '').trim();
  try {
    return await createUser({
      id,
      email: attributes.email ?? '',
      emailVerified: attributes.email_verified === 'true',
      firstName,
      lastName,
      displayName: defaultDisplayName(firstName, lastName),
      createdAt: new Date().toISOString(),
    });
  } catch (error) {
    // Two first requests at once: the other one created it.
    const record = error instanceof ApiError && error.code === 'conflict' ? await getUser(id) : undefined;
    if (record) return record;
    throw error;
  }
}
