import { describe, expect, it } from 'vitest';
import { anyProviderChargeBounds, chargeBounds, chargeLimits } from '../config/charge-limits';
import { chargeBoundsRefusal } from './charges';

const usd = (amount: number) => ({ amount, currency: 'USD' });

describe('charge bounds per payment provider', () => {
  it('configures Stripe USD at $0.50 to $999,999.99 and PayPal USD at $0.01 to $10,000.00', () => {
    expect(chargeBounds('card', 'USD')).toEqual({ minimumMinor: 50, maximumMinor: 99_999_999 });
    expect(chargeBounds('paypal', 'USD')).toEqual({ minimumMinor: 1, maximumMinor: 1_000_000 });
    expect(chargeBounds('card', 'EUR')).toBeUndefined();
  });

  it.each([
    ['card', 49, 'transaction-charge-zero-payin'],
    ['card', 50, undefined],
    ['card', 99_999_999, undefined],
    ['card', 100_000_000, 'transaction-charge-too-high'],
    ['card', 10_000_000_001_900, 'transaction-charge-too-high'],
    ['paypal', 0, 'transaction-charge-zero-payin'],
    ['paypal', 1, undefined],
    ['paypal', 1_000_000, undefined],
    ['paypal', 1_000_001, 'transaction-charge-too-high'],
  ] as const)('%s refuses %i cents with %s', (provider, cents, refusal) => {
    expect(chargeBoundsRefusal(usd(cents), provider)).toBe(refusal);
  });

  it('before a provider is chosen, refuses only what no provider takes', () => {
    expect(anyProviderChargeBounds('USD')).toEqual({ minimumMinor: 1, maximumMinor: 99_999_999 });
    expect(chargeBoundsRefusal(usd(30))).toBeUndefined();
    expect(chargeBoundsRefusal(usd(5_000_000))).toBeUndefined();
    expect(chargeBoundsRefusal(usd(0))).toBe('transaction-charge-zero-payin');
    expect(chargeBoundsRefusal(usd(100_000_000))).toBe('transaction-charge-too-high');
  });

  it('refuses a currency no provider is configured for as too low (nothing can be charged)', () => {
    expect(chargeBoundsRefusal({ amount: 5000, currency: 'EUR' })).toBe('transaction-charge-zero-payin');
    expect(chargeBoundsRefusal({ amount: 5000, currency: 'EUR' }, 'card')).toBe(
      'transaction-charge-zero-payin',
    );
  });

  it('keeps every bound a whole number of minor units with minimum below maximum', () => {
    for (const byCurrency of Object.values(chargeLimits)) {
      for (const { minimumMinor, maximumMinor } of Object.values(byCurrency)) {
        expect(Number.isSafeInteger(minimumMinor) && Number.isSafeInteger(maximumMinor)).toBe(true);
        expect(minimumMinor).toBeGreaterThan(0);
        expect(minimumMinor).toBeLessThan(maximumMinor);
      }
    }
  });
});
