import type { PaypalLink, PaypalOnboardingStatus } from '../../../shared/api/payments';

/**
 * The PayPal port: everything the marketplace asks of PayPal, behind one interface. The
 * real adapter (./real.ts) uses `@paypal/paypal-server-sdk` for orders and captures and
 * plain `fetch` for what the SDK lacks (partner referrals, merchant integration status, webhook
 * verification, referenced payouts); the simulated adapter (./simulated/) keeps its state
 * in the table and sends the same webhooks, signed with its own shared secret.
 */
export interface PaypalPort {
  readonly mode: 'live' | 'simulated';
  /** POST /v2/customer/partner-referrals: the onboarding links (the page uses rel `action_url`). */
  createPartnerReferral(input: PartnerReferralInput): Promise<{ links: PaypalLink[] }>;
  /** GET …/merchant-integrations?tracking_id=: the merchant id onboarded with this tracking id, if any. */
  merchantIdByTrackingId(trackingId: string): Promise<string | undefined>;
  /** GET …/merchant-integrations/{merchantId}: the merchant's status; undefined for an unknown merchant. */
  merchantStatus(merchantId: string): Promise<MerchantIntegration | undefined>;
  /** True when the webhook (raw body + headers) really comes from PayPal (or the simulated provider). */
  verifyWebhook(rawBody: string, headers: Record<string, string | undefined>): Promise<boolean>;
  /** Declared for the orders issue: POST /v2/checkout/orders (intent CAPTURE, payee = the seller). */
  createOrder(input: CreateOrderInput): Promise<PaypalOrder>;
  /** GET /v2/checkout/orders/{id}. */
  getOrder(orderId: string): Promise<PaypalOrder | undefined>;
  /** POST /v2/checkout/orders/{id}/capture. */
  captureOrder(orderId: string, requestId: string): Promise<PaypalOrder>;
  /** POST /v1/payments/referenced-payouts-items: disburses a captured payment to the seller. */
  disburse(input: {
    captureId: string;
    requestId: string;
  }): Promise<{ disbursementId: string; status: string }>;
  /**
   * POST /v2/payments/captures/{id}/refund: refunds a capture in full, before any
   * disbursement. The REST call acts for the merchant (PayPal-Auth-Assertion). Idempotent per requestId.
   */
  refundCapture(input: {
    captureId: string;
    /** The payee's merchant id (for the auth assertion). */
    payeeMerchantId: string;
    requestId: string;
  }): Promise<{ refundId: string; status: string }>;
}

/**
 * Thrown by the adapters when PayPal answers with a definite refusal (4xx with a name such as
 * UNPROCESSABLE_ENTITY, INSTRUMENT_DECLINED, ORDER_NOT_APPROVED). Timeouts and 5xx are thrown as
 * they are: the caller treats them as ambiguous and retries with the same request id.
 */
export class PaypalRefusal extends Error {
  constructor(
    readonly issue: string,
    message: string,
    readonly statusCode = 422,
  ) {
    super(message);
    this.name = 'PaypalRefusal';
  }
}

export interface PartnerReferralInput {
  trackingId: string;
  /** Where PayPal sends the seller back (on this site); PayPal appends merchantIdInPayPal & co. */
  returnUrl: string;
  email?: string;
  /** Idempotency key (PayPal-Request-Id). */
  requestId: string;
}

/** The parts of PayPal's merchant integration answer the app reads. */
export interface MerchantIntegration {
  merchant_id: string;
  tracking_id?: string;
  payments_receivable: boolean;
  primary_email_confirmed: boolean;
  products?: { name: string; vetting_status?: string; status?: string; capabilities?: string[] }[];
  capabilities?: { name: string; status: string }[];
  oauth_integrations?: {
    integration_type: string;
    integration_method?: string;
    oauth_third_party?: { partner_client_id?: string; merchant_client_id?: string; scopes?: string[] }[];
  }[];
}

export interface Money {
  currency_code: string;
  value: string;
}

export interface CreateOrderInput {
  /** The marketplace transaction id (purchase unit reference / custom id). */
  referenceId: string;
  payeeMerchantId: string;
  itemTotal: Money;
  shipping?: Money;
  tax?: Money;
  platformFee?: Money;
  requestId: string;
}

export interface PaypalOrder {
  id: string;
  status: string;
  captureId?: string;
  links?: PaypalLink[];
  /** purchase_units[0]: what the order is for and whom it pays (checked before an order is made from it). */
  referenceId?: string;
  amount?: Money;
  payeeMerchantId?: string;
}

/** The five flags of §7 get-paypal-onboarding-status from PayPal's merchant integration. */
export function onboardingStatusOf(integration: MerchantIntegration | undefined): PaypalOnboardingStatus {
  if (!integration) {
    return {
      paypalOnboarded: false,
      isPaymentsReceivable: false,
      isPrimaryEmailValidated: false,
      isExpressCheckoutActive: false,
      hasOAuthPermissions: false,
    };
  }
  const hasOAuthPermissions = (integration.oauth_integrations ?? []).some(
    (oauth) =>
      oauth.integration_type === 'OAUTH_THIRD_PARTY' &&
      (oauth.oauth_third_party ?? []).some((party) => (party.scopes ?? []).length > 0),
  );
  const isExpressCheckoutActive = (integration.products ?? []).some(
    (product) =>
      product.name === 'EXPRESS_CHECKOUT' && (product.status ?? product.vetting_status) !== 'DENIED',
  );
  return {
    // Onboarded: PayPal knows the merchant and it granted the marketplace its permissions.
    paypalOnboarded: Boolean(integration.merchant_id) && hasOAuthPermissions,
    isPaymentsReceivable: integration.payments_receivable === true,
    isPrimaryEmailValidated: integration.primary_email_confirmed === true,
    isExpressCheckoutActive,
    hasOAuthPermissions,
  };
}

/** The partner-referral body PayPal needs (products, operations, legal consents, return URL). */
export function partnerReferralBody(input: PartnerReferralInput) {
  return {
    ...(input.email ? { email: input.email } : {}),
    tracking_id: input.trackingId,
    partner_config_override: { return_url: input.returnUrl },
    operations: [
      {
        operation: 'API_INTEGRATION',
        api_integration_preference: {
          rest_api_integration: {
            integration_method: 'PAYPAL',
            integration_type: 'THIRD_PARTY',
            third_party_details: {
              features: ['PAYMENT', 'REFUND', 'PARTNER_FEE', 'DELAY_FUNDS_DISBURSEMENT'],
            },
          },
        },
      },
    ],
    products: ['EXPRESS_CHECKOUT'],
    legal_consents: [{ type: 'SHARE_DATA_CONSENT', granted: true }],
  };
}
