import type { PublicUser } from '../../shared/api/types';
import { keys } from '../lib/table-design';

/** A user's profile item. The Cognito `sub` is the user id. Private fields never leave through toPublicUser. */
export interface UserRecord {
  PK: string;
  SK: string;
  entity: 'user';
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
  bio?: string;
  banned?: boolean;
  deleted?: boolean;
  createdAt: string;
}

export type UserFields = Omit<UserRecord, 'PK' | 'SK' | 'entity'>;

export function userRecord(fields: UserFields): UserRecord {
  return { ...keys.user(fields.id), entity: 'user', ...fields };
}

export function abbreviatedName(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
}

/** The spec's user entity: a banned or deleted user shows only that flag and a placeholder name. */
export function toPublicUser(record: UserRecord | undefined, id: string): PublicUser {
  if (!record || record.deleted)
    return { id, displayName: 'Deleted user', abbreviatedName: '', deleted: true };
  if (record.banned) return { id, displayName: 'Banned user', abbreviatedName: '', banned: true };
  return {
    id,
    displayName: record.displayName,
    abbreviatedName: abbreviatedName(record.firstName, record.lastName),
    ...(record.bio ? { bio: record.bio } : {}),
  };
}
