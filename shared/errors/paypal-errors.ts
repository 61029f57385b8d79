/**
 * PayPal merchant onboarding states (§3 PayPal state, §8 PayPal errors): which problem a seller's
 * PayPal account has, and the message shown. The texts for payments receivable and primary email
 * follow PayPal's required partner wording.
 */

export interface PaypalMerchantState {
  merchantId?: string | null;
  paypalOnboarded?: boolean;
  paypalOffboarded?: boolean;
  isPaymentsReceivable?: boolean;
  isPrimaryEmailValidated?: boolean;
  isExpressCheckoutActive?: boolean;
  hasOAuthPermissions?: boolean;
}

export const paypalProblems = {
  accountNotLinked: 'Your PayPal account is not linked yet. Link your PayPal account to receive payments.',
  sellerNotOnboarded:
    'The seller has not completed PayPal onboarding, so this listing cannot be purchased with PayPal.',
  paymentsNotReceivable:
    'Attention: You currently cannot receive payments due to restriction on your PayPal account. Please reach out to PayPal Customer Support or connect to https://www.paypal.com for more information.',
  primaryEmailNotValidated:
    'Attention: Please confirm your email address on https://www.paypal.com/businessprofile/settings in order to receive payments! You currently cannot receive payments.',
  missingOAuthPermissions:
    'Attention: The marketplace has not been granted the permissions it needs on your PayPal account. Please link your PayPal account again.',
} as const;

export type PaypalProblem = keyof typeof paypalProblems;

/** The seller's PayPal problems, most fundamental first; empty when the seller can be paid. */
export function paypalProblemsOf(state: PaypalMerchantState | undefined): PaypalProblem[] {
  if (!state?.merchantId || state.paypalOffboarded) return ['accountNotLinked'];
  const problems: PaypalProblem[] = [];
  if (!state.paypalOnboarded) problems.push('sellerNotOnboarded');
  if (state.isPaymentsReceivable === false) problems.push('paymentsNotReceivable');
  if (state.isPrimaryEmailValidated === false) problems.push('primaryEmailNotValidated');
  if (state.hasOAuthPermissions === false) problems.push('missingOAuthPermissions');
  return problems;
}

/** A seller is purchasable through PayPal when linked, onboarded and with no restriction. */
export function isPaypalPurchasable(state: PaypalMerchantState | undefined): boolean {
  return paypalProblemsOf(state).length === 0;
}
