/**
 * The simulated card provider: Stripe's behaviour without Stripe, for local runs, tests and
 * deployments without keys. State lives in the table (`SIMSTRIPE#<id>` items, conditional writes:
 * store.ts), objects have Stripe's shapes (objects.ts, so the real adapter's mapping reads them), and
 * it sends the same webhooks (account.updated, setup_intent.succeeded), signed the way Stripe signs,
 * to `/api/webhooks/stripe` (webhooks.ts). Test cards and flows: docs/payments.md.
 *
 * This class is the one entry (stripe/index.ts picks it, tests spy on its prototype); each method
 * hands over to the module that holds its part of Stripe.
 */

import type {
  PayoutAccountType,
  SetupIntentView,
  SimulatedCardRequest,
} from '../../../../shared/api/payments';
import type { BankAccountTokenParams } from '../../../../shared/validation/payout';
import { siteOrigin } from '../../../lib/site-origin';
import type {
  AccountLinkInput,
  CardProvider,
  CreateAccountInput,
  CreatePaymentIntentInput,
  CreateTransferInput,
  ProviderAccount,
  ProviderCard,
  ProviderEvent,
  ProviderPaymentIntent,
  ProviderRefund,
  ProviderTransfer,
  SimulatedPaymentConfirmation,
} from '../port';
import * as accounts from './accounts';
import * as settle from './capture-cancel-refund';
import type { Of, SimObject } from './objects';
import * as onboarding from './onboarding';
import * as intents from './payment-intents';
import * as savedCards from './saved-cards';
import * as tokens from './tokens';
import * as transfers from './transfers';
import type { Deliver } from './webhooks';
import * as webhooks from './webhooks';

export { simulatedPublishableKey } from '../runtime-config';
export { simulatedRequirements } from './accounts';
export { amountTooLarge, amountTooSmall, maximumChargeAmount, minimumChargeAmounts } from './amounts';
export { brandOf, testCards } from './test-cards';
export { simulatedWebhookSecret } from './webhooks';

export interface SimulatedOptions {
  /** Where hosted onboarding links and webhook deliveries go; default the configured site origin. */
  origin?: string;
}

export class SimulatedCardProvider implements CardProvider {
  readonly mode = 'simulated' as const;
  constructor(private readonly options: SimulatedOptions = {}) {}

  /** Read when used, not when made: the configuration, never a request, names the site. */
  private readonly origin = (): string => this.options.origin ?? siteOrigin();
  /** Every event goes through `deliver`, which a subclass may replace (the seed's provider does). */
  private readonly sendEvent: Deliver = (type, object, account) => this.deliver(type, object, account);

  // ------------------------------------------------------------ accounts and onboarding

  createAccount(input: CreateAccountInput): Promise<ProviderAccount> {
    return accounts.createAccount(input);
  }

  updateAccount(accountId: string, input: { bankAccountToken: string }): Promise<ProviderAccount> {
    return accounts.updateAccount(this.sendEvent, accountId, input);
  }

  fetchAccount(accountId: string): Promise<ProviderAccount> {
    return accounts.fetchAccount(accountId);
  }

  createAccountLink(input: AccountLinkInput): Promise<{ url: string }> {
    return onboarding.createAccountLink(this.origin, input);
  }

  /** The hosted onboarding page's link, if it is valid for the account (not used, not expired). */
  onboardingLink(accountId: string, linkId: string): Promise<Of<'account_link'> | undefined> {
    return onboarding.onboardingLink(accountId, linkId);
  }

  accountObject(accountId: string): Promise<Of<'account'> | undefined> {
    return onboarding.accountObject(accountId);
  }

  /** The hosted onboarding's "Submit verification" (every requirement met, account.updated sent). */
  completeOnboarding(accountId: string, linkId: string): Promise<Of<'account_link'>> {
    return onboarding.completeOnboarding(this.sendEvent, accountId, linkId);
  }

  /** "Leave": the link is used up, nothing changes. */
  leaveOnboarding(accountId: string, linkId: string): Promise<Of<'account_link'>> {
    return onboarding.leaveOnboarding(accountId, linkId);
  }

  // ------------------------------------------------------------ tokens (Stripe.js stand-in)

