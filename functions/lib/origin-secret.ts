import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from './errors';
import { log } from './logger';
import { readFromExtension, secretCacheSeconds } from './secrets';

/**
 * The API answers only requests that came through CloudFront (issue 27): WAF cannot be attached to
 * an HTTP API, so a request straight to the `execute-api` endpoint would skip the web ACL. CloudFront
 * adds this header, with the value of a Secrets Manager secret, on its API origin
 * (infra/stacks/web-stack.ts); every HTTP handler (httpHandler) checks it before anything else.
 *
 * In AWS the functions' environment names the secret (`VELO_ORIGIN_SECRET_REF`); the value is read
 * through the Parameters and Secrets extension and cached like the providers' secrets. Both the
 * current and the previous version are accepted, so a rotation (docs/decisions.md: put a new value,
 * then redeploy the Web stack) never refuses CloudFront while it still sends the old one. Where
 * there is no AWS, `VELO_ORIGIN_SECRET` may hold the value; with neither set (the local cloud, the
 * tests) the check is off: the local gateway is the only way in.
 */
export const originSecretHeader = 'x-velo-origin-verify';
export const originSecretVariable = 'VELO_ORIGIN_SECRET';
export const originSecretRefVariable = `${originSecretVariable}_REF`;

/** Reads one version of the secret; undefined when that version does not exist. */
export type OriginSecretReader = (
  secretId: string,
  versionStage: 'AWSCURRENT' | 'AWSPREVIOUS',
) => Promise<string | undefined>;

/** The loaded values, by the secret they came from and when (short names: see below). */
let cached: { ref: string; values: string[]; at: number } | undefined;

/**
 * The values a request may carry: the plain variable's, or the secret's current and previous
 * versions (cached `secretCacheSeconds`; a refresh that fails keeps the values it had). Empty: off.
 * (Written tightly: it is in every route bundle, and the sign-up one is near its 300 kB budget.)
 */
export async function acceptedOriginSecrets(
  env: NodeJS.ProcessEnv = process.env,
  now: number = Date.now(),
  read: OriginSecretReader = (secretId, stage) => readFromExtension(secretId, env, stage),
): Promise<string[]> {
  const secretId = env[originSecretRefVariable];
  if (!secretId) return env[originSecretVariable] ? [env[originSecretVariable]] : [];
  if (cached?.ref !== secretId || now - cached.at >= secretCacheSeconds * 1000) {
    try {
      const current = await read(secretId, 'AWSCURRENT');
      if (!current) throw Error('no origin secret');
      // Before the first rotation there is no previous version: the extension answers an error.
      const previous = await read(secretId, 'AWSPREVIOUS').catch(() => undefined);
      cached = { ref: secretId, values: previous ? [current, previous] : [current], at: now };
    } catch (error) {
      if (cached?.ref !== secretId) throw error;
      log.warn('origin secret not refreshed', { error });
    }
  }
  return cached.values;
}

/** Compares in constant time, over digests so that the lengths need not match. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Throws 403 `forbidden` (the catalogue's message) when the check is on and the request's header is
 * missing or matches no accepted value. API Gateway's HTTP API passes header names in lower case.
 */
export async function assertThroughCloudFront(
  headers: Record<string, string | undefined> | undefined,
  env: NodeJS.ProcessEnv = process.env,
  read?: OriginSecretReader,
): Promise<void> {
  const accepted = await acceptedOriginSecrets(env, Date.now(), read);
  const given = headers?.[originSecretHeader];
  if (accepted.length && !(given && accepted.some((value) => timingSafeEqual(digest(given), digest(value)))))
    throw new ApiError('forbidden');
}
