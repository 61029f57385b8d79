/**
 * The card provider port (Stripe): Connect accounts for payouts, account links, tokens (simulated
 * only: real ones come from Stripe.js), customers, setup intents and payment methods, and webhook
 * verification. Two adapters: `real.ts` (the `stripe` SDK, with STRIPE_SECRET_KEY) and
 * `simulated/` (state in the table, same webhooks). `index.ts` picks one.
 */
import type { PayoutAccountType, ProviderMode, SetupIntentView } from '../../../shared/api/payments';
import type { BankAccountTokenParams } from '../../../shared/validation/payout';

/** A connected account as the app needs it (mapped from the provider's account object). */
export interface ProviderAccount {
  id: string;
  country: string;
  currency: string;
  businessType: PayoutAccountType;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  transfersActive: boolean;
  detailsSubmitted: boolean;
  /** currently_due and past_due. */
  requirementsDue: string[];
  /** requirements.errors codes. */
  requirementErrors: string[];
  disabledReason?: string;
  bankAccountLast4?: string;
  /** metadata.userId, set at creation. */
  userId?: string;
}

export interface ProviderCard {
  id: string;
  /** The customer the payment method is attached to, if any. */
  customerId?: string;
  /** The provider's brand name (visa, mastercard, amex, discover…). */
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CreateAccountInput {
  userId: string;
  country: string;
  accountToken: string;
  bankAccountToken: string;
  businessProfileUrl: string;
  mcc: string;
  idempotencyKey: string;
}

export interface AccountLinkInput {
  accountId: string;
  type: 'account_onboarding' | 'account_update';
  /** Stripe's refresh_url. */
  failureURL: string;
  /** Stripe's return_url. */
  successURL: string;
}

/** A verified webhook event: id, type and the object it is about. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The event's `data.object` (not trusted beyond its id: accounts are fetched again). */
  object: { id?: string; object?: string; [key: string]: unknown };
  /** The connected account the event came from (Connect events). */
  account?: string;
}

/**
 * A failure the card processor (Stripe, real or simulated) reported to the server: `type` and
 * `code` as Stripe's errors (card_error/card_declined, invalid_request_error…), `message` the
 * processor's own text, `fields` per-field messages for token validation (simulated; Stripe.js
 * validates in the browser). Not the web's CardProviderError (web/src/payments/card-provider.ts),
 * which is what the browser's card form reports.
 */
export class CardProcessorError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly options: {
      code?: string;
      statusCode?: number;
      param?: string;
      fields?: Record<string, string>;
      setupIntent?: { id: string; status: string };
      /** The PaymentIntent a card error or unexpected-state error is about (Stripe's `payment_intent`). */
      paymentIntent?: { id: string; status: string };
    } = {},
  ) {
    super(message);
    this.name = 'CardProcessorError';
  }
  get code(): string | undefined {
    return this.options.code;
  }
}

/** A PaymentIntent's status, as Stripe names them. */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

/** A PaymentIntent as the app needs it (mapped from Stripe.PaymentIntent). Amounts in minor units. */
export interface ProviderPaymentIntent {
  id: string;
  status: PaymentIntentStatus;
  amount: number;
  /** Upper case ISO 4217 (Stripe's lower case is mapped). */
  currency: string;
  clientSecret: string;
  /** The charge made by confirmation (needed for the transfer's source_transaction and refunds). */
  latestChargeId?: string;
  paymentMethodId?: string;
  customerId?: string;
  /** Captured so far, minor units (0 before capture). */
  amountReceived: number;
  metadata: Record<string, string>;
}

