import type { CurrentUser } from '../../../shared/api/account';

/**
 * The missing-information modal's rules (§4), as pure functions so they can be tested alone.
 *
 * - Never on login, signup (and its social confirm step), contact details, e-mail verification,
 *   password recovery/reset or the payout pages (`/account/payments*`, `/account/paypal`).
 * - Only for a signed-in, non-limited user whose `payments` the API sends with
 *   `seenMissingInformation` false.
 * - Not on the first page the user sees in this visit (the page after signing in, or after a
 *   reload): only once they moved on to a second page. This keeps it out of the way right after
 *   sign-in (and out of other end-to-end flows that open one page after signing in).
 * - At most once per visit: once it has been shown it does not come back (closing it marks it
 *   seen); while it has not been shown, a change of path lets it be shown on the next page.
 * - E-mail verification first (when the user has listings or orders and the e-mail is not
 *   verified), else the missing payment account prompt when the user has listings (at least one that
 *   is not a draft) and cannot be paid out. Buyers are never asked for payout details.
 */

export type MissingInformationPrompt = 'verify-email' | 'payment-account';

/** Paths where the modal never shows. */
const excludedPaths = [
  /^\/login\/?$/,
  /^\/signup\/?$/,
  /^\/confirm\/?$/,
  /^\/verify-email\/?$/,
  /^\/recover-password\/?$/,
  /^\/reset-password\/?$/,
  /^\/account\/contact-details\/?$/,
  /^\/account\/payments(\/.*)?$/,
  /^\/account\/paypal\/?$/,
];

/** Paths of signing in and up: they do not count as a page the signed-in user has seen. */
const signInPaths = /^\/(login|signup|confirm)\/?$/;

/** The payout pages: visiting one marks the modal seen. */
export function isPayoutPagePath(pathname: string): boolean {
  return /^\/account\/payments(\/.*)?$/.test(pathname) || /^\/account\/paypal\/?$/.test(pathname);
}

export function isExcludedPath(pathname: string): boolean {
  return excludedPaths.some((pattern) => pattern.test(pathname));
}

/** Whether a page visit counts towards "the user has been on the site for one navigation". */
export function countsAsVisit(pathname: string): boolean {
  return !signInPaths.test(pathname);
}

/** The spec's current user state: the user has listings or orders (`GET /api/me` flags). */
export function hasListingsOrOrders(user: CurrentUser): boolean {
  return user.hasListings === true || user.hasOrders === true;
}

export interface MissingInformationInput {
  user: CurrentUser | null;
  pathname: string;
  /** Pages (distinct paths, sign-in pages left out) seen while signed in during this visit, this one included. */
  visits: number;
  /** The modal has been shown already in this visit. */
  shown: boolean;
}

/** Which prompt the modal shows now, or null for none. */
export function missingInformationPrompt({
  user,
  pathname,
  visits,
  shown,
}: MissingInformationInput): MissingInformationPrompt | null {
  if (!user || user.limited || shown) return null;
  const payments = user.payments;
  if (!payments || payments.seenMissingInformation) return null;
  if (visits < 2 || isExcludedPath(pathname)) return null;
  if (hasListingsOrOrders(user) && !user.emailVerified) return 'verify-email';
  // Only sellers are asked for payout details (spec §4 asks anyone not onboarded): a
  // buyer paying for a bike must not be told to add a bank account.
  if (!payments.payoutReady && user.hasListings === true) return 'payment-account';
  return null;
}

/** Whether visiting `pathname` marks the modal seen (a payout page, the flag still false). */
export function marksSeenOnVisit(user: CurrentUser | null, pathname: string): boolean {
  return Boolean(
    user &&
      !user.limited &&
      user.payments &&
      !user.payments.seenMissingInformation &&
      isPayoutPagePath(pathname),
  );
}
