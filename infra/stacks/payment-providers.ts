/**
 * The payment providers' settings for the Lambdas that move money: the route handlers that talk to
 * Stripe or PayPal, and (all of it) the order workflow's tasks and the deadline sweeper, which
 * refund and pay out when a timer fires.
 */
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
  'orders/operator/run-command',
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
 * PayPal's settings from the stage's `payments.paypal`, for the functions that call PayPal: in
 * sandbox or live mode the client id, partner id, webhook id and API base URL of that mode (the
 * client secret is read at run time: infra/stacks/runtime-secrets.ts); simulated: none.
 */
export function paypalEnvironment(config: DeployConfig): Record<string, string> {
  const paypal = config.payments.paypal;
  if (paypal.mode === 'simulated') return {};
  return {
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_PARTNER_ID: paypal.partnerId,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    PAYPAL_API_BASE_URL: paypalApiBaseUrls[paypal.mode],
    ...(paypal.partnerAttributionId ? { PAYPAL_PARTNER_ATTRIBUTION_ID: paypal.partnerAttributionId } : {}),
  };
}

/**
 * Stripe's public setting from the stage's `payments.stripe`, for the functions that call Stripe:
 * the publishable key in test or live mode. The secret key and the webhook signing secret (in
 * simulated mode the deployment's own signing secret) are read at run time
 * (infra/stacks/runtime-secrets.ts).
 */
export function stripeEnvironment(config: DeployConfig): Record<string, string> {
  const stripe = config.payments.stripe;
  return stripe.mode === 'simulated' ? {} : { STRIPE_PUBLISHABLE_KEY: stripe.publishableKey };
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
