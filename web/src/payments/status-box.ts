import type { StripeAccountLinkRequest, StripeAccountView } from '../../../shared/api/payments';

/**
 * The payout page's status box (§4): verificationNeeded, verificationSuccess, verificationError,
 * each with its texts and, where the user has something to do, a button that gets an account link.
 * Any other type is an error (thrown: a programming or contract mistake, not a user state).
 */
export type StatusBoxType = 'verificationNeeded' | 'verificationSuccess' | 'verificationError';

export interface StatusBox {
  type: StatusBoxType;
  title: string;
  text: string;
  /** The button's label and the kind of link it asks for; none when nothing is left to do. */
  action?: { label: string; linkType: StripeAccountLinkRequest['type'] };
  tone: 'attention' | 'success' | 'error';
}

export class UnknownStatusBoxTypeError extends Error {
  override readonly name = 'UnknownStatusBoxTypeError';
  constructor(type: unknown) {
    super(`Unknown payout status box type: ${String(type)}`);
  }
}

export function statusBox(type: unknown): StatusBox {
  switch (type) {
    case 'verificationNeeded':
      return {
        type,
        tone: 'attention',
        title: 'Payout details: more information needed',
        text: 'The payment processor needs more information to verify your account before you can receive payouts.',
        action: { label: 'Complete verification', linkType: 'account_onboarding' },
      };
    case 'verificationSuccess':
      return {
        type,
        tone: 'success',
        title: 'Your account is ready for payouts',
        text: 'Your payout details are verified. Payments from your sales will be sent to your bank account.',
      };
    case 'verificationError':
      return {
        type,
        tone: 'error',
        title: 'Payout details: verification failed',
        text: 'The payment processor could not verify your details. Please check and update them.',
        action: { label: 'Fix payout details', linkType: 'account_update' },
      };
    default:
      throw new UnknownStatusBoxTypeError(type);
  }
}

/** The box of an account, or undefined while the provider is still reviewing it (no status). */
export function statusBoxOf(account: Pick<StripeAccountView, 'status'>): StatusBox | undefined {
  return account.status === undefined ? undefined : statusBox(account.status);
}

/** The link type to return to the provider with after an early return (failure URL). */
export function returnLinkType(
  account: Pick<StripeAccountView, 'status'> | null,
): StripeAccountLinkRequest['type'] {
  return account?.status === 'verificationError' || account?.status === 'verificationSuccess'
    ? 'account_update'
    : 'account_onboarding';
}

/** The provider's way back (`/account/payments/:returnURLType`). */
export type ReturnKind = 'none' | 'success' | 'failure' | 'unknown';

export function returnKind(returnURLType: string | undefined): ReturnKind {
  if (returnURLType === undefined || returnURLType === '') return 'none';
  if (returnURLType === 'success' || returnURLType === 'failure') return returnURLType;
  return 'unknown';
}

/** The success and failure URLs of an account link for a return base path (e.g. `/account/payments`). */
export function accountLinkUrls(
  origin: string,
  basePath: string,
): Pick<StripeAccountLinkRequest, 'successURL' | 'failureURL'> {
  const base = basePath.replace(/\/+$/, '');
  return { successURL: `${origin}${base}/success`, failureURL: `${origin}${base}/failure` };
}