  createBankAccountToken(input: {
    country: string;
    currency: string;
    fields: Record<string, string>;
  }): Promise<{ id: string; params: BankAccountTokenParams }> {
    return tokens.createBankAccountToken(input);
  }

  createAccountToken(input: { businessType: PayoutAccountType; tosShownAndAccepted: boolean }) {
    return tokens.createAccountToken(input);
  }

  // ------------------------------------------------------------ customers and cards

  createCustomer(input: { userId: string; email: string; idempotencyKey: string }): Promise<{ id: string }> {
    return savedCards.createCustomer(input);
  }

  createSetupIntent(input: { customerId: string; idempotencyKey: string }): Promise<SetupIntentView> {
    return savedCards.createSetupIntent(input);
  }

  /** The customer a setup intent belongs to (the confirm route checks it is the caller's). */
  setupIntentCustomer(setupIntentId: string): Promise<string | undefined> {
    return savedCards.setupIntentCustomer(setupIntentId);
  }

  /** Confirms a setup intent with a test card (Stripe.js's confirmCardSetup stand-in). */
  confirmSetupIntent(
    setupIntentId: string,
    card: SimulatedCardRequest,
    now: Date = new Date(),
  ): Promise<{ paymentMethodId?: string; status: string }> {
    return savedCards.confirmSetupIntent(this.sendEvent, setupIntentId, card, now);
  }

  fetchPaymentMethod(paymentMethodId: string): Promise<ProviderCard> {
    return savedCards.fetchPaymentMethod(paymentMethodId);
  }

  attachPaymentMethod(paymentMethodId: string, customerId: string): Promise<ProviderCard> {
    return savedCards.attachPaymentMethod(paymentMethodId, customerId);
  }

  detachPaymentMethod(paymentMethodId: string): Promise<void> {
    return savedCards.detachPaymentMethod(paymentMethodId);
  }

  // ------------------------------------------------------------ payment intents (orders)

  createPaymentIntent(input: CreatePaymentIntentInput): Promise<ProviderPaymentIntent> {
    return intents.createPaymentIntent(input);
  }

  retrievePaymentIntent(paymentIntentId: string): Promise<ProviderPaymentIntent> {
    return intents.retrievePaymentIntent(paymentIntentId);
  }

  /** The user a PaymentIntent was made for (`metadata.customerUserId`): the confirm route's owner check. */
  paymentIntentOwner(paymentIntentId: string): Promise<string | undefined> {
    return intents.paymentIntentOwner(paymentIntentId);
  }

  /** Confirms a PaymentIntent with a saved or typed test card (Stripe.js's confirmCardPayment stand-in). */
  confirmPaymentIntent(
    paymentIntentId: string,
    confirmation: SimulatedPaymentConfirmation,
    now: Date = new Date(),
  ): Promise<ProviderPaymentIntent> {
    return intents.confirmPaymentIntent(paymentIntentId, confirmation, now);
  }

  capturePaymentIntent(paymentIntentId: string, idempotencyKey: string): Promise<ProviderPaymentIntent> {
    return settle.capturePaymentIntent(paymentIntentId, idempotencyKey);
  }

  cancelPaymentIntent(paymentIntentId: string, idempotencyKey: string): Promise<ProviderPaymentIntent> {
    return settle.cancelPaymentIntent(paymentIntentId, idempotencyKey);
  }

  refundPayment(input: { paymentIntentId: string; idempotencyKey: string }): Promise<ProviderRefund> {
    return settle.refundPayment(input);
  }

  createTransfer(input: CreateTransferInput): Promise<ProviderTransfer> {
    return transfers.createTransfer(input);
  }

  /** A transfer as stored (Stripe's shape: destination, source_transaction, transfer_group), for tests. */
  transferObject(transferId: string): Promise<Of<'transfer'> | undefined> {
    return transfers.transferObject(transferId);
  }

  // ------------------------------------------------------------ webhooks

  verifyWebhook(rawBody: string, signature: string | undefined): ProviderEvent {
    return webhooks.verifyWebhook(rawBody, signature);
  }

  /** Sends a Stripe-shaped event, signed as Stripe signs, to the webhook route (awaited; failures logged). */
  deliver(type: string, object: SimObject, account?: string): Promise<void> {
    return webhooks.deliver(this.origin, type, object, account);
  }
}
