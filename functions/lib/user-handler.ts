import type { Context } from 'aws-lambda';
import type { UserRecord } from '../accounts/user-record';
import {
  type HttpEvent,
  type HttpResult,
  httpHandler,
  type RequestUser,
  requestUser,
  requireFullSession,
  requireProfile,
} from './http';

/** What a signed-in route gets: the request, the caller (already past the ban/delete guard) and their profile. */
export interface UserRequest<Profile = UserRecord> {
  event: HttpEvent;
  context: Context;
  user: RequestUser;
  profile: Profile;
}

export interface UserHandlerOptions {
  /** Refuse an operator's limited session (403) before anything else: account security, marketing, PayPal. */
  fullSession?: boolean;
  /**
   * 'required' (the default): a caller with no profile item yet gets 404 `not-found`. 'optional':
   * they get through with `profile` undefined (routes that make the profile, or need only the user id).
   */
  profile?: 'required' | 'optional';
}

type WithProfile = (request: UserRequest) => Promise<HttpResult>;
type MaybeProfile = (request: UserRequest<UserRecord | undefined>) => Promise<HttpResult>;

/**
 * An `auth: 'user'` route handler: httpHandler's middleware (the ban/delete guard among it), then
 * the caller (401 without a verified token), the limited-session check and the profile, in that
 * order, so every route refuses the same way. Checks a route makes only after reading its body stay
 * in the route.
 */
export function userHandler(fn: WithProfile): ReturnType<typeof httpHandler>;
export function userHandler(
  options: UserHandlerOptions & { profile?: 'required' },
  fn: WithProfile,
): ReturnType<typeof httpHandler>;
export function userHandler(
  options: UserHandlerOptions & { profile: 'optional' },
  fn: MaybeProfile,
): ReturnType<typeof httpHandler>;
export function userHandler(
  first: UserHandlerOptions | WithProfile | MaybeProfile,
  second?: WithProfile | MaybeProfile,
) {
  const options = typeof first === 'function' ? {} : first;
  // The overloads tie the callback's profile type to the options; here it is one or the other.
  const fn = (typeof first === 'function' ? first : second) as MaybeProfile;
  return httpHandler(async (event, context) => {
    const user = requestUser(event);
    if (options.fullSession) requireFullSession(user);
    const profile = options.profile === 'optional' ? user.profile : requireProfile(user);
    return fn({ event, context, user, profile });
  });
}
