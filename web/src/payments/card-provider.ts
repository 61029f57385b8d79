import type {
  PaymentsRuntimeConfig,
  PayoutAccountType,
  ProviderMode,
  SimulatedCardRequest,
} from '../../../shared/api/payments';
import { route } from '../../../shared/api/routes';
import { bankAccountTokenParams } from '../../../shared/validation/payout';
import { ApiRequestError, callApi } from '../api/client';
import { confirmSimulatedSetupIntent, createSimulatedToken } from '../api/payments';
import { loadRuntimeConfig } from '../auth/runtime-config';

/**
 * The browser side of the card payment provider (§7): bank-account and account tokens for Connect
 * onboarding, card setup for saved cards, and confirming an order's payment. Two implementations behind one interface, chosen by
 * `/config.json` → `payments.stripe.mode`: `live` uses Stripe.js (`@stripe/stripe-js`, loaded
 * lazily on first use, never part of the landing bundle), `simulated` calls our API's simulated
 * provider (`/api/simulated-stripe/*`). Every failure is a `CardProviderError` with the provider's
 * error shape `{ type, code, message }`.
 */

/** The card provider's error shape (Stripe.js `error`), also what the simulated provider answers. */
export interface CardProviderErrorShape {
  type: string;
  code?: string | undefined;
  message: string;
}

export class CardProviderError extends Error implements CardProviderErrorShape {
  override readonly name = 'CardProviderError';
  readonly type: string;
  readonly code: string | undefined;

  constructor({ type, code, message }: CardProviderErrorShape) {
    super(message);
    this.type = type;
    this.code = code;
  }
}

export interface BankAccountTokenInput {
  /** ISO code of a payout country. */
  country: string;
  currency: string;
  /** The country's bank fields (`shared/config/payout-countries.ts` keys), already cleaned. */
  fields: Record<string, string>;
  /** The account holder's type (Stripe.js needs it); individual when left out. */
  accountHolderType?: PayoutAccountType | undefined;
}

export interface AccountTokenInput {
  businessType: PayoutAccountType;
  tosShownAndAccepted: boolean;
}

/** A card form the provider manages (Stripe's card Element); `simulated` forms are plain inputs of ours. */
export interface CardFormHandle {
  readonly mode: ProviderMode;
  unmount(): void;
}

/** The card holder as Stripe's `billing_details` takes them (an ISO country code). */
export interface BillingDetails {
  name?: string;
  address?: {
    line1: string;
    line2?: string;
    city: string;
    state?: string;
    postal_code: string;
    country: string;
  };
}

export interface CardSetupInput {
  /** The mounted card form (live mode). */
  cardForm?: CardFormHandle;
  /** The typed test card (simulated mode; see docs/payments.md). */
  card?: SimulatedCardRequest;
  billingDetails?: BillingDetails;
}

/** How the buyer pays an order's PaymentIntent: a saved card, or a new one (form or test card). */
export interface CardPaymentInput {
  /** A saved card (`pm_…`): no card form needed. */
  paymentMethodId?: string | undefined;
  /** The mounted card form (live mode, a new card). */
  cardForm?: CardFormHandle | undefined;
  /** The typed test card (simulated mode, a new card; see docs/payments.md). */
  card?: SimulatedCardRequest | undefined;
  billingDetails?: BillingDetails | undefined;
}

export interface CardProvider {
  readonly mode: ProviderMode;
  /** A single-use bank account token (`btok_…`). */
  createBankAccountToken(input: BankAccountTokenInput): Promise<string>;
  /** A single-use account token (`ct_…`) with the business type and the terms accepted. */
  createAccountToken(input: AccountTokenInput): Promise<string>;
  /**
   * Mounts the provider's card form into `container` (live: Stripe's card Element). In simulated
   * mode nothing is mounted: the page renders its own card inputs and passes them to
   * `confirmCardSetup` as `card`.
   */
  mountCardForm(container: HTMLElement): Promise<CardFormHandle>;
  /** Confirms a setup intent; answers with the new payment method's id. */
  confirmCardSetup(clientSecret: string, input: CardSetupInput): Promise<{ paymentMethodId: string }>;
  /**
   * Confirms an order's PaymentIntent (Stripe.js `confirmCardPayment`; 3-D Secure handled by the
   * provider). Capture is manual, so success is `requires_capture`. A decline throws
   * CardProviderError `{ type: 'card_error', code, message }`.
   */
  confirmPayment(
    clientSecret: string,
    paymentIntentId: string,
    input: CardPaymentInput,
  ): Promise<{ status: string; paymentMethodId?: string }>;
}

/** Why no provider is available: no `payments` in `/config.json`, or live mode without a key. */
export type CardProviderChoice =
  | { ok: true; mode: ProviderMode; publishableKey: string | undefined }
  | { ok: false; reason: 'missing-publishable-key' };

