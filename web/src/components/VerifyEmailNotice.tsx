import { Link } from '@tanstack/react-router';
import { verifyEmailToMessage } from '../../../shared/config/verified-email';
import { pages } from '../../../shared/pages';

/**
 * Why an unverified account sees no message form (issue 25: enquiries and messages before payment
 * need a verified address; shared/config/verified-email.ts), with the way to fix it.
 */
export function VerifyEmailNotice({ className = '' }: { className?: string }) {
  return (
    <p className={`notice ${className}`.trim()}>
      {verifyEmailToMessage} <Link to={pages.emailVerification}>Verify your e-mail address</Link>
    </p>
  );
}
