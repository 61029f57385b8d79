/** User display names (§3): banned and deleted users show a placeholder name and no profile link. */

export const deletedUserDisplayName = 'Deleted user';
export const bannedUserDisplayName = 'Banned user';

export interface DisplayableUser {
  deleted?: boolean;
  banned?: boolean;
  displayName?: string | null;
  profile?: { displayName?: string | null } | null;
}

/** The name to show for a user, with the placeholders for banned and deleted users. */
export function userDisplayName(user: DisplayableUser | null | undefined, fallback = ''): string {
  if (!user) return fallback;
  if (user.deleted) return deletedUserDisplayName;
  if (user.banned) return bannedUserDisplayName;
  return user.displayName ?? user.profile?.displayName ?? fallback;
}

/** Whether a user's profile may be linked to (not banned, not deleted). */
export function hasProfileLink(user: DisplayableUser | null | undefined): boolean {
  return !!user && !user.deleted && !user.banned;
}

/** The default display name: first name plus the initial of the last name ("Jane D"). */
export function defaultDisplayName(firstName: string, lastName: string): string {
  const initial = Array.from(lastName.trim())[0] ?? '';
  return `${firstName.trim()} ${initial.toUpperCase()}`.trim();
}

/** Abbreviated name: initials ("JD"). */
export function abbreviatedName(firstName: string, lastName: string): string {
  const first = Array.from(firstName.trim())[0] ?? '';
  const last = Array.from(lastName.trim())[0] ?? '';
  return `${first}${last}`.toUpperCase();
}
