/**
 * The payment providers' settings for the Lambdas that move money: the route handlers that talk to
 * Stripe or PayPal, and (all of it) the order workflow's tasks and the deadline sweeper, which
 * refund and pay out when a timer fires.
 */
import { Aws, SecretValue } from 'aws-cdk-lib';
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
 * PayPal's settings, read at synth time: `PAYPAL_CLIENT_ID` with `PAYPAL_CLIENT_SECRET_ARN` (a Secrets
 * Manager secret holding the plain secret: only a dynamic reference in the template) or
 * `PAYPAL_CLIENT_SECRET` (plain text: development only), plus `PAYPAL_PARTNER_ID`,
 * `PAYPAL_WEBHOOK_ID`, `PAYPAL_API_BASE_URL` (default the sandbox), `PAYPAL_PARTNER_ATTRIBUTION_ID`;
 * `PAYPAL_SIMULATED_SECRET` signs the simulated PayPal's webhooks and links. Without a client id
 * and secret the handlers use the simulated PayPal.
 */
export function paypalEnvironmentFromEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const secret = env.PAYPAL_CLIENT_SECRET_ARN
    ? SecretValue.secretsManager(env.PAYPAL_CLIENT_SECRET_ARN).unsafeUnwrap()
    : env.PAYPAL_CLIENT_SECRET;
  const names = [
    'PAYPAL_PARTNER_ID',
    'PAYPAL_WEBHOOK_ID',
    'PAYPAL_API_BASE_URL',
    'PAYPAL_PARTNER_ATTRIBUTION_ID',
    'PAYPAL_SIMULATED_SECRET',
  ] as const;
  const result: Record<string, string> = {};
  if (env.PAYPAL_CLIENT_ID && secret)
    Object.assign(result, { PAYPAL_CLIENT_ID: env.PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: secret });
  for (const name of names) if (env[name]) result[name] = env[name];
  // The simulated PayPal's signing secret defaults to the stack's id (its random UUID is not public),
  // never to the development secret a local run uses.
  if (!result.PAYPAL_CLIENT_ID && !result.PAYPAL_SIMULATED_SECRET)
    result.PAYPAL_SIMULATED_SECRET = Aws.STACK_ID;
  return result;
}

/**
 * The route handlers that talk to Stripe (functions/payments/stripe/http/, the order routes that charge, refund and
 * transfer, the webhook, the simulated Stripe): only they get STRIPE_*.
 */
export function isStripeHandler(handler: string): boolean {
  return /^(payments\/stripe|orders)\/http\//.test(handler);
}

/**
 * Stripe's keys, read at synth time like Klaviyo's: `STRIPE_SECRET_KEY_ARN` /
 * `STRIPE_WEBHOOK_SECRET_ARN` (Secrets Manager secrets holding the plain values: only dynamic
 * references in the template) or `STRIPE_SECRET_KEY` / `STRIPE_WEBHOOK_SECRET` (plain text:
 * development only), and `STRIPE_PUBLISHABLE_KEY` (public). Without a secret key the handlers use
 * the simulated Stripe (docs/payments.md).
 */
export function stripeEnvironmentFromEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const secret = (arn: string | undefined, plain: string | undefined) =>
    arn ? SecretValue.secretsManager(arn).unsafeUnwrap() : plain;
  const values = {
    STRIPE_SECRET_KEY: secret(env.STRIPE_SECRET_KEY_ARN, env.STRIPE_SECRET_KEY),
    STRIPE_WEBHOOK_SECRET: secret(env.STRIPE_WEBHOOK_SECRET_ARN, env.STRIPE_WEBHOOK_SECRET),
    STRIPE_PUBLISHABLE_KEY: env.STRIPE_PUBLISHABLE_KEY,
  };
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}
