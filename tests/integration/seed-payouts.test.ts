import { describe, expect, it, vi } from 'vitest';
import { getUser } from '../../functions/accounts/repository';
import { paypalPayoutReady, paypalStateOf } from '../../functions/accounts/user-record';
import { accountOwner } from '../../functions/payments/stripe/service';
import { listings, sellers } from '../../infra/local/seed/catalogue';
import { demoBankFields, onboardDemoPaypalMerchant, onboardDemoSeller } from '../../infra/local/seed/payouts';
import { sellerCountry } from '../../infra/local/seed/seed';
import { payoutCountry } from '../../shared/config/payout-countries';
import { signUp, testCloud } from './accounts';

// The demo seed's payout onboarding (infra/local/seed/payouts.ts) against the integration cloud's
// table and simulated Stripe (the suite's cloud does not seed demo data itself).

/** The last four characters of the account number (or IBAN) of a bank's fields. */
const lastFour = (fields: Record<string, string>) => (fields.accountNumber ?? fields.iban ?? '').slice(-4);

describe('demo seller payout onboarding', () => {
  const seedCountries = [...new Set(listings.map((listing) => listing.location.country))].sort();

  it('every demo seller with listings is in a payout country with demo bank details', () => {
    expect(seedCountries).toEqual(['AU', 'CA', 'DE', 'FR', 'GB', 'NL', 'US']);
    for (const seller of sellers) {
      if (!listings.some((listing) => listing.sellerKey === seller.key)) continue;
      expect(Object.keys(demoBankFields)).toContain(sellerCountry(seller.key));
    }
  });

  it.each(seedCountries)('%s: the seller is payout-ready; a second run creates nothing', async (country) => {
    const seller = await signUp({ firstName: 'Sid', lastName: 'Seed' });
    const origin = testCloud().url;
    // The seed runs before the gateway listens: it stores what the webhook would, and sends none.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    let fetched: string[] = [];
    const account = await onboardDemoSeller({ userId: seller.user.id, country, origin }).finally(() => {
      fetched = fetchSpy.mock.calls.map(([url]) => String(url));
      fetchSpy.mockRestore();
    });
    const webhookCalls = fetched.filter((url) => url.includes('/api/webhooks/'));
    expect(webhookCalls).toEqual([]);
    expect(account).toMatchObject({
      country,
      currency: payoutCountry(country)?.currency,
      transfersActive: true,
      payoutsEnabled: true,
      // A seller outside the US platform's country is a cross-border recipient: transfers, no charges.
      chargesEnabled: country === 'US',
      requirementsDue: [],
      bankAccountLast4: lastFour(demoBankFields[country]),
      userId: seller.user.id,
    });
    const stored = await getUser(seller.user.id);
    expect(stored?.payoutReady).toBe(true);
    expect(stored?.stripeAccount).toMatchObject({
      stripeAccountId: account?.id,
      accountType: 'individual',
      country,
      transfersActive: true,
      requirementsDue: [],
      status: 'verificationSuccess',
    });
    expect(await accountOwner(account!.id)).toBe(seller.user.id);

    expect(await onboardDemoSeller({ userId: seller.user.id, country, origin })).toBeUndefined();
    expect((await getUser(seller.user.id))?.stripeAccount?.stripeAccountId).toBe(account?.id);
  });

  it('links a simulated PayPal merchant that can receive payments; a second run creates nothing', async () => {
    const seller = await signUp({ firstName: 'Pia', lastName: 'Seed' });
    const merchantId = await onboardDemoPaypalMerchant(seller.user.id);
    expect(merchantId).toBeTruthy();
    const stored = await getUser(seller.user.id);
    expect(paypalPayoutReady(paypalStateOf(stored))).toBe(true);
    expect(stored?.paypal?.merchantId).toBe(merchantId);
    expect(stored?.payoutReady).toBe(true);
    expect(await onboardDemoPaypalMerchant(seller.user.id)).toBeUndefined();
  });
});
