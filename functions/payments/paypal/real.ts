import type { OrdersController } from '@paypal/paypal-server-sdk';
import type { PaypalLink } from '../../../shared/api/payments';
import type { MerchantIntegration, PaypalOrder, PaypalPort } from './port';
import { PaypalRefusal, partnerReferralBody } from './port';

/** `@paypal/paypal-server-sdk`'s exports (its client, controllers and enums). */
export type PaypalSdk = typeof import('@paypal/paypal-server-sdk');

/**
 * Loads the SDK on the first order call (with its form-data, axios and @apimatic/* it is ~400 kB
 * minified): the deploy installs it beside the handlers that can reach it instead of bundling it
 * (infra/stacks/payment-providers.ts), and the simulated PayPal never loads it.
 */
export const loadPaypalSdk = (): Promise<PaypalSdk> => import('@paypal/paypal-server-sdk');

export interface PaypalRestConfig {
  clientId: string;
  clientSecret: string;
  /** The marketplace's PayPal partner merchant id (merchant-integrations path). */
  partnerId: string;
  /** The webhook's id at PayPal (verify-webhook-signature). */
  webhookId: string;
  /** https://api-m.paypal.com (live) or https://api-m.sandbox.paypal.com (default); tests point it at a double. */
  baseUrl: string;
  /** PayPal-Partner-Attribution-Id (BN code), if the marketplace has one. */
  attributionId?: string;
  fetch?: typeof fetch;
  /** The SDK's HTTPS agent (it has no base URL setting: contract tests connect it to a PayPal double). */
  sdkHttpsAgent?: unknown;
  /** How the SDK is loaded; loadPaypalSdk unless a test says otherwise. */
  loadSdk?: () => Promise<PaypalSdk>;
}

export class PaypalApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The statuses with which PayPal refuses a request for good (a malformed request, a business rule,
 * a missing permission or resource): a retry with the same request id gets the same answer. 401
 * (our token), 408, 409 (the same request id still in progress), 429 and 5xx are not among them.
 */
const refusalStatuses = new Set([400, 403, 404, 422]);

/** PayPal's error body: `name` (UNPROCESSABLE_ENTITY…) and `details[].issue` (INSTRUMENT_DECLINED…). */
interface PaypalErrorBody {
  name?: string;
  message?: string;
  details?: { issue?: string; description?: string }[];
}

/** A PaypalRefusal for a definite refusal (see refusalStatuses); undefined for anything else. */
export function refusalOf(status: number, body: unknown): PaypalRefusal | undefined {
  if (!refusalStatuses.has(status)) return undefined;
  const error = (typeof body === 'object' && body !== null ? body : {}) as PaypalErrorBody;
  const detail = error.details?.[0];
  const issue = detail?.issue || error.name || `HTTP_${status}`;
  const message = detail?.description || error.message || `PayPal refused the request (${status}).`;
  return new PaypalRefusal(issue, message, status);
}

/**
 * An error of the SDK (an ApiError with `statusCode` and the parsed `result`, or the raw `body`) as
 * a PaypalRefusal when it is a definite refusal; anything else (timeouts, 5xx) as it was.
 */
export function fromSdkError(error: unknown): unknown {
  const { statusCode, result, body } = (error ?? {}) as {
    statusCode?: number;
    result?: unknown;
    body?: unknown;
  };
  if (typeof statusCode !== 'number') return error;
  let parsed = result;
  if (parsed === undefined && typeof body === 'string') {
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined;
    }
  }
  return refusalOf(statusCode, parsed) ?? error;
}

/**
 * PayPal-Auth-Assertion: an unsigned JWT saying the partner (client id) acts for the merchant
 * (payer_id), as PayPal documents for calls made on a merchant's behalf (refunds of their captures).
 */
