import { createHash } from 'node:crypto';
import { keys } from '../../lib/table-design';

/**
 * The one-time answer of an operator's limited session in AWS (infra/operator/operations.ts): the
 * operator stores only the SHA-256 of a random secret on `USER#<id> / LIMITED-CHALLENGE#<jti>`
 * and answers Cognito's custom challenge with `<jti>.<secret>`; the verify trigger marks it used.
 */
export const limitedSessionMetadata = { velo_session: 'limited' } as const;

/** How long a challenge item may be answered (seconds). */
export const limitedChallengeSeconds = 300;

export function limitedChallengeKey(userId: string, jti: string) {
  return keys.limitedChallenge(userId, jti);
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** `<jti>.<secret>` (jti: a UUID, secret: base64url) or undefined when malformed. */
export function parseAnswer(answer: unknown): { jti: string; secret: string } | undefined {
  if (typeof answer !== 'string') return undefined;
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{32,128})$/.exec(answer);
  return match ? { jti: match[1]!, secret: match[2]! } : undefined;
}