export interface CreatePaymentIntentInput {
  /** Minor units. Stripe refuses less than its minimum ("Amount must be at least $0.50 usd"). */
  amount: number;
  currency: string;
  customerId?: string;
  /** A saved card to charge; the browser confirms (confirmCardPayment) either way. */
  paymentMethodId?: string;
  /** Keep the card for later (setup_future_usage: off_session). */
  setupFutureUsage?: boolean;
  /**
   * Always 'manual' here: the money is captured by confirm-payment (docs/design/orders.md, item 5
   * of "Risks and open questions").
   */
  captureMethod: 'manual';
  /** The transaction id: groups the charge and the seller's transfer. */
  transferGroup: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface ProviderRefund {
  id: string;
  /** pending, succeeded, failed, canceled. */
  status: string;
  amount: number;
  currency: string;
}

/** A transfer to a connected account, funded by the order's charge. */
export interface CreateTransferInput {
  amount: number;
  currency: string;
  destination: string;
  sourceTransaction: string;
  transferGroup: string;
  idempotencyKey: string;
}

export interface ProviderTransfer {
  id: string;
  amount: number;
  currency: string;
  destination: string;
}

/** Test card details for the simulated confirmation (Stripe.js's confirmCardPayment stand-in). */
export interface SimulatedPaymentConfirmation {
  /** A saved card to use; or the card fields below. */
  paymentMethodId?: string;
  number?: string;
  expMonth?: number;
  expYear?: number;
  cvc?: string;
  postalCode?: string;
  /** The 3-D Secure test card answers requires_action until confirmed again with authenticate. */
  authenticate?: boolean;
}

/** The webhook's signature was missing, stale or wrong. */
export class WebhookSignatureError extends Error {}

export interface CardProvider {
  readonly mode: ProviderMode;
  createAccount(input: CreateAccountInput): Promise<ProviderAccount>;
  /** Replaces the bank account (external account) with the one in the token. */
  updateAccount(accountId: string, input: { bankAccountToken: string }): Promise<ProviderAccount>;
  fetchAccount(accountId: string): Promise<ProviderAccount>;
  createAccountLink(input: AccountLinkInput): Promise<{ url: string }>;
  /** Simulated only (Stripe.js makes real tokens in the browser). */
  createBankAccountToken(input: {
    country: string;
    currency: string;
    fields: Record<string, string>;
  }): Promise<{ id: string; params: BankAccountTokenParams }>;
  /** Simulated only. */
  createAccountToken(input: {
    businessType: PayoutAccountType;
    tosShownAndAccepted: boolean;
  }): Promise<{ id: string }>;
  createCustomer(input: { userId: string; email: string; idempotencyKey: string }): Promise<{ id: string }>;
  createSetupIntent(input: { customerId: string; idempotencyKey: string }): Promise<SetupIntentView>;
  fetchPaymentMethod(paymentMethodId: string): Promise<ProviderCard>;
  attachPaymentMethod(paymentMethodId: string, customerId: string): Promise<ProviderCard>;
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /** Verifies `Stripe-Signature` over the raw body; throws WebhookSignatureError. */
  verifyWebhook(rawBody: string, signature: string | undefined): ProviderEvent;

