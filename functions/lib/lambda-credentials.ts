/**
 * What the Lambda bundles use instead of `@aws-sdk/credential-provider-node` (esbuild aliases it
 * here, see bundlingOptions in infra/lambda-bundling.ts). Every AWS SDK client's runtime config
 * imports `defaultProvider` from that package, and with it the whole default chain: SSO, STS, ini
 * files, the login and process providers, instance metadata, and `@aws-sdk/nested-clients` with the
 * query and XML protocols (~100 kB minified per bundle). In Lambda the execution role's credentials
 * are always in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), so
 * the first link of the chain, `fromEnv`, is the only one that ever answers.
 *
 * Only the bundles see this module: the local cloud and the tests run the handlers from source
 * (tsx, vitest) with the SDK's real default chain.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

type AwsCredentialIdentityProvider = ReturnType<typeof fromEnv>;

/** The options the SDK's clients pass (`{ ...config, parentClientConfig }`); only `logger` is read. */
export interface LambdaCredentialsInit {
  logger?: NonNullable<Parameters<typeof fromEnv>[0]>['logger'];
  [option: string]: unknown;
}

/**
 * Same signature as the real `defaultProvider`: the environment's credentials, read on each call
 * (no memoization needed: reading process.env is free). Rejects, like the real chain's last link,
 * when AWS_ACCESS_KEY_ID or AWS_SECRET_ACCESS_KEY is missing.
 */
export const defaultProvider = (init: LambdaCredentialsInit = {}): AwsCredentialIdentityProvider =>
  fromEnv(init.logger ? { logger: init.logger } : {});
