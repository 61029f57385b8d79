/**
 * The providers' secrets in AWS: which functions read which secret, and how they may. A function's
 * environment holds only where a secret is (`STRIPE_SECRET_KEY_REF`: its name or ARN); the function reads the value
 * at run time and caches it (functions/lib/secrets.ts), allowed by a grant on its own role for that
 * secret alone. So no secret value, and no dynamic reference to one, is in a template or in a
 * function's configuration, and a function that does not call a provider cannot read its secret.
 *
 * The secrets are the stage file's (infra/config/: a name or an ARN, created outside CDK as
 * docs/deploy.md says), or the Data stack's simulated providers' signing secret.
 */
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { type RuntimeSecret, secretRefVariable } from '../../functions/lib/secrets';
import type { DeployConfig } from '../config/deploy-config';
import { paymentSdkModules, paymentSdks } from './payment-providers';

/** The provider each secret belongs to: the functions that call that provider read it, no other. */
export const secretProviders = {
  STRIPE_SECRET_KEY: 'Stripe',
  STRIPE_WEBHOOK_SECRET: 'Stripe',
  PAYPAL_CLIENT_SECRET: 'Paypal',
  PAYPAL_SIMULATED_SECRET: 'Paypal',
  KLAVIYO_API_KEY: 'Klaviyo',
  VELO_MAPS_API_KEY: 'Maps',
} as const satisfies Record<RuntimeSecret, string>;
export type SecretProvider = (typeof secretProviders)[RuntimeSecret];

/** The route handlers of the marketing service (functions/accounts/klaviyo/). */
export const marketingHandlers = ['accounts/http/update-profile', 'accounts/http/track-event'] as const;
/** The route handler that draws static maps (functions/places/maps/). */
export const staticMapHandler = 'places/http/static-map';

/**
 * The providers a handler calls: Stripe and PayPal where its bundle reaches their adapters (the
 * list tests/infra/bundling.test.ts checks against the bundles), Klaviyo and Amazon Location for
 * their handlers.
 */
export function providersOf(handler: string): SecretProvider[] {
  const sdks = paymentSdkModules(handler);
  const providers: SecretProvider[] = [];
  if (sdks.includes(paymentSdks.stripe)) providers.push('Stripe');
  if (sdks.includes(paymentSdks.paypal)) providers.push('Paypal');
  if ((marketingHandlers as readonly string[]).includes(handler)) providers.push('Klaviyo');
  if (handler === staticMapHandler) providers.push('Maps');
  return providers;
}

/** A stage's secret: the construct to grant, and how the functions name it to Secrets Manager. */
export interface StageSecret {
  secret: secretsmanager.ISecret;
  /**
   * The SecretId the functions read: the stage file's name as given (not the partial ARN CDK
   * makes of it, which Secrets Manager misreads as a complete one when the name ends in `-` and six
   * characters, as `…/stripe-webhook-secret` does), else the ARN.
   */
  secretId: string;
}

/** A secret one group of functions reads. */
export interface SecretGrant extends StageSecret {
  name: RuntimeSecret;
}

/**
 * A stage file's secret reference as a construct to grant: by name (the form docs/deploy.md
 * recommends: the policy then allows the name with any of the six characters AWS appends), or by
 * ARN, complete (`…-AbCdEf`) or partial.
 */
function importSecret(scope: Construct, id: string, reference: string): secretsmanager.ISecret {
  if (!reference.startsWith('arn:')) return secretsmanager.Secret.fromSecretNameV2(scope, id, reference);
  return /-[A-Za-z0-9]{6}$/.test(reference)
    ? secretsmanager.Secret.fromSecretCompleteArn(scope, id, reference)
    : secretsmanager.Secret.fromSecretPartialArn(scope, id, reference);
}

/**
 * The secrets of a stage, imported once per stack: the providers' keys where the stage is live or
 * in test mode, the simulated providers' signing secret (`simulatedSigningSecret`) where one is
 * simulated.
 */
export function stageSecrets(
  scope: Construct,
  config: DeployConfig,
  simulatedSigningSecret: secretsmanager.ISecret | undefined,
): Partial<Record<RuntimeSecret, StageSecret>> {
  const { stripe, paypal } = config.payments;
  const secrets: Partial<Record<RuntimeSecret, StageSecret>> = {};
  const stageSecret = (name: RuntimeSecret, reference: string) => {
    secrets[name] = { secret: importSecret(scope, `${name}Secret`, reference), secretId: reference };
  };
  const simulated = simulatedSigningSecret && {
    secret: simulatedSigningSecret,
    secretId: simulatedSigningSecret.secretArn,
  };
  if (stripe.mode === 'simulated') {
    if (simulated) secrets.STRIPE_WEBHOOK_SECRET = simulated;
  } else {
    stageSecret('STRIPE_SECRET_KEY', stripe.secretKey);
    stageSecret('STRIPE_WEBHOOK_SECRET', stripe.webhookSecret);
  }
  if (paypal.mode === 'simulated') {
    if (simulated) secrets.PAYPAL_SIMULATED_SECRET = simulated;
  } else stageSecret('PAYPAL_CLIENT_SECRET', paypal.clientSecret);
  if (config.klaviyo) stageSecret('KLAVIYO_API_KEY', config.klaviyo.apiKey);
  if (config.maps) stageSecret('VELO_MAPS_API_KEY', config.maps.apiKey);
  return secrets;
}

/** The stage's secrets a handler reads: those of the providers it calls. */
export function secretsOf(
  handler: string,
  secrets: Partial<Record<RuntimeSecret, StageSecret>>,
): SecretGrant[] {
  const providers = providersOf(handler);
  return (Object.keys(secretProviders) as RuntimeSecret[])
    .filter((name) => providers.includes(secretProviders[name]))
    .flatMap((name) => (secrets[name] ? [{ name, ...secrets[name] }] : []));
}

/**
 * Allows `role` to read each secret (secretsmanager:GetSecretValue and DescribeSecret on it, nothing
 * else) and answers the variables that tell the function where they are.
 */
export function grantSecrets(grants: readonly SecretGrant[], role: iam.IGrantable): Record<string, string> {
  for (const { secret } of grants) secret.grantRead(role);
  return Object.fromEntries(grants.map(({ name, secretId }) => [secretRefVariable(name), secretId]));
}

/**
 * The name of the role for functions that read these secrets: `Stripe`, `StripePaypal`, `Klaviyo`…
 * (the role's construct id is this + `HandlerRole`).
 */
export function secretsRoleName(grants: readonly SecretGrant[]): string {
  return [...new Set(grants.map(({ name }) => secretProviders[name]))].join('');
}
