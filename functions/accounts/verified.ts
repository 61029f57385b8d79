import { emailUnverifiedReason, verifyEmailToMessage } from '../../shared/config/verified-email';
import { ApiError } from '../lib/errors';

/**
 * Refuses a caller whose e-mail address is not verified (their profile says so; no profile counts
 * as unverified): 403 `forbidden` with the reason `email-unverified`, which the pages answer with
 * a link to the e-mail verification page. Called first by the use cases that mail someone else
 * (shared/config/verified-email.ts says which).
 */
export function requireVerifiedEmail(profile: { emailVerified?: boolean } | undefined): void {
  if (profile?.emailVerified === true) return;
  throw new ApiError('forbidden', verifyEmailToMessage, { reason: emailUnverifiedReason });
}
