/**
 * The real card provider: the official `stripe` SDK. Used when STRIPE_SECRET_KEY is set. Tokens are
 * made by Stripe.js in the browser, so the token calls are refused here. The SDK (~240 kB minified)
 * is loaded on the first API call only: the deploy installs it beside the handlers that can reach
 * it instead of bundling it (infra/stacks/payment-providers.ts), and the simulated Stripe never
 * loads it. Webhook signatures need no SDK (./signature.ts).
 */
import type Stripe from 'stripe';
import type { SetupIntentView } from '../../../shared/api/payments';
import { type ConnectCapability, connectedAccountSetup } from '../../../shared/config/payout-countries';
import {
  type AccountLinkInput,
  type AccountObject,
  CardProcessorError,
  type CardProvider,
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
import { verifyStripeSignature } from './signature';

export { signStripePayload, verifyStripeSignature } from './signature';

/** The SDK's class (the `stripe` package's default export). */
export type StripeSdk = typeof Stripe;

/** Loads the SDK on first use (`import('stripe')`, external in the Lambda bundles). */
export const loadStripeSdk = async (): Promise<StripeSdk> => (await import('stripe')).default;

export interface RealStripeOptions {
  secretKey: string;
  webhookSecret?: string;
  /** For contract tests: a local HTTP double instead of api.stripe.com. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** How the SDK is loaded; loadStripeSdk unless a test says otherwise. */
  loadSdk?: () => Promise<StripeSdk>;
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

/** Stripe's errors (the loaded SDK's StripeError) → the port's CardProcessorError (type, code, message, status). */
function toCardProcessorError(sdk: StripeSdk, error: unknown): unknown {
  if (!(error instanceof sdk.errors.StripeError)) return error;
  return new CardProcessorError(error.rawType ?? rawTypeOf(error.type), error.message, {
    ...(error.code ? { code: error.code } : {}),
    ...(error.statusCode ? { statusCode: error.statusCode } : {}),
    ...(error.param ? { param: error.param } : {}),
    ...(error.payment_intent?.id
      ? { paymentIntent: { id: error.payment_intent.id, status: error.payment_intent.status } }
      : {}),
  });
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
  /** The SDK and its client, once loaded (a failed load is retried on the next call). */
  private client: Promise<{ sdk: StripeSdk; stripe: Stripe }> | undefined;

  constructor(private readonly options: RealStripeOptions) {}

  private connect(): Promise<{ sdk: StripeSdk; stripe: Stripe }> {
    const options = this.options;
    // A failed load or client setup is forgotten, so the next call tries again.
    this.client ??= (options.loadSdk ?? loadStripeSdk)()
      .then((sdk) => ({
        sdk,
        stripe: new sdk(options.secretKey, {
          maxNetworkRetries: 2,
          ...(options.host ? { host: options.host } : {}),
          ...(options.port ? { port: options.port } : {}),
          ...(options.protocol ? { protocol: options.protocol } : {}),
        }),
      }))
      .catch((error: unknown) => {
        this.client = undefined;
        throw error;
      });
    return this.client;
  }

  /** One SDK call; Stripe's errors come back as CardProcessorError. */
  private async call<T>(request: (stripe: Stripe) => Promise<T>): Promise<T> {
    const { sdk, stripe } = await this.connect();
    try {
      return await request(stripe);
    } catch (error) {
      throw toCardProcessorError(sdk, error);
    }
  }

  async createAccount(input: CreateAccountInput): Promise<ProviderAccount> {
    const account = await this.call((stripe) =>
      stripe.accounts.create(
        {
          type: 'custom',
          country: input.country,
          account_token: input.accountToken,
          external_account: input.bankAccountToken,
          ...connectedAccountParams(input.country),
          business_profile: { mcc: input.mcc, url: input.businessProfileUrl },
          metadata: { userId: input.userId },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toProviderAccount(account as AccountObject);
  }

  async updateAccount(accountId: string, input: { bankAccountToken: string }): Promise<ProviderAccount> {
    const account = await this.call((stripe) =>
      stripe.accounts.update(accountId, {
        external_account: input.bankAccountToken,
        // Transfers only: card_payments is for domestic accounts, requested when they were made, and a
        // recipient (cross-border) account cannot request it.
        capabilities: { transfers: { requested: true } },
      }),
    );
    return toProviderAccount(account as AccountObject);
  }

  async fetchAccount(accountId: string): Promise<ProviderAccount> {
    const account = await this.call((stripe) => stripe.accounts.retrieve(accountId));
    return toProviderAccount(account as AccountObject);
  }

  async createAccountLink(input: AccountLinkInput): Promise<{ url: string }> {
    const link = await this.call((stripe) =>
      stripe.accountLinks.create({
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
    throw new CardProcessorError(
      'invalid_request_error',
      'Bank account tokens are made by Stripe.js in the browser.',
    );
  }

  createAccountToken(): never {
    throw new CardProcessorError(
      'invalid_request_error',
      'Account tokens are made by Stripe.js in the browser.',
    );
  }

  async createCustomer(input: {
    userId: string;
    email: string;
    idempotencyKey: string;
  }): Promise<{ id: string }> {
    const customer = await this.call((stripe) =>
      stripe.customers.create(
        { email: input.email, metadata: { userId: input.userId } },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: customer.id };
  }

  async createSetupIntent(input: { customerId: string; idempotencyKey: string }): Promise<SetupIntentView> {
    const intent = await this.call((stripe) =>
      stripe.setupIntents.create(
        { customer: input.customerId, usage: 'off_session' },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { setupIntentId: intent.id, clientSecret: intent.client_secret ?? '' };
  }

  async fetchPaymentMethod(paymentMethodId: string): Promise<ProviderCard> {
    return toCard(await this.call((stripe) => stripe.paymentMethods.retrieve(paymentMethodId)));
  }

  async attachPaymentMethod(paymentMethodId: string, customerId: string): Promise<ProviderCard> {
    return toCard(
      await this.call((stripe) => stripe.paymentMethods.attach(paymentMethodId, { customer: customerId })),
    );
  }

  async detachPaymentMethod(paymentMethodId: string): Promise<void> {
    await this.call((stripe) => stripe.paymentMethods.detach(paymentMethodId));
  }

  // ---- Orders: manual-capture payments, refunds, transfers to the seller's connected account.

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<ProviderPaymentIntent> {
    const intent = await this.call((stripe) =>
      stripe.paymentIntents.create(
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
    return toProviderPaymentIntent(
      await this.call((stripe) => stripe.paymentIntents.retrieve(paymentIntentId)),
    );
  }

  async capturePaymentIntent(
    paymentIntentId: string,
    idempotencyKey: string,
  ): Promise<ProviderPaymentIntent> {
    return toProviderPaymentIntent(
      await this.call((stripe) => stripe.paymentIntents.capture(paymentIntentId, {}, { idempotencyKey })),
    );
  }

  async cancelPaymentIntent(paymentIntentId: string, idempotencyKey: string): Promise<ProviderPaymentIntent> {
    return toProviderPaymentIntent(
      await this.call((stripe) => stripe.paymentIntents.cancel(paymentIntentId, {}, { idempotencyKey })),
    );
  }

  async refundPayment(input: { paymentIntentId: string; idempotencyKey: string }): Promise<ProviderRefund> {
    const refund = await this.call((stripe) =>
      stripe.refunds.create(
        { payment_intent: input.paymentIntentId },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toProviderRefund(refund);
  }

  async createTransfer(input: CreateTransferInput): Promise<ProviderTransfer> {
    const transfer = await this.call((stripe) =>
      stripe.transfers.create(
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

/**
 * The capabilities and service agreement a new connected account asks for (connectedAccountSetup):
 * card_payments + transfers at home, transfers under the `recipient` agreement abroad.
 */
export function connectedAccountParams(country: string): {
  capabilities: Partial<Record<ConnectCapability, { requested: true }>>;
  tos_acceptance?: { service_agreement: 'recipient' };
} {
  const setup = connectedAccountSetup(country);
  return {
    capabilities: Object.fromEntries(setup.capabilities.map((name) => [name, { requested: true }])),
    ...(setup.serviceAgreement === 'recipient' ? { tos_acceptance: { service_agreement: 'recipient' } } : {}),
  };
}
