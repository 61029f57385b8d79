/**
 * The smallest and largest amount each payment provider takes in one charge, per currency, in minor
 * units, so that no charge like $100,000,000,019 is ever attempted. Configuration: change the
 * numbers here.
 *
 * - Card (Stripe), USD: at least $0.50 and at most $999,999.99 (Stripe's minimum charge and its
 *   eight-digit amount limit: https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts).
 * - PayPal, USD: at least $0.01 and at most $10,000.00. PayPal publishes no single per-payment maximum
 *   for Checkout; $10,000 is the per-transaction limit it applies to many accounts (verified accounts
 *   may send up to $60,000), so we take the lower figure (docs/decisions.md).
 */
export type ChargeProvider = 'card' | 'paypal';

export interface ChargeBounds {
  minimumMinor: number;
  maximumMinor: number;
}

export const chargeLimits: Record<ChargeProvider, Readonly<Record<string, ChargeBounds>>> = {
  card: { USD: { minimumMinor: 50, maximumMinor: 99_999_999 } },
  paypal: { USD: { minimumMinor: 1, maximumMinor: 1_000_000 } },
};

export const chargeProviders: readonly ChargeProvider[] = ['card', 'paypal'];

/** A provider's bounds in a currency; undefined when the provider is not configured for it. */
export function chargeBounds(provider: ChargeProvider, currency: string): ChargeBounds | undefined {
  return chargeLimits[provider][currency];
}

/**
 * What some provider can take in a currency: the lowest minimum and the highest maximum (a price
 * check before the buyer picks a way to pay). Undefined when no provider takes the currency.
 */
export function anyProviderChargeBounds(currency: string): ChargeBounds | undefined {
  const bounds = chargeProviders.flatMap((provider) => chargeBounds(provider, currency) ?? []);
  if (bounds.length === 0) return undefined;
  return {
    minimumMinor: Math.min(...bounds.map((b) => b.minimumMinor)),
    maximumMinor: Math.max(...bounds.map((b) => b.maximumMinor)),
  };
}
