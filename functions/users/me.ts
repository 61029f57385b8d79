import { currentUserId, type HttpEvent, httpHandler, json } from '../lib/http';
import { getUser } from './repository';

/** GET /api/me — the signed-in user (currentUser of the spec). A user without a profile yet gets the token's facts. */
export const handler = httpHandler(async (event: HttpEvent) => {
  const id = currentUserId(event);
  const claims = event.requestContext.authorizer?.jwt?.claims ?? {};
  const record = await getUser(id);
  const email = record?.email ?? (typeof claims.email === 'string' ? claims.email : undefined);
  return json(200, {
    data: {
      id,
      email,
      firstName: record?.firstName,
      lastName: record?.lastName,
      displayName: record?.displayName,
      bio: record?.bio,
    },
  });
});
