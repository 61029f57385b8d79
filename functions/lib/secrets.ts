import { log } from './logger';

/**
 * The providers' secrets, read at run time. In AWS a function's environment holds only where each
 * secret is (`STRIPE_SECRET_KEY_REF`: the Secrets Manager secret's name, or its ARN when the stage
 * file gives one — what GetSecretValue calls a SecretId), granted to that function alone by
 * infra/stacks/runtime-secrets.ts); the value is fetched before the handler runs (`loadSecrets`, in
 * the handler wrappers, through the Parameters and Secrets Lambda Extension) and kept for
 * `secretCacheSeconds`, so a rotated secret is picked up within minutes without a deploy. Where there is no AWS (the local cloud, tests), the variable itself
 * may hold the value (`STRIPE_SECRET_KEY=sk_test_…`).
 */
export const runtimeSecrets = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_SIMULATED_SECRET',
  'KLAVIYO_API_KEY',
  'VELO_MAPS_API_KEY',
] as const;
export type RuntimeSecret = (typeof runtimeSecrets)[number];

/** The variable that says where a secret is: `STRIPE_SECRET_KEY` → `STRIPE_SECRET_KEY_REF`. */
export const secretRefVariable = (name: RuntimeSecret): `${RuntimeSecret}_REF` => `${name}_REF`;

/** Long enough that a busy function asks Secrets Manager a few times an hour, short enough for a rotation. */
export const secretCacheSeconds = 300;

const loaded = new Map<string, { value: string; loadedAt: number }>();

/** Reads one secret's string by its SecretId (name or ARN). */
export type SecretReader = (secretId: string) => Promise<string | undefined>;

/** Whether this deployment has the secret at all (by reference or, locally, by value): decides live or simulated. */
export function hasSecret(name: RuntimeSecret, env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env[secretRefVariable(name)] || env[name]);
}

/**
 * The secret's value: the one loaded by its reference, else the variable's own value (local runs),
 * else undefined. A secret given by reference that was never loaded is a wiring bug, not "no secret":
 * answering undefined would quietly switch a live provider to the simulated one.
 */
export function secretValue(name: RuntimeSecret, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const secretId = env[secretRefVariable(name)];
  if (!secretId) return env[name] || undefined;
  const entry = loaded.get(secretId);
  if (!entry) throw new Error(`${name} was not loaded: the handler must run through loadSecrets()`);
  return entry.value;
}

/**
 * Fetches each secret this function's environment names that is not loaded or older than
 * `secretCacheSeconds`. A refresh that fails keeps the value it had (logged), so a short Secrets
 * Manager outage does not stop payments; a first load that fails throws (the request fails, and
 * the next one tries again).
 */
export async function loadSecrets(
  env: NodeJS.ProcessEnv = process.env,
  now: number = Date.now(),
  read: SecretReader = (secretId) => readFromExtension(secretId, env),
): Promise<void> {
  const due = runtimeSecrets
    .map((name) => ({ name, secretId: env[secretRefVariable(name)] }))
    .filter((entry): entry is { name: RuntimeSecret; secretId: string } => {
      if (!entry.secretId) return false;
      const cached = loaded.get(entry.secretId);
      return !cached || now - cached.loadedAt >= secretCacheSeconds * 1000;
    });
  await Promise.all(
    due.map(async ({ name, secretId }) => {
      try {
        const value = await read(secretId);
        if (!value) throw new Error(`${name}: the secret holds no string`);
        loaded.set(secretId, { value, loadedAt: now });
      } catch (error) {
        if (!loaded.has(secretId)) throw error;
        log.warn('secret refresh failed; keeping the value loaded before', { secret: name, error });
      }
    }),
  );
}

/** The AWS Parameters and Secrets Lambda Extension's port (its default unless the deploy sets another). */
const extensionPort = (env: NodeJS.ProcessEnv) => env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT || '2773';

/**
 * Reads a secret through the AWS Parameters and Secrets Lambda Extension, the layer the deploy adds
 * to each function that reads secrets: a GET on localhost authorised by the invocation's session
 * token, answered with GetSecretValue's JSON. No SDK client in the bundle.
 */
export async function readFromExtension(
  secretId: string,
  env: NodeJS.ProcessEnv = process.env,
  versionStage: 'AWSCURRENT' | 'AWSPREVIOUS' = 'AWSCURRENT',
): Promise<string | undefined> {
  const url = `http://localhost:${extensionPort(env)}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}&versionStage=${versionStage}`;
  const response = await fetch(url, {
    headers: { 'X-Aws-Parameters-Secrets-Token': env.AWS_SESSION_TOKEN ?? '' },
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) {
    throw new Error(
      `reading ${secretId}: the secrets extension answered ${response.status} ${await response.text()}`,
    );
  }
  return ((await response.json()) as { SecretString?: string }).SecretString;
}

/** Tests: forget every loaded value. */
export function forgetSecrets(): void {
  loaded.clear();
}
