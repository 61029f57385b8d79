import type { CurrentUser, ProfileImage, PublicProfile } from '../../shared/api/account';
import { abbreviatedName } from '../../shared/text/names';
import { keys } from '../lib/table-design';

/** A user's profile item. The Cognito `sub` is the user id. Private fields never leave through toPublicUser. */
export interface UserRecord {
  PK: string;
  SK: string;
  entity: 'user';
  id: string;
  email: string;
  /** Set by POST /api/auth/verify-email; false after sign-up and after an e-mail change. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  displayName: string;
  bio?: string;
  /** protectedData.phoneNumber of the spec: stored without whitespace (shared/text/phone.ts). */
  phoneNumber?: string;
  profileImage?: ProfileImage;
  /** Private data klaviyoId (§3): the Klaviyo profile id (POST /api/klaviyo/update-profile). */
  klaviyoId?: string;
  /** Set by the operator (`npm run operator -- ban`): every user route answers 403, listings leave search. */
  banned?: boolean;
  bannedAt?: string;
  /** Set by the operator (`npm run operator -- delete`): the Cognito user is gone, the profile stays as a tombstone. */
  deleted?: boolean;
  deletedAt?: string;
  createdAt: string;
  updatedAt?: string;
}

export type UserFields = Omit<UserRecord, 'PK' | 'SK' | 'entity'>;

export function userRecord(fields: UserFields): UserRecord {
  return { ...keys.user(fields.id), entity: 'user', ...fields };
}

export { abbreviatedName };

/** The spec's user entity: a banned or deleted user shows only that flag and a placeholder name. */
export function toPublicUser(record: UserRecord | undefined, id: string): PublicProfile {
  if (!record || record.deleted)
    return { id, displayName: 'Deleted user', abbreviatedName: '', deleted: true };
  if (record.banned) return { id, displayName: 'Banned user', abbreviatedName: '', banned: true };
  return {
    id,
    displayName: record.displayName,
    abbreviatedName: abbreviatedName(record.firstName, record.lastName),
    ...(record.bio ? { bio: record.bio } : {}),
    ...(record.profileImage ? { profileImage: record.profileImage } : {}),
  };
}

/** The spec's currentUser (GET /api/me and every account route that changes the profile). */
export function toCurrentUser(record: UserRecord, options: { limited?: boolean } = {}): CurrentUser {
  return {
    id: record.id,
    email: record.email,
    emailVerified: record.emailVerified === true,
    firstName: record.firstName,
    lastName: record.lastName,
    displayName: record.displayName,
    abbreviatedName: abbreviatedName(record.firstName, record.lastName),
    ...(record.bio ? { bio: record.bio } : {}),
    ...(record.phoneNumber ? { phoneNumber: record.phoneNumber } : {}),
    ...(record.profileImage ? { profileImage: record.profileImage } : {}),
    ...(options.limited ? { limited: true } : {}),
    createdAt: record.createdAt,
  };
}
