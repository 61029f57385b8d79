/**
 * The payment providers' settings for the Lambdas that move money: the route handlers that talk to
 * Stripe or PayPal, and (all of it) the order workflow's tasks and the deadline sweeper, which
 * refund and pay out when a timer fires.
 */
import { SecretValue } from 'aws-cdk-lib';
import { simulatedPublishableKey } from '../../functions/payments/stripe/runtime-config';
import type { PaymentsRuntimeConfig } from '../../shared/api/payments';
import type { DeployConfig } from '../config/deploy-config';
import type { HandlerOverrides } from '../lambda-bundling';

/**
 * The providers' SDKs. The real adapters (functions/payments/stripe/real.ts,
 * functions/payments/paypal/real.ts) load them on first use only (`import()`), so they are
 * not bundled: they are installed beside the handlers that can reach them (`nodeModules`), ~240 kB
 * (stripe) and ~400 kB (the PayPal SDK with form-data, axios and @apimatic/*) less in each bundle,
 * and never loaded where the simulated providers run.
 */
export const paymentSdks = { stripe: 'stripe', paypal: '@paypal/paypal-server-sdk' } as const;

/** The handlers that move money (charge, capture, refund, pay out): they reach both adapters. */
const moneyHandlers: readonly string[] = [
  'orders/http/disburse-paypal-funds',
  'orders/http/initiate-privileged',
  'orders/http/transition',
  'orders/http/transition-privileged',
  'orders/workflow/fire-timer',
  'orders/workflow/sweep-due',
];

/**
 * The one list of which handler bundles reach which payment SDK (the real adapter's `import()`).
 * tests/infra/bundling.test.ts bundles every handler and checks this against the bundles, both
 * ways: an SDK a bundle can load is installed beside it, and none is installed where unused.
 */
export function paymentSdkModules(handler: string): string[] {
  const money = moneyHandlers.includes(handler);
  const stripe = money || handler.startsWith('payments/stripe/http/');
  const paypal =
    money || (handler.startsWith('payments/paypal/http/') && handler !== 'payments/paypal/http/offboard');
  return [...(stripe ? [paymentSdks.stripe] : []), ...(paypal ? [paymentSdks.paypal] : [])];
}

/** A handler's overrides with the payment SDKs it reaches added to its `nodeModules`. */
export function withPaymentSdks(handler: string, overrides: HandlerOverrides = {}): HandlerOverrides {
  const sdks = paymentSdkModules(handler);
  if (!sdks.length) return overrides;
  return { ...overrides, nodeModules: [...new Set([...(overrides.nodeModules ?? []), ...sdks])] };
}

/**
 * The route handlers that talk to PayPal (functions/payments/paypal/http/, the order routes that capture, refund
 * and disburse, the webhook, the simulated PayPal): only they get PAYPAL_*.
 */
export function isPaypalHandler(handler: string): boolean {
  return /^(payments\/paypal|orders)\/http\//.test(handler);
}

/**
 * Whether the stage serves a route: the simulated providers' routes (Stripe.js and onboarding
 * stand-ins, the simulated PayPal's pages) only while that provider is simulated. Live, they are
 * not in the API at all, rather than answering 404.
 */
export function servesRoute(handler: string, config: DeployConfig): boolean {
  if (handler.startsWith('payments/stripe/http/simulated/'))
    return config.payments.stripe.mode === 'simulated';
  if (handler.startsWith('payments/paypal/http/simulated/'))
    return config.payments.paypal.mode === 'simulated';
  return true;
}

/** PayPal's REST API per mode (functions/payments/paypal/index.ts defaults to the sandbox). */
export const paypalApiBaseUrls = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

/**
 * PayPal's settings from the stage's `payments.paypal`: in sandbox or live mode the client id, the
 * client secret (a Secrets Manager secret: only a dynamic reference in the template), partner id,
 * webhook id and API base URL of that mode; simulated: only the simulated PayPal's signing secret,
 * the deployment's own (`simulatedSecret`: the Data stack's generated secret, never the development
 * secret a local run uses).
 */
export function paypalEnvironment(config: DeployConfig, simulatedSecret?: string): Record<string, string> {
  const paypal = config.payments.paypal;
  if (paypal.mode === 'simulated') return simulatedSecret ? { PAYPAL_SIMULATED_SECRET: simulatedSecret } : {};
  return {
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: SecretValue.secretsManager(paypal.clientSecret).unsafeUnwrap(),
    PAYPAL_PARTNER_ID: paypal.partnerId,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    PAYPAL_API_BASE_URL: paypalApiBaseUrls[paypal.mode],
    ...(paypal.partnerAttributionId ? { PAYPAL_PARTNER_ATTRIBUTION_ID: paypal.partnerAttributionId } : {}),
  };
}

/**
 * The route handlers that talk to Stripe (functions/payments/stripe/http/, the order routes that charge, refund and
 * transfer, the webhook, the simulated Stripe): only they get STRIPE_*.
 */
export function isStripeHandler(handler: string): boolean {
  return /^(payments\/stripe|orders)\/http\//.test(handler);
}

/**
 * Stripe's keys from the stage's `payments.stripe`: in test or live mode the secret key and the
 * webhook signing secret (Secrets Manager secrets: only dynamic references in the template) and
 * the publishable key (public); simulated: the simulated Stripe (docs/payments.md), its webhooks
 * signed with the deployment's own secret (`simulatedSecret`), not the development one in the repo.
 */
export function stripeEnvironment(config: DeployConfig, simulatedSecret?: string): Record<string, string> {
  const stripe = config.payments.stripe;
  // The simulated Stripe signs its webhooks with STRIPE_WEBHOOK_SECRET: the deployment's own secret.
  if (stripe.mode === 'simulated') return simulatedSecret ? { STRIPE_WEBHOOK_SECRET: simulatedSecret } : {};
  return {
    STRIPE_SECRET_KEY: SecretValue.secretsManager(stripe.secretKey).unsafeUnwrap(),
    STRIPE_WEBHOOK_SECRET: SecretValue.secretsManager(stripe.webhookSecret).unsafeUnwrap(),
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
  };
}

/** `/config.json` → `payments`: what the browser loads follows what the Lambdas run. */
export function paymentsRuntimeConfigOf(config: DeployConfig): PaymentsRuntimeConfig {
  const { stripe, paypal } = config.payments;
  return {
    stripe:
      stripe.mode === 'simulated'
        ? { mode: 'simulated', publishableKey: simulatedPublishableKey }
        : { mode: 'live', publishableKey: stripe.publishableKey },
    paypal: paypal.mode === 'simulated' ? { mode: 'simulated' } : { mode: 'live', clientId: paypal.clientId },
  };
}

/** The third parties the site's CSP must allow for the stage's payment providers. */
export function paymentsCsp(config: DeployConfig): { stripe: boolean; paypal: boolean } {
  return {
    stripe: config.payments.stripe.mode !== 'simulated',
    paypal: config.payments.paypal.mode !== 'simulated',
  };
}
