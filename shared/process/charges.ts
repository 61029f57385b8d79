/**
 * Charge refusals (§4, §8): a transition that charges the customer refuses a zero pay-in with
 * `transaction-charge-zero-payin`, and one that pays the provider refuses a zero payout with
 * `transaction-charge-zero-payout`.
 */
import { anyProviderChargeBounds, type ChargeProvider, chargeBounds } from '../config/charge-limits';
import type { Money } from '../money';
import { chargesCustomer, paysOut } from './effects';

export type ChargeRefusal = 'transaction-charge-zero-payin' | 'transaction-charge-zero-payout';

/** The first refusal for these totals, or undefined when both are positive. Pay-in is checked first. */
export function chargeRefusal(totals: { payinTotal: Money; payoutTotal: Money }): ChargeRefusal | undefined {
  if (totals.payinTotal.amount <= 0) return 'transaction-charge-zero-payin';
  if (totals.payoutTotal.amount <= 0) return 'transaction-charge-zero-payout';
  return undefined;
}

/** The refusal for taking `transition` with these totals, if it charges or pays out. */
export function chargeRefusalFor(
  transition: string,
  totals: { payinTotal: Money; payoutTotal: Money },
): ChargeRefusal | undefined {
  if (chargesCustomer(transition)) return chargeRefusal(totals);
  if (paysOut(transition) && totals.payoutTotal.amount <= 0) {
    return 'transaction-charge-zero-payout';
  }
  return undefined;
}

/** Why a provider cannot take a pay-in: below its minimum (§8 amount too low) or above its maximum. */
export type ChargeBoundsRefusal = 'transaction-charge-zero-payin' | 'transaction-charge-too-high';

/**
 * The refusal for charging `payin` with `provider` (shared/config/charge-limits), or with whichever
 * provider can take it when none is chosen yet (the checkout's price check). A currency no provider
 * takes is refused as too low: nothing can be charged.
 */
export function chargeBoundsRefusal(
  payin: Money,
  provider?: ChargeProvider,
): ChargeBoundsRefusal | undefined {
  const bounds = provider ? chargeBounds(provider, payin.currency) : anyProviderChargeBounds(payin.currency);
  if (!bounds || payin.amount < bounds.minimumMinor) return 'transaction-charge-zero-payin';
  if (payin.amount > bounds.maximumMinor) return 'transaction-charge-too-high';
  return undefined;
}