/** Which client the configuration asks for (pure; the spec's missing-key case included). */
export function chooseCardProvider(payments: PaymentsRuntimeConfig | undefined): CardProviderChoice {
  const stripe = payments?.stripe;
  if (!stripe) return { ok: false, reason: 'missing-publishable-key' };
  if (stripe.mode === 'simulated')
    return { ok: true, mode: 'simulated', publishableKey: stripe.publishableKey };
  if (stripe.mode === 'live' && stripe.publishableKey) {
    return { ok: true, mode: 'live', publishableKey: stripe.publishableKey };
  }
  return { ok: false, reason: 'missing-publishable-key' };
}

/** Any failure (API error, Stripe.js error, thrown value) as the provider's error shape. */
export function normaliseProviderError(error: unknown, rawBody?: unknown): CardProviderError {
  if (error instanceof CardProviderError) return error;
  const raw = (rawBody ?? {}) as Partial<CardProviderErrorShape> & {
    error?: Partial<CardProviderErrorShape>;
  };
  const direct = typeof raw.message === 'string' ? raw : raw.error;
  if (direct && typeof direct.message === 'string') {
    return new CardProviderError({
      type: typeof direct.type === 'string' ? direct.type : 'api_error',
      code: typeof direct.code === 'string' ? direct.code : undefined,
      message: direct.message,
    });
  }
  if (error instanceof ApiRequestError) {
    const first = error.firstError;
    const stripeMessage = first?.meta?.stripeMessage;
    return new CardProviderError({
      type:
        error.status === 0
          ? 'api_connection_error'
          : error.status < 500
            ? 'invalid_request_error'
            : 'api_error',
      code: first?.code,
      message: typeof stripeMessage === 'string' && stripeMessage ? stripeMessage : error.message,
    });
  }
  const shape = error as Partial<CardProviderErrorShape> | null;
  if (shape && typeof shape === 'object' && typeof shape.message === 'string') {
    return new CardProviderError({
      type: typeof shape.type === 'string' ? shape.type : 'api_error',
      code: typeof shape.code === 'string' ? shape.code : undefined,
      message: shape.message,
    });
  }
  return new CardProviderError({ type: 'api_error', message: String(error) });
}

/** Runs an API call and keeps the raw error answer (the simulated provider's 402 `{ type, code, message }`). */
async function withRawError<T>(
  call: (fetchImpl: typeof fetch) => Promise<T>,
  fetchImpl: typeof fetch,
): Promise<T> {
  let raw: unknown;
  const capturing: typeof fetch = async (input, init) => {
    const response = await fetchImpl(input, init);
    if (!response.ok)
      raw = await response
        .clone()
        .json()
        .catch(() => undefined);
    return response;
  };
  try {
    return await call(capturing);
  } catch (error) {
    throw normaliseProviderError(error, raw);
  }
}

/** The id of a setup intent from its client secret (`seti_123_secret_abc` → `seti_123`). */
export function setupIntentIdFromSecret(clientSecret: string): string {
  const index = clientSecret.indexOf('_secret_');
  return index === -1 ? clientSecret : clientSecret.slice(0, index);
}

/** The simulated provider: our API stands in for Stripe.js. */
export function createSimulatedCardProvider(
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): CardProvider {
  return {
    mode: 'simulated',
    createBankAccountToken: ({ country, currency, fields }) =>
      withRawError(
        (f) => createSimulatedToken({ kind: 'bank_account', country, currency, fields }, { fetch: f }),
        fetchImpl,
      ),
    createAccountToken: ({ businessType, tosShownAndAccepted }) =>
      withRawError(
        (f) => createSimulatedToken({ kind: 'account', businessType, tosShownAndAccepted }, { fetch: f }),
        fetchImpl,
      ),
    mountCardForm: async () => ({ mode: 'simulated', unmount: () => undefined }),
    confirmCardSetup: async (clientSecret, { card }) => {
      if (!card) throw new CardProviderError({ type: 'validation_error', message: 'No card details given.' });
      const confirm = (details: typeof card) =>
        withRawError(
          (f) => confirmSimulatedSetupIntent(setupIntentIdFromSecret(clientSecret), details, { fetch: f }),
          fetchImpl,
        );
      let answer = await confirm(card);
      // The authentication test card: Stripe.js would show the bank's challenge here; the
      // simulated customer passes it, so the card is confirmed again as authenticated.
      if (answer.status === 'requires_action') answer = await confirm({ ...card, authenticate: true });
      return { paymentMethodId: answer.paymentMethodId };
    },
    confirmPayment: async (_clientSecret, paymentIntentId, { paymentMethodId, card }) => {
      if (!paymentMethodId && !card)
        throw new CardProviderError({ type: 'validation_error', message: 'No card details given.' });
      const confirm = (body: SimulatedCardRequest | { paymentMethodId: string }) =>
        withRawError(
          async (f) =>
            (
              await callApi(route('simulatedStripeConfirmPaymentIntent', { id: paymentIntentId }), {
                fetch: f,
                body,
              })
            ).data,
          fetchImpl,
        );
      const typed = card as SimulatedCardRequest;
      let answer = await confirm(paymentMethodId ? { paymentMethodId } : typed);
      // The authentication test card: the simulated customer passes the bank's challenge.
      if (answer.status === 'requires_action' && !paymentMethodId) {
        answer = await confirm({ ...typed, authenticate: true });
      }
      return {
        status: answer.status,
        ...(answer.paymentMethodId ? { paymentMethodId: answer.paymentMethodId } : {}),
      };
    },
  };
}

