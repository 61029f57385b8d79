import { describe, expect, it } from 'vitest';
import { accountOwner } from '../../functions/payments/stripe/service';
import { getUser } from '../../functions/users/repository';
import { paypalPayoutReady, paypalStateOf } from '../../functions/users/user-record';
import { listings, sellers } from '../../infra/local/seed/catalogue';
import { onboardDemoPaypalMerchant, onboardDemoSeller } from '../../infra/local/seed/payouts';
import { sellerCountry } from '../../infra/local/seed/seed';
import { signUp, testCloud } from './accounts';

// The demo seed's payout onboarding (infra/local/seed/payouts.ts) against the integration cloud's
// table and simulated Stripe (the suite's cloud does not seed demo data itself).

describe('demo seller payout onboarding', () => {
  it('every demo seller with listings is in a payout country of the seed (CA or US)', () => {
    for (const seller of sellers) {
      if (!listings.some((listing) => listing.sellerKey === seller.key)) continue;
      expect(['CA', 'US']).toContain(sellerCountry(seller.key));
    }
  });

  it.each(['US', 'CA'] as const)(
    '%s: the seller is payout-ready; a second run creates nothing',
    async (country) => {
      const seller = await signUp({ firstName: 'Sid', lastName: 'Seed' });
      const origin = testCloud().url;
      const account = await onboardDemoSeller({ userId: seller.user.id, country, origin });
      expect(account).toMatchObject({
        country,
        currency: country === 'US' ? 'USD' : 'CAD',
        transfersActive: true,
        payoutsEnabled: true,
        // A CA seller of the US platform is a cross-border recipient: transfers, no charges (issue 17).
        chargesEnabled: country === 'US',
        requirementsDue: [],
        bankAccountLast4: '6789',
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
    },
  );

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
