/**
 * Payouts and payment methods (spec §3 stripeAccount, saved card, PayPal state; §7 card
 * provider and PayPal calls): the API's request and answer shapes. The web app, the handlers and
 * the simulated providers all use these. Amounts are never part of these calls.
 */
import type { CardBrand } from '../config/card-brands';
import type { PaypalMerchantState } from '../errors/paypal-errors';

/** Which provider adapters the deployment runs: the real APIs with keys, the simulated ones without. */
export type ProviderMode = 'live' | 'simulated';

/**
 * `/config.json` → `payments`: what the browser needs. With `stripe.mode === 'simulated'` the web
 * app uses the simulated browser client (tokens and card setup through `/api/simulated-stripe/*`)
 * instead of Stripe.js; `publishableKey` is then `pk_simulated`. Missing publishable key → the
 * payout and card forms show the spec's missing-key message.
 */
export interface PaymentsRuntimeConfig {
  stripe: { mode: ProviderMode; publishableKey?: string };
  paypal: { mode: ProviderMode; clientId?: string };
}

// ---------------------------------------------------------------- Stripe Connect (payouts)

export type PayoutAccountType = 'individual' | 'company';

/**
 * The seller's connected account as the app shows it (§3 stripeAccount, §4 payout page):
 * GET /api/stripe/account (user) → `{ data: StripeAccountView | null }`.
 */
export interface StripeAccountView {
  stripeAccountId: string;
  accountType: PayoutAccountType;
  /** ISO country of the payout account (one of the 36 payout countries). */
  country: string;
  currency: string;
  /** Last digits of the bank account on file. */
  bankAccountLast4?: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** The `transfers` capability is active: the seller can be paid. */
  transfersActive: boolean;
  /** Fields the provider still needs now (`requirements.currently_due`). */
  requirementsDue: string[];
  /** The provider's reason the account is disabled, if it is. */
  disabledReason?: string;
  /**
   * The payout page's status box (§4): verificationNeeded (requirements due), verificationSuccess
   * (transfers active), verificationError (disabled or errors); undefined while pending review.
   */
  status?: 'verificationNeeded' | 'verificationSuccess' | 'verificationError';
}

/**
 * POST /api/stripe/account (user) → 201 `{ data: StripeAccountView }`: creates the connected account
 * from tokens made in the browser (Stripe.js, or the simulated client), with the capabilities
 * card_payments and transfers, business profile URL = the user's profile page, MCC 5734.
 * A second create is 409. PATCH /api/stripe/account `{ bankAccountToken }` replaces the bank account.
 */
export interface StripeAccountCreateRequest {
  country: string;
  accountType: PayoutAccountType;
  accountToken: string;
  bankAccountToken: string;
}

export interface StripeAccountUpdateRequest {
  bankAccountToken: string;
}

/**
 * POST /api/stripe/account-links (user) → `{ data: { url } }` (§7: failureURL, successURL, type,
 * collect currently_due). The URLs must be on this site.
 */
export interface StripeAccountLinkRequest {
  type: 'account_onboarding' | 'account_update';
  failureURL: string;
  successURL: string;
}

// ---------------------------------------------------------------- Saved card (payment methods)

/** §3 saved card. */
export interface SavedCard {
  stripePaymentMethodId: string;
  brand: CardBrand | 'unknown';
  last4Digits: string;
  expirationMonth: number;
  expirationYear: number;
}

/** POST /api/stripe/setup-intents (user) → `{ data: { clientSecret, setupIntentId } }`. */
export interface SetupIntentView {
  setupIntentId: string;
  clientSecret: string;
}

/**
 * PUT /api/me/payment-method (user) `{ stripePaymentMethodId }` → `{ data: SavedCard }`: the card
 * confirmed by a setup intent becomes the default (replacing and detaching the previous one).
 * DELETE /api/me/payment-method (user) → 204: detaches it.
 */
export interface SavePaymentMethodRequest {
  stripePaymentMethodId: string;
}

// ---------------------------------------------------------------- The simulated browser client

/**
 * What the simulated Stripe accepts from the browser, standing in for Stripe.js when there are no
 * keys: POST /api/simulated-stripe/tokens (user) → `{ data: { id } }` (a `btok_…` or `ct_…` id).
 */
export type SimulatedTokenRequest =
  | { kind: 'bank_account'; country: string; currency: string; fields: Record<string, string> }
  | { kind: 'account'; businessType: PayoutAccountType; tosShownAndAccepted: boolean };

/**
 * POST /api/simulated-stripe/setup-intents/{id}/confirm (user) with a test card → `{ data: {
 * paymentMethodId, status } }` or 402 with a card error `{ type, code, message }` (the card
 * provider's error shape, mapped to the spec's messages by shared/errors/card-errors.ts).
 * Test cards (documented in docs/payments.md): 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002
 * is declined, 4000 0025 0000 3155 needs authentication, 4000 0000 0000 0069 is expired.
 */
export interface SimulatedCardRequest {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  postalCode?: string;
  /**
   * The authentication test card answers `{ status: 'requires_action' }` first; the simulated card
   * form then shows its "authenticate" step and confirms again with `authenticate: true`.
   */
  authenticate?: boolean;
}

// ---------------------------------------------------------------- PayPal

/** §3 PayPal state as the app shows it (also part of the current user). */
export interface PaypalStateView extends PaypalMerchantState {
  trackingId?: string;
  /** Links PayPal gave for onboarding; the page shows the one with rel `action_url`. */
  requestOnboardingLinks?: boolean;
}

/** POST /api/get-paypal-merchant-id `{ trackingId }` → `{ merchant_id }` (§7). */
/** POST /api/get-paypal-onboarding-link `{ trackingId }` → `{ links: [{ href, rel, method }] }` (§7). */
export interface PaypalLink {
  href: string;
  rel: string;
  method?: string;
}

/**
 * POST /api/get-paypal-onboarding-status `{ merchantId, updateUserMaybe }` → `{ paypalOnboarded,
 * isPaymentsReceivable, isPrimaryEmailValidated, isExpressCheckoutActive, hasOAuthPermissions }`
 * (§7); with updateUserMaybe the user's PayPal state is stored.
 */
export interface PaypalOnboardingStatus {
  paypalOnboarded: boolean;
  isPaymentsReceivable: boolean;
  isPrimaryEmailValidated: boolean;
  isExpressCheckoutActive: boolean;
  hasOAuthPermissions: boolean;
}

// ---------------------------------------------------------------- Gating

/**
 * The payment side of the current user (GET /api/me → `data.payments`): the one fact the listings
 * and orders issues read is `payoutReady` (a Stripe account with transfers active, or PayPal
 * onboarded and payments receivable).
 */
export interface CurrentUserPayments {
  payoutReady: boolean;
  stripeConnected: boolean;
  stripeAccount?: StripeAccountView;
  defaultPaymentMethod?: SavedCard;
  paypal?: PaypalStateView;
  /** Missing-information modal (§4): seen (closed, or the payment page visited). */
  seenMissingInformation: boolean;
}
