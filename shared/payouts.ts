/**
 * Payout readiness and the payout page's status box (§4). Pure: the handlers store the result on
 * the user (`payoutReady`, `stripeAccount.status`), the listings and orders issues read it.
 */
import type { StripeAccountView } from './api/payments';

export type PayoutStatus = NonNullable<StripeAccountView['status']>;

/** What the status box needs to know about a connected account. */
export interface AccountVerificationState {
  /** `requirements.currently_due` and `past_due` together. */
  requirementsDue: readonly string[];
  /** `requirements.errors` codes (a document was rejected, a field failed verification…). */
  requirementErrors?: readonly string[];
  transfersActive: boolean;
  /** `requirements.disabled_reason`. */
  disabledReason?: string;
}

/**
 * The status box (§4): errors → verificationError; anything due → verificationNeeded; transfers
 * active → verificationSuccess; disabled for another reason (rejected, listed…) →
 * verificationError; otherwise the provider is still reviewing: no box (undefined).
 */
export function payoutStatusOf(account: AccountVerificationState): PayoutStatus | undefined {
  if ((account.requirementErrors ?? []).length > 0) return 'verificationError';
  if (account.requirementsDue.length > 0) return 'verificationNeeded';
  if (account.transfersActive) return 'verificationSuccess';
  if (account.disabledReason && !account.disabledReason.startsWith('requirements.pending_verification')) {
    return 'verificationError';
  }
  return undefined;
}

/** The PayPal side of readiness (stored by the PayPal flow). */
export interface PaypalReadiness {
  merchantId?: string | null;
  paypalOnboarded?: boolean;
  isPaymentsReceivable?: boolean;
  paypalOffboarded?: boolean;
}

/**
 * A seller can be paid (the one gating fact): a Stripe account with the `transfers` capability
 * active, or a linked PayPal merchant onboarded with payments receivable (and not unlinked since).
 */
export function payoutReadyOf(user: {
  stripeAccount?: Pick<StripeAccountView, 'transfersActive'>;
  paypal?: PaypalReadiness;
}): boolean {
  if (user.stripeAccount?.transfersActive === true) return true;
  const paypal = user.paypal;
  return (
    Boolean(paypal?.merchantId) &&
    paypal?.paypalOnboarded === true &&
    paypal.isPaymentsReceivable === true &&
    paypal.paypalOffboarded !== true
  );
}
