import type { PaypalOnboardingStatus, PaypalStateView } from '../../../../../shared/api/payments';
import {
  type PaypalProblem,
  paypalProblems,
  paypalProblemsOf,
} from '../../../../../shared/errors/paypal-errors';

/** The status flags the PayPal settings page shows (§2), in order, with their labels. */
export const paypalFlags: readonly { key: keyof PaypalOnboardingStatus; label: string }[] = [
  { key: 'paypalOnboarded', label: 'Onboarding completed' },
  { key: 'isPaymentsReceivable', label: 'Can receive payments' },
  { key: 'isPrimaryEmailValidated', label: 'Primary email confirmed' },
  { key: 'isExpressCheckoutActive', label: 'Express checkout active' },
  { key: 'hasOAuthPermissions', label: 'Permissions granted to the marketplace' },
];

export function flagText(value: boolean | undefined): string {
  if (value === undefined) return 'Not known yet';
  return value ? 'Yes' : 'No';
}

/** Linked: a merchant id and not offboarded. */
export function isPaypalLinked(state: PaypalStateView | undefined): boolean {
  return Boolean(state?.merchantId) && !state?.paypalOffboarded;
}

/** The §8 PayPal messages for the seller's state (the listing-facing "seller not onboarded" reworded for the owner). */
export function paypalProblemMessages(state: PaypalStateView | undefined): string[] {
  return paypalProblemsOf(state).map((problem: PaypalProblem) =>
    problem === 'sellerNotOnboarded'
      ? 'You have not completed PayPal onboarding yet, so buyers cannot pay you with PayPal.'
      : paypalProblems[problem],
  );
}

/** What PayPal's way back says (query `merchantIdInPayPal`, `permissionsGranted`, `returnURLType`). */
export type PaypalReturn =
  | { kind: 'none' }
  | { kind: 'failed' }
  | { kind: 'linked'; merchantIdInPayPal: string };

export function paypalReturnOf(search: Record<string, unknown>): PaypalReturn {
  const returnURLType = typeof search.returnURLType === 'string' ? search.returnURLType : undefined;
  const merchant = typeof search.merchantIdInPayPal === 'string' ? search.merchantIdInPayPal : undefined;
  if (returnURLType === 'failure' || search.permissionsGranted === 'false') return { kind: 'failed' };
  if (merchant) return { kind: 'linked', merchantIdInPayPal: merchant };
  return { kind: 'none' };
}
