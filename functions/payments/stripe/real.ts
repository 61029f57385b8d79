/**
 * The real card provider: the official `stripe` SDK. Used when STRIPE_SECRET_KEY is set. Tokens are
 * made by Stripe.js in the browser, so the token calls are refused here.
 */
import Stripe from 'stripe';
import type { SetupIntentView } from '../../../shared/api/payments';
import {
  type AccountLinkInput,
  type AccountObject,
  type CardProvider,
  CardProviderError,
  type CreateAccountInput,
  type CreatePaymentIntentInput,
  type CreateTransferInput,
  type ProviderAccount,
  type ProviderCard,
  type ProviderEvent,
  type ProviderPaymentIntent,
  type ProviderRefund,
  type ProviderTransfer,
  toProviderAccount,
  toProviderPaymentIntent,
  toProviderRefund,
  toProviderTransfer,
  WebhookSignatureError,
} from './port';

export interface RealStripeOptions {
  secretKey: string;
  webhookSecret?: string;
  /** For contract tests: a local HTTP double instead of api.stripe.com. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** The SDK's error class name (StripeCardError) → Stripe's wire type (card_error). */
function rawTypeOf(className: string): string {
  const known: Record<string, string> = {
    StripeCardError: 'card_error',
    StripeInvalidRequestError: 'invalid_request_error',
    StripeAPIError: 'api_error',
    StripeAuthenticationError: 'authentication_error',
    StripeRateLimitError: 'rate_limit_error',
    StripeConnectionError: 'api_connection_error',
    StripeIdempotencyError: 'idempotency_error',
  };
  return known[className] ?? 'api_error';
}

/** Stripe's errors → the port's CardProviderError (type, code, message, status). */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      throw new CardProviderError(error.rawType ?? rawTypeOf(error.type), error.message, {
        ...(error.code ? { code: error.code } : {}),
        ...(error.statusCode ? { statusCode: error.statusCode } : {}),
        ...(error.param ? { param: error.param } : {}),
        ...(error.payment_intent?.id
          ? { paymentIntent: { id: error.payment_intent.id, status: error.payment_intent.status } }
          : {}),
      });
    }
    throw error;
  }
}

function toCard(method: Stripe.PaymentMethod): ProviderCard {
  const customer = typeof method.customer === 'string' ? method.customer : method.customer?.id;
  return {
    id: method.id,
    ...(customer ? { customerId: customer } : {}),
    brand: method.card?.brand ?? 'unknown',
    last4: method.card?.last4 ?? '',
    expMonth: method.card?.exp_month ?? 0,
    expYear: method.card?.exp_year ?? 0,
  };
}

