import type { PublicUser } from '../../../shared/api/types';

/** Banned and deleted users show a placeholder name and no profile link (§3). */
export function userDisplayName(user: PublicUser): string {
  if (user.deleted) return 'Deleted user';
  if (user.banned) return 'Banned user';
  return user.displayName;
}

export function hasProfile(user: PublicUser): boolean {
  return !user.deleted && !user.banned;
}

export function userInitials(user: PublicUser): string {
  if (!hasProfile(user)) return '?';
  return user.abbreviatedName || user.displayName.slice(0, 1).toUpperCase();
}
