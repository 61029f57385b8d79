/**
 * The amounts Stripe accepts for a charge or a transfer, and its errors for the others, in Stripe's
 * words. The marketplace's USD bounds come from shared/config/charge-limits.
 */

import { chargeLimits } from '../../../../shared/config/charge-limits';
import { formatMoneyExact } from '../../../../shared/money';
import { CardProcessorError } from '../port';

const cardUsd = chargeLimits.card.USD ?? { minimumMinor: 50, maximumMinor: 99_999_999 };

/**
 * Stripe's minimum charge amounts (minor units) and how its error shows them
 * (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts). Other currencies: 50.
 */
export const minimumChargeAmounts: Record<string, { amount: number; shown: string }> = {
  // The marketplace's own currency comes from the one home of its bounds (shared/config/charge-limits).
  usd: {
    amount: cardUsd.minimumMinor,
    shown: formatMoneyExact({ amount: cardUsd.minimumMinor, currency: 'USD' }),
  },
  aed: { amount: 200, shown: 'د.إ2.00' },
  aud: { amount: 50, shown: '$0.50' },
  bgn: { amount: 100, shown: 'лв1.00' },
  brl: { amount: 50, shown: 'R$0.50' },
  cad: { amount: 50, shown: '$0.50' },
  chf: { amount: 50, shown: 'CHF0.50' },
  czk: { amount: 1500, shown: 'Kč15.00' },
  dkk: { amount: 250, shown: 'kr.2.50' },
  eur: { amount: 50, shown: '€0.50' },
  gbp: { amount: 30, shown: '£0.30' },
  hkd: { amount: 400, shown: '$4.00' },
  huf: { amount: 17500, shown: 'Ft175.00' },
  inr: { amount: 50, shown: '₹0.50' },
  jpy: { amount: 50, shown: '¥50' },
  mxn: { amount: 1000, shown: '$10.00' },
  myr: { amount: 200, shown: 'RM2.00' },
  nok: { amount: 300, shown: 'kr3.00' },
  nzd: { amount: 50, shown: '$0.50' },
  pln: { amount: 200, shown: 'zł2.00' },
  ron: { amount: 200, shown: 'lei2.00' },
  sek: { amount: 300, shown: 'kr3.00' },
  sgd: { amount: 50, shown: '$0.50' },
  thb: { amount: 1000, shown: '฿10.00' },
};

/** Stripe's answer to an amount below the currency's minimum ("Amount must be at least $0.50 usd"). */
export function amountTooSmall(currency: string): CardProcessorError {
  const lower = currency.toLowerCase();
  const minimum = minimumChargeAmounts[lower] ?? { amount: 50, shown: '0.50' };
  return new CardProcessorError(
    'invalid_request_error',
    `Amount must be at least ${minimum.shown} ${lower}`,
    {
      code: 'amount_too_small',
      param: 'amount',
      statusCode: 400,
    },
  );
}

/**
 * Stripe's largest charge: eight digits of minor units in every currency ($999,999.99 in USD), the
 * marketplace's configured card maximum for USD.
 */
export function maximumChargeAmount(currency: string): number {
  return currency.toLowerCase() === 'usd' ? cardUsd.maximumMinor : 99_999_999;
}

/** Stripe's answer to an amount above the maximum ("Amount must be no more than $999,999.99"). */
export function amountTooLarge(currency: string): CardProcessorError {
  const upper = currency.toUpperCase();
  const shown =
    upper === 'USD'
      ? formatMoneyExact({ amount: maximumChargeAmount(currency), currency: upper })
      : `${maximumChargeAmount(currency)} ${currency.toLowerCase()} minor units`;
  return new CardProcessorError('invalid_request_error', `Amount must be no more than ${shown}`, {
    code: 'amount_too_large',
    param: 'amount',
    statusCode: 400,
  });
}

/** Stripe's refusal of an amount that is not a whole number of minor units of at least 1. */
export function requirePositiveAmount(amount: number): void {
  if (!Number.isInteger(amount) || amount < 1) {
    throw new CardProcessorError('invalid_request_error', 'This value must be greater than or equal to 1.', {
      code: 'parameter_invalid_integer',
      param: 'amount',
      statusCode: 400,
    });
  }
}
