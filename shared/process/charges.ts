/**
 * Charge refusals (§4, §8): a transition that charges the customer refuses a zero pay-in with
 * `transaction-charge-zero-payin`, and one that pays the provider refuses a zero payout with
 * `transaction-charge-zero-payout`.
 */
import type { Money } from '../money';

export type ChargeRefusal = 'transaction-charge-zero-payin' | 'transaction-charge-zero-payout';

/** The first refusal for these totals, or undefined when both are positive. Pay-in is checked first. */
export function chargeRefusal(totals: { payinTotal: Money; payoutTotal: Money }): ChargeRefusal | undefined {
  if (totals.payinTotal.amount <= 0) return 'transaction-charge-zero-payin';
  if (totals.payoutTotal.amount <= 0) return 'transaction-charge-zero-payout';
  return undefined;
}

/** Transitions that charge the customer (create the payment) and those that pay the provider out. */
export const chargingTransitions: readonly string[] = ['request-payment', 'request-payment-after-enquiry'];
export const payoutTransitions: readonly string[] = [
  'mark-received-from-purchased',
  'mark-received',
  'auto-mark-received',
  'mark-received-from-disputed',
];

/** The refusal for taking `transition` with these totals, if it charges or pays out. */
export function chargeRefusalFor(
  transition: string,
  totals: { payinTotal: Money; payoutTotal: Money },
): ChargeRefusal | undefined {
  if (chargingTransitions.includes(transition)) return chargeRefusal(totals);
  if (payoutTransitions.includes(transition) && totals.payoutTotal.amount <= 0) {
    return 'transaction-charge-zero-payout';
  }
  return undefined;
}