export function authAssertion(clientId: string, merchantId: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ iss: clientId, payer_id: merchantId })}.`;
}

/**
 * The real PayPal adapter. Orders and captures go through `@paypal/paypal-server-sdk`; partner
 * referrals, merchant integrations, webhook verification and referenced payouts are PayPal REST
 * calls with `fetch` and an OAuth client-credentials token (cached until shortly before expiry).
 */
export function paypalRestAdapter(config: PaypalRestConfig): PaypalPort {
  const doFetch = config.fetch ?? fetch;
  const base = config.baseUrl.replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const response = await doFetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token) {
      throw new PaypalApiError(response.status, body, `PayPal OAuth token failed (${response.status})`);
    }
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 300) * 1000 };
    return token.value;
  }

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    options: {
      body?: unknown;
      requestId?: string;
      allow404?: boolean;
      headers?: Record<string, string>;
    } = {},
  ): Promise<T | undefined> {
    const response = await doFetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        accept: 'application/json',
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.requestId ? { 'paypal-request-id': options.requestId } : {}),
        ...(config.attributionId ? { 'paypal-partner-attribution-id': config.attributionId } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    if (response.status === 404 && options.allow404) return undefined;
    const body = (await response.json().catch(() => ({}))) as T;
    if (!response.ok) {
      throw (
        refusalOf(response.status, body) ??
        new PaypalApiError(response.status, body, `PayPal ${method} ${path} failed (${response.status})`)
      );
    }
    return body;
  }

  /** The SDK and its orders controller, made on first use (a failed load is retried next time). */
  let orders: Promise<{ sdk: PaypalSdk; api: OrdersController }> | undefined;
  function ordersApi(): Promise<{ sdk: PaypalSdk; api: OrdersController }> {
    // A failed load or client setup is forgotten, so the next call tries again.
    orders ??= (config.loadSdk ?? loadPaypalSdk)()
      .then((sdk) => ({
        sdk,
        api: new sdk.OrdersController(
          new sdk.Client({
            clientCredentialsAuthCredentials: {
              oAuthClientId: config.clientId,
              oAuthClientSecret: config.clientSecret,
            },
            environment: base.includes('api-m.paypal.com')
              ? sdk.Environment.Production
              : sdk.Environment.Sandbox,
            timeout: 15_000,
            ...(config.sdkHttpsAgent ? { httpClientOptions: { httpsAgent: config.sdkHttpsAgent } } : {}),
          }),
        ),
      }))
      .catch((error: unknown) => {
        orders = undefined;
        throw error;
      });
    return orders;
  }
  const orderOf = (result: {
    id?: string;
    status?: string;
    links?: { href: string; rel: string; method?: string }[];
    purchaseUnits?: {
      referenceId?: string;
      amount?: { currencyCode: string; value: string };
      payee?: { merchantId?: string };
      payments?: { captures?: { id?: string }[] };
    }[];
  }): PaypalOrder => {
    const unit = result.purchaseUnits?.[0];
    const captureId = unit?.payments?.captures?.[0]?.id;
    return {
      id: result.id ?? '',
      status: result.status ?? 'UNKNOWN',
      ...(captureId ? { captureId } : {}),
      ...(result.links
        ? {
            links: result.links.map(({ href, rel, method }) => ({
              href,
              rel,
              ...(method ? { method } : {}),
            })),
          }
        : {}),
      ...(unit?.referenceId ? { referenceId: unit.referenceId } : {}),
      ...(unit?.amount
        ? { amount: { currency_code: unit.amount.currencyCode, value: unit.amount.value } }
        : {}),
      ...(unit?.payee?.merchantId ? { payeeMerchantId: unit.payee.merchantId } : {}),
    };
  };
  /** Runs an SDK call; definite refusals come back as PaypalRefusal. */
  async function sdk<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw fromSdkError(error);
    }
  }

  return {
    mode: 'live',

    async createPartnerReferral(input) {
      const body = await call<{ links?: PaypalLink[] }>('POST', '/v2/customer/partner-referrals', {
        body: partnerReferralBody(input),
        requestId: input.requestId,
      });
      return { links: body?.links ?? [] };
    },

    async merchantIdByTrackingId(trackingId) {
      const body = await call<{ merchant_id?: string }>(
        'GET',
        `/v1/customer/partners/${encodeURIComponent(config.partnerId)}/merchant-integrations?tracking_id=${encodeURIComponent(trackingId)}`,
        { allow404: true },
      );
      return body?.merchant_id || undefined;
    },

    async merchantStatus(merchantId) {
      return call<MerchantIntegration>(
        'GET',
        `/v1/customer/partners/${encodeURIComponent(config.partnerId)}/merchant-integrations/${encodeURIComponent(merchantId)}`,
        { allow404: true },
      );
    },

    async verifyWebhook(rawBody, headers) {
      let event: unknown;
      try {
        event = JSON.parse(rawBody);
      } catch {
        return false;
      }
      const header = (name: string) => headers[name] ?? '';
      if (!header('paypal-transmission-sig')) return false;
      const body = await call<{ verification_status?: string }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        {
          body: {
            auth_algo: header('paypal-auth-algo'),
            cert_url: header('paypal-cert-url'),
            transmission_id: header('paypal-transmission-id'),
            transmission_sig: header('paypal-transmission-sig'),
            transmission_time: header('paypal-transmission-time'),
            webhook_id: config.webhookId,
            webhook_event: event,
          },
        },
      );
      return body?.verification_status === 'SUCCESS';
    },

    async createOrder(input) {
      const { sdk: paypal, api } = await ordersApi();
      const { result } = await sdk(() =>
        api.createOrder({
          paypalRequestId: input.requestId,
          prefer: 'return=representation',
          ...(config.attributionId ? { paypalPartnerAttributionId: config.attributionId } : {}),
          body: {
            intent: paypal.CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                referenceId: input.referenceId,
                customId: input.referenceId,
                payee: { merchantId: input.payeeMerchantId },
                amount: {
                  currencyCode: input.itemTotal.currency_code,
                  value: sum([input.itemTotal, input.shipping, input.tax]),
                  breakdown: {
                    itemTotal: { currencyCode: input.itemTotal.currency_code, value: input.itemTotal.value },
                    ...(input.shipping
                      ? {
                          shipping: {
                            currencyCode: input.shipping.currency_code,
                            value: input.shipping.value,
                          },
                        }
                      : {}),
                    ...(input.tax
                      ? { taxTotal: { currencyCode: input.tax.currency_code, value: input.tax.value } }
                      : {}),
                  },
                },
                ...(input.platformFee
                  ? {
                      paymentInstruction: {
                        platformFees: [
                          {
                            amount: {
                              currencyCode: input.platformFee.currency_code,
                              value: input.platformFee.value,
                            },
                          },
                        ],
                        disbursementMode: paypal.DisbursementMode.Delayed,
                      },
                    }
                  : {}),
              },
            ],
          },
        }),
      );
      return orderOf(result);
    },

    async getOrder(orderId) {
      const { api } = await ordersApi();
      try {
        const { result } = await api.getOrder({ id: orderId });
        return orderOf(result);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return undefined;
        throw fromSdkError(error);
      }
    },

    async captureOrder(orderId, requestId) {
      const { api } = await ordersApi();
      const { result } = await sdk(() =>
        api.captureOrder({
          id: orderId,
          paypalRequestId: requestId,
          prefer: 'return=representation',
        }),
      );
      return orderOf(result);
    },

    async disburse({ captureId, requestId }) {
      const body = await call<{ item_id?: string; processing_state?: { status?: string } }>(
        'POST',
        '/v1/payments/referenced-payouts-items',
        { body: { reference_id: captureId, reference_type: 'TRANSACTION_ID' }, requestId },
      );
      return { disbursementId: body?.item_id ?? '', status: body?.processing_state?.status ?? 'PENDING' };
    },

    async refundCapture({ captureId, payeeMerchantId, requestId }) {
      // A full refund: no amount in the body. The merchant's capture is refunded on their behalf.
      const body = await call<{ id?: string; status?: string }>(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        {
          body: {},
          requestId,
          headers: { 'paypal-auth-assertion': authAssertion(config.clientId, payeeMerchantId) },
        },
      );
      return { refundId: body?.id ?? '', status: body?.status ?? 'PENDING' };
    },
  };
}

/** Sums decimal PayPal amounts exactly (in minor units; 2 decimals). */
function sum(amounts: ({ value: string } | undefined)[]): string {
  const cents = amounts.reduce(
    (total, amount) => total + (amount ? Math.round(Number(amount.value) * 100) : 0),
    0,
  );
  return (cents / 100).toFixed(2);
}