  // ---- Orders: manual-capture payments, refunds and transfers to the seller's account.
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<ProviderPaymentIntent>;
  retrievePaymentIntent(paymentIntentId: string): Promise<ProviderPaymentIntent>;
  /** Captures the full authorised amount; idempotent per key. */
  capturePaymentIntent(paymentIntentId: string, idempotencyKey: string): Promise<ProviderPaymentIntent>;
  /** Voids an uncaptured PaymentIntent; idempotent per key. */
  cancelPaymentIntent(paymentIntentId: string, idempotencyKey: string): Promise<ProviderPaymentIntent>;
  /** Refunds a captured PaymentIntent in full; idempotent per key. */
  refundPayment(input: { paymentIntentId: string; idempotencyKey: string }): Promise<ProviderRefund>;
  /** Pays the seller: a transfer to the connected account, funded by the order's charge. */
  createTransfer(input: CreateTransferInput): Promise<ProviderTransfer>;
}

/** Stripe-like account shape both adapters map from (the real one is Stripe.Account). */
export interface AccountObject {
  id: string;
  country?: string | null;
  default_currency?: string | null;
  business_type?: string | null;
  charges_enabled?: boolean;
  payouts_enabled?: boolean;
  details_submitted?: boolean;
  capabilities?: { transfers?: string; card_payments?: string } | null;
  /** `recipient` for a cross-border account; absent or `full` otherwise. */
  tos_acceptance?: { service_agreement?: string } | null;
  requirements?: {
    currently_due?: string[] | null;
    past_due?: string[] | null;
    errors?: { code: string }[] | null;
    disabled_reason?: string | null;
  } | null;
  external_accounts?: { data?: { last4?: string | null }[] } | null;
  metadata?: Record<string, string> | null;
}

export function toProviderAccount(account: AccountObject): ProviderAccount {
  const requirements = account.requirements ?? {};
  const due = [...new Set([...(requirements.past_due ?? []), ...(requirements.currently_due ?? [])])];
  const last4 = account.external_accounts?.data?.[0]?.last4 ?? undefined;
  const userId = account.metadata?.userId;
  return {
    id: account.id,
    country: account.country ?? '',
    currency: (account.default_currency ?? '').toUpperCase(),
    businessType: account.business_type === 'company' ? 'company' : 'individual',
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    transfersActive: account.capabilities?.transfers === 'active',
    detailsSubmitted: account.details_submitted === true,
    requirementsDue: due,
    requirementErrors: (requirements.errors ?? []).map((error) => error.code),
    ...(requirements.disabled_reason ? { disabledReason: requirements.disabled_reason } : {}),
    ...(last4 ? { bankAccountLast4: last4 } : {}),
    ...(userId ? { userId } : {}),
  };
}

/** An expandable Stripe reference: the id, or the object carrying it. */
type Ref = string | { id: string } | null | undefined;
const idOf = (value: Ref): string | undefined =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

/** Stripe-like PaymentIntent shape both adapters map from (the real one is Stripe.PaymentIntent). */
export interface PaymentIntentObject {
  id: string;
  status: string;
  amount: number;
  /** Lower case, as Stripe. */
  currency: string;
  client_secret?: string | null;
  latest_charge?: Ref;
  payment_method?: Ref;
  customer?: Ref;
  amount_received?: number | null;
  metadata?: Record<string, string> | null;
}

/** A PaymentIntent → the port's (currency upper case, latest_charge, payment_method and customer ids). */
export function toProviderPaymentIntent(intent: PaymentIntentObject): ProviderPaymentIntent {
  const latestChargeId = idOf(intent.latest_charge);
  const paymentMethodId = idOf(intent.payment_method);
  const customerId = idOf(intent.customer);
  return {
    id: intent.id,
    status: intent.status as PaymentIntentStatus,
    amount: intent.amount,
    currency: intent.currency.toUpperCase(),
    clientSecret: intent.client_secret ?? '',
    ...(latestChargeId ? { latestChargeId } : {}),
    ...(paymentMethodId ? { paymentMethodId } : {}),
    ...(customerId ? { customerId } : {}),
    amountReceived: intent.amount_received ?? 0,
    metadata: { ...(intent.metadata ?? {}) },
  };
}

/** A refund → the port's (a refund without a status yet is pending). */
export function toProviderRefund(refund: {
  id: string;
  status?: string | null;
  amount: number;
  currency: string;
}): ProviderRefund {
  return {
    id: refund.id,
    status: refund.status ?? 'pending',
    amount: refund.amount,
    currency: refund.currency.toUpperCase(),
  };
}

/** A transfer → the port's; `destination` stands in when the answer does not name the account. */
export function toProviderTransfer(
  transfer: { id: string; amount: number; currency: string; destination?: Ref },
  destination = '',
): ProviderTransfer {
  return {
    id: transfer.id,
    amount: transfer.amount,
    currency: transfer.currency.toUpperCase(),
    destination: idOf(transfer.destination) ?? destination,
  };
}
