import { getUser } from '../../../functions/accounts/repository';
import { paypalPort } from '../../../functions/payments/paypal/index';
import { onboardingStatusOf } from '../../../functions/payments/paypal/port';
import { simulatedOnboard } from '../../../functions/payments/paypal/simulated';
import { storeOnboardingStatus } from '../../../functions/payments/paypal/state';
import { stripeMode } from '../../../functions/payments/stripe';
import type { ProviderAccount } from '../../../functions/payments/stripe/port';
import { businessMcc, rememberAccountOwner, storeAccount } from '../../../functions/payments/stripe/service';
import { SimulatedCardProvider } from '../../../functions/payments/stripe/simulated';
import { payoutCountry } from '../../../shared/config/payout-countries';
import type { SeedLocation } from './catalogue';

/**
 * Payout onboarding of the demo sellers (spec: sellers finish payout onboarding before publishing):
 * each gets a simulated Stripe Connect account that has passed verification, made the way a user
 * makes one (bank and account tokens, account create, hosted onboarding submitted), so the user
 * item has the account summary and `payoutReady: true`.
 */

/** Stripe's test bank details per demo seller country (docs/payments.md). */
export const demoBankFields: Record<SeedLocation['country'], Record<string, string>> = {
  AU: { bsb: '110000', accountNumber: '000123456' },
  CA: { transitNumber: '11000', institutionNumber: '000', accountNumber: '000123456789' },
  DE: { iban: 'DE89370400440532013000' },
  FR: { iban: 'FR1420041010050500013M02606' },
  GB: { sortCode: '108800', accountNumber: '00012345' },
  NL: { iban: 'NL39RABO0300065264' },
  US: { routingNumber: '110000000', accountNumber: '000123456789' },
};

/**
 * The simulated provider without webhook deliveries: the seed runs before the gateway opens, so it
 * stores what the account.updated webhook would (fetch the account, store it on its owner) itself.
 */
class SeedCardProvider extends SimulatedCardProvider {
  override async deliver(): Promise<void> {}
}

/**
 * Gives the user a verified simulated payout account in `country`, unless the user already has one
 * (a restart or a second call creates nothing). Returns the account, or undefined when skipped.
 * Skipped too when the real Stripe runs (STRIPE_SECRET_KEY): its accounts cannot be made here.
 */
export async function onboardDemoSeller(options: {
  userId: string;
  country: SeedLocation['country'];
  origin: string;
}): Promise<ProviderAccount | undefined> {
  if (stripeMode() !== 'simulated') return undefined;
  const { userId, origin } = options;
  const user = await getUser(userId);
  if (!user) throw new Error(`No user item for demo seller ${userId}`);
  if (user.stripeAccount?.stripeAccountId) return undefined;
  const country = payoutCountry(options.country);
  if (!country) throw new Error(`Not a payout country: ${options.country}`);
  const provider = new SeedCardProvider({ origin });
  const bankToken = await provider.createBankAccountToken({
    country: country.code,
    currency: country.currency,
    fields: demoBankFields[options.country],
  });
  const accountToken = await provider.createAccountToken({
    businessType: 'individual',
    tosShownAndAccepted: true,
  });
  const created = await provider.createAccount({
    userId,
    country: country.code,
    accountToken: accountToken.id,
    bankAccountToken: bankToken.id,
    businessProfileUrl: `${origin}/u/${userId}`,
    mcc: businessMcc,
    idempotencyKey: `seed-account-${userId}`,
  });
  await rememberAccountOwner(created.id, userId);
  await storeAccount(userId, created, { create: true });
  const link = await provider.createAccountLink({
    accountId: created.id,
    type: 'account_onboarding',
    failureURL: `${origin}/account/payments`,
    successURL: `${origin}/account/payments`,
  });
  const linkId = new URL(link.url).searchParams.get('link');
  if (!linkId) throw new Error(`Account link without an id: ${link.url}`);
  await provider.completeOnboarding(created.id, linkId);
  // What the account.updated webhook does: the account fetched again, stored on its owner.
  const verified = await provider.fetchAccount(created.id);
  await storeAccount(userId, verified);
  return verified;
}

/**
 * Links a demo seller's PayPal (the simulated PayPal only): the merchant the onboarding page would
 * make, with the status PayPal reports for it stored as the onboarding return does, so buyers can
 * pay the seller's listings with PayPal. Skipped when the seller already has a merchant.
 */
export async function onboardDemoPaypalMerchant(userId: string): Promise<string | undefined> {
  const port = paypalPort();
  if (port.mode !== 'simulated') return undefined;
  const user = await getUser(userId);
  if (!user) throw new Error(`No user item for demo seller ${userId}`);
  if (user.paypal?.merchantId) return undefined;
  const merchant = await simulatedOnboard(userId);
  const status = onboardingStatusOf(await port.merchantStatus(merchant.merchantId));
  await storeOnboardingStatus(user, merchant.merchantId, status);
  return merchant.merchantId;
}