type StripeJs = import('@stripe/stripe-js').Stripe;
type StripeCardElement = import('@stripe/stripe-js').StripeCardElement;

interface LiveCardFormHandle extends CardFormHandle {
  readonly element: StripeCardElement;
}

/** Stripe.js, loaded on first use. */
export function createLiveCardProvider(publishableKey: string): CardProvider {
  let stripePromise: Promise<StripeJs> | undefined;
  const stripe = () => {
    stripePromise ??= import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((loaded) => {
        if (!loaded)
          throw new CardProviderError({ type: 'api_connection_error', message: 'Stripe.js did not load.' });
        return loaded;
      })
      .catch((error: unknown) => {
        stripePromise = undefined;
        throw normaliseProviderError(error);
      });
    return stripePromise;
  };
  const token = async (result: Promise<import('@stripe/stripe-js').TokenResult>): Promise<string> => {
    const { token: made, error } = await result;
    if (error || !made) throw normaliseProviderError(error ?? { message: 'No token.' });
    return made.id;
  };
  return {
    mode: 'live',
    createBankAccountToken: async ({ country, fields, accountHolderType }) => {
      const params = bankAccountTokenParams(country, fields);
      const s = await stripe();
      return token(
        s.createToken('bank_account', {
          country: params.country,
          currency: params.currency.toLowerCase(),
          account_number: params.account_number,
          account_holder_type: accountHolderType ?? 'individual',
          ...(params.routing_number ? { routing_number: params.routing_number } : {}),
          ...(params.account_holder_name ? { account_holder_name: params.account_holder_name } : {}),
        }),
      );
    },
    createAccountToken: async ({ businessType, tosShownAndAccepted }) => {
      const s = await stripe();
      return token(
        s.createToken('account', {
          business_type: businessType,
          tos_shown_and_accepted: tosShownAndAccepted,
        }),
      );
    },
    mountCardForm: async (container) => {
      const s = await stripe();
      const element = s.elements().create('card', { hidePostalCode: false });
      element.mount(container);
      const handle: LiveCardFormHandle = { mode: 'live', element, unmount: () => element.destroy() };
      return handle;
    },
    confirmCardSetup: async (clientSecret, { cardForm, billingDetails }) => {
      const element = (cardForm as LiveCardFormHandle | undefined)?.element;
      if (!element)
        throw new CardProviderError({ type: 'validation_error', message: 'The card form is not ready.' });
      const s = await stripe();
      const { setupIntent, error } = await s.confirmCardSetup(clientSecret, {
        payment_method: { card: element, ...(billingDetails ? { billing_details: billingDetails } : {}) },
      });
      if (error) throw normaliseProviderError(error);
      const method = setupIntent?.payment_method;
      const paymentMethodId = typeof method === 'string' ? method : method?.id;
      if (!paymentMethodId) throw new CardProviderError({ type: 'api_error', message: 'No payment method.' });
      return { paymentMethodId };
    },
    confirmPayment: async (clientSecret, _paymentIntentId, { paymentMethodId, cardForm, billingDetails }) => {
      const element = (cardForm as LiveCardFormHandle | undefined)?.element;
      const paymentMethod =
        paymentMethodId ??
        (element
          ? { card: element, ...(billingDetails ? { billing_details: billingDetails } : {}) }
          : undefined);
      if (!paymentMethod)
        throw new CardProviderError({ type: 'validation_error', message: 'The card form is not ready.' });
      const s = await stripe();
      const { paymentIntent, error } = await s.confirmCardPayment(clientSecret, {
        payment_method: paymentMethod,
      });
      if (error) throw normaliseProviderError(error);
      if (!paymentIntent) throw new CardProviderError({ type: 'api_error', message: 'No payment intent.' });
      const method = paymentIntent.payment_method;
      const confirmedWith = typeof method === 'string' ? method : method?.id;
      return { status: paymentIntent.status, ...(confirmedWith ? { paymentMethodId: confirmedWith } : {}) };
    },
  };
}

/** The client for a configuration, or null when the publishable key is missing. */
export function cardProviderFor(payments: PaymentsRuntimeConfig | undefined): CardProvider | null {
  const choice = chooseCardProvider(payments);
  if (!choice.ok) return null;
  if (choice.mode === 'simulated') return createSimulatedCardProvider();
  return createLiveCardProvider(choice.publishableKey ?? '');
}

let cached: Promise<CardProvider | null> | undefined;

/** The deployment's card provider client (from `/config.json`), or null when the key is missing. */
export function getCardProvider(): Promise<CardProvider | null> {
  cached ??= loadRuntimeConfig()
    .then((config) => cardProviderFor(config.payments))
    .catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
  return cached;
}