export class RealCardProvider implements CardProvider {
  readonly mode = 'live' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: RealStripeOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
    });
  }

  async createAccount(input: CreateAccountInput): Promise<ProviderAccount> {
    const account = await call(() =>
      this.stripe.accounts.create(
        {
          type: 'custom',
          country: input.country,
          account_token: input.accountToken,
          external_account: input.bankAccountToken,
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          business_profile: { mcc: input.mcc, url: input.businessProfileUrl },
          metadata: { userId: input.userId },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toProviderAccount(account as AccountObject);
  }

  async updateAccount(accountId: string, input: { bankAccountToken: string }): Promise<ProviderAccount> {
    const account = await call(() =>
      this.stripe.accounts.update(accountId, {
        external_account: input.bankAccountToken,
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      }),
    );
    return toProviderAccount(account as AccountObject);
  }

  async fetchAccount(accountId: string): Promise<ProviderAccount> {
    const account = await call(() => this.stripe.accounts.retrieve(accountId));
    return toProviderAccount(account as AccountObject);
  }

  async createAccountLink(input: AccountLinkInput): Promise<{ url: string }> {
    const link = await call(() =>
      this.stripe.accountLinks.create({
        account: input.accountId,
        type: input.type,
        refresh_url: input.failureURL,
        return_url: input.successURL,
        collect: 'currently_due',
      }),
    );
    return { url: link.url };
  }

  createBankAccountToken(): never {
    throw new CardProviderError(
      'invalid_request_error',
      'Bank account tokens are made by Stripe.js in the browser.',
    );
  }

  createAccountToken(): never {
    throw new CardProviderError(
      'invalid_request_error',
      'Account tokens are made by Stripe.js in the browser.',
    );
  }

  async createCustomer(input: {
    userId: string;
    email: string;
    idempotencyKey: string;
  }): Promise<{ id: string }> {
    const customer = await call(() =>
      this.stripe.customers.create(
        { email: input.email, metadata: { userId: input.userId } },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: customer.id };
  }

  async createSetupIntent(input: { customerId: string; idempotencyKey: string }): Promise<SetupIntentView> {
    const intent = await call(() =>
      this.stripe.setupIntents.create(
        { customer: input.customerId, usage: 'off_session' },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { setupIntentId: intent.id, clientSecret: intent.client_secret ?? '' };
  }

  async fetchPaymentMethod(paymentMethodId: string): Promise<ProviderCard> {
    return toCard(await call(() => this.stripe.paymentMethods.retrieve(paymentMethodId)));
  }

  async attachPaymentMethod(paymentMethodId: string, customerId: string): Promise<ProviderCard> {
    return toCard(
      await call(() => this.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId })),
    );
  }

  async detachPaymentMethod(paymentMethodId: string): Promise<void> {
    await call(() => this.stripe.paymentMethods.detach(paymentMethodId));
  }

  // ---- Orders: manual-capture payments, refunds, transfers to the seller's connected account.

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<ProviderPaymentIntent> {
    const intent = await call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          capture_method: input.captureMethod,
          transfer_group: input.transferGroup,
          metadata: input.metadata,
          ...(input.customerId ? { customer: input.customerId } : {}),
          ...(input.paymentMethodId ? { payment_method: input.paymentMethodId } : {}),
          ...(input.setupFutureUsage ? { setup_future_usage: 'off_session' as const } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toProviderPaymentIntent(intent);
  }

  async retrievePaymentIntent(paymentIntentId: string): Promise<ProviderPaymentIntent> {
    return toProviderPaymentIntent(await call(() => this.stripe.paymentIntents.retrieve(paymentIntentId)));
  }

  async capturePaymentIntent(
    paymentIntentId: string,
    idempotencyKey: string,
  ): Promise<ProviderPaymentIntent> {
    return toProviderPaymentIntent(
      await call(() => this.stripe.paymentIntents.capture(paymentIntentId, {}, { idempotencyKey })),
    );
  }

  async cancelPaymentIntent(paymentIntentId: string, idempotencyKey: string): Promise<ProviderPaymentIntent> {
    return toProviderPaymentIntent(
      await call(() => this.stripe.paymentIntents.cancel(paymentIntentId, {}, { idempotencyKey })),
    );
  }

  async refundPayment(input: { paymentIntentId: string; idempotencyKey: string }): Promise<ProviderRefund> {
    const refund = await call(() =>
      this.stripe.refunds.create(
        { payment_intent: input.paymentIntentId },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toProviderRefund(refund);
  }

  async createTransfer(input: CreateTransferInput): Promise<ProviderTransfer> {
    const transfer = await call(() =>
      this.stripe.transfers.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          destination: input.destination,
          source_transaction: input.sourceTransaction,
          transfer_group: input.transferGroup,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toProviderTransfer(transfer, input.destination);
  }

  verifyWebhook(rawBody: string, signature: string | undefined): ProviderEvent {
    const secret = this.options.webhookSecret;
    if (!secret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
    return verifyStripeSignature(rawBody, signature, secret);
  }
}

const verifier = new Stripe('sk_verify_only');

/** Stripe's signature scheme (`t=…,v1=HMAC-SHA256(secret, t.body)`, 5-minute tolerance), via the SDK. */
export function verifyStripeSignature(
  rawBody: string,
  signature: string | undefined,
  secret: string,
): ProviderEvent {
  if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = verifier.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
  }
  const object = (event.data?.object ?? {}) as unknown as ProviderEvent['object'];
  return { id: event.id, type: event.type, object, ...(event.account ? { account: event.account } : {}) };
}

/** A `Stripe-Signature` header for a body, as Stripe signs (the simulated provider and tests use it). */
export function signStripePayload(payload: string, secret: string, timestamp?: number): string {
  return verifier.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp ? { timestamp } : {}),
  });
}
