/**
 * E-mail addresses are stored and used as Cognito usernames trimmed and lower-cased: the pool signs
 * in case-insensitively, and one spelling everywhere keeps lookups (AdminGetUser, the operator's
 * commands) exact.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
