import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paypalRuntimeConfig } from '../payments/paypal/runtime-config';
import { stripeRuntimeConfig } from '../payments/stripe/runtime-config';
import { type HttpEvent, httpHandler, json } from './http';
import { loggedHandler } from './lambda-handler';
import { forgetSecrets, hasSecret, loadSecrets, secretCacheSeconds, secretValue } from './secrets';

const arn = 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:velo/prod/stripe-secret-key-AbCdEf';
const env = { STRIPE_SECRET_KEY_REF: arn };

afterEach(() => {
  forgetSecrets();
  vi.unstubAllEnvs();
});

/**
 * A stand-in for the Parameters and Secrets Lambda Extension on localhost: GetSecretValue's JSON for
 * a request with the session token, 401 without it, 400 for a secret it does not have.
 */
const extensionSecrets: Record<string, string> = { [arn]: 'sk_live_extension' };
const extensionCalls: string[] = [];
let extension: Server;
let extensionEnv: Record<string, string>;
beforeAll(async () => {
  extension = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const secretId = url.searchParams.get('secretId') ?? '';
    extensionCalls.push(secretId);
    if (request.headers['x-aws-parameters-secrets-token'] !== 'session-token') {
      response.writeHead(401).end('missing token');
    } else if (url.pathname !== '/secretsmanager/get' || !(secretId in extensionSecrets)) {
      response.writeHead(400).end('ResourceNotFoundException');
    } else {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ARN: secretId, SecretString: extensionSecrets[secretId] }));
    }
  });
  await new Promise<void>((resolve) => extension.listen(0, '127.0.0.1', resolve));
  extensionEnv = {
    PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: String((extension.address() as AddressInfo).port),
    AWS_SESSION_TOKEN: 'session-token',
  };
});
afterAll(() => new Promise<void>((resolve) => extension.close(() => resolve())));

describe('provider secrets at run time', () => {
  it('a secret given by ARN is live before it is loaded, and unreadable until then', () => {
    expect(hasSecret('STRIPE_SECRET_KEY', env)).toBe(true);
    expect(() => secretValue('STRIPE_SECRET_KEY', env)).toThrow(/was not loaded/);
    expect(hasSecret('STRIPE_SECRET_KEY', {})).toBe(false);
    expect(secretValue('STRIPE_SECRET_KEY', {})).toBeUndefined();
  });

  it('without AWS the variable may hold the value itself (local runs)', () => {
    expect(secretValue('KLAVIYO_API_KEY', { KLAVIYO_API_KEY: 'pk_local' })).toBe('pk_local');
    expect(hasSecret('KLAVIYO_API_KEY', { KLAVIYO_API_KEY: 'pk_local' })).toBe(true);
  });

  it('loads each named secret once, and again when the cache is older than its lifetime', async () => {
    const read = vi.fn(async () => 'sk_live_1');
    await loadSecrets(env, 1_000, read);
    await loadSecrets(env, 1_000 + secretCacheSeconds * 1000 - 1, read);
    expect(read).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenCalledWith(arn);
    expect(secretValue('STRIPE_SECRET_KEY', env)).toBe('sk_live_1');

    read.mockResolvedValue('sk_live_2');
    await loadSecrets(env, 1_000 + secretCacheSeconds * 1000, read);
    expect(read).toHaveBeenCalledTimes(2);
    expect(secretValue('STRIPE_SECRET_KEY', env)).toBe('sk_live_2');
  });

  it('a failed refresh keeps the value loaded before; a failed first load fails the request', async () => {
    await expect(
      loadSecrets(env, 0, async () => {
        throw new Error('AccessDeniedException');
      }),
    ).rejects.toThrow('AccessDeniedException');
    await expect(loadSecrets(env, 0, async () => undefined)).rejects.toThrow(/holds no string/);

    await loadSecrets(env, 0, async () => 'sk_live_1');
    await loadSecrets(env, secretCacheSeconds * 1000, async () => {
      throw new Error('ThrottlingException');
    });
    expect(secretValue('STRIPE_SECRET_KEY', env)).toBe('sk_live_1');
  });

  it('reads through the Lambda extension by the ARN in the environment, with the session token', async () => {
    extensionCalls.length = 0;
    await loadSecrets({ ...env, ...extensionEnv });
    expect(secretValue('STRIPE_SECRET_KEY', env)).toBe('sk_live_extension');
    expect(extensionCalls).toEqual([arn]);

    forgetSecrets();
    await expect(loadSecrets({ ...env, ...extensionEnv, AWS_SESSION_TOKEN: 'other' })).rejects.toThrow(/401/);
    const unknown = { STRIPE_SECRET_KEY_REF: `${arn}-gone`, ...extensionEnv };
    await expect(loadSecrets(unknown)).rejects.toThrow(/400 ResourceNotFoundException/);
  });

  it('/config.json says live whenever the Lambdas are live, by ARN as by value', () => {
    expect(stripeRuntimeConfig({ STRIPE_SECRET_KEY_REF: arn, STRIPE_PUBLISHABLE_KEY: 'pk_live_1' })).toEqual({
      mode: 'live',
      publishableKey: 'pk_live_1',
    });
    expect(stripeRuntimeConfig({ STRIPE_SECRET_KEY: 'sk_test_1' }).mode).toBe('live');
    expect(stripeRuntimeConfig({}).mode).toBe('simulated');
    expect(paypalRuntimeConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET_REF: arn }).mode).toBe('live');
  });

  it('both handler wrappers load the secrets before the handler runs', async () => {
    extensionCalls.length = 0;
    vi.stubEnv('STRIPE_SECRET_KEY_REF', arn);
    for (const [name, value] of Object.entries(extensionEnv)) vi.stubEnv(name, value);
    {
      const route = httpHandler(async () => json(200, { key: secretValue('STRIPE_SECRET_KEY') }));
      const event = { headers: {}, requestContext: { requestId: 'r1' } } as unknown as HttpEvent;
      const answer = await route(event, {} as never);
      expect(JSON.parse(answer.body as string)).toEqual({ key: 'sk_live_extension' });

      forgetSecrets();
      const task = loggedHandler(async () => secretValue('STRIPE_SECRET_KEY'));
      expect(await task()).toBe('sk_live_extension');
      expect(extensionCalls).toEqual([arn, arn]);
    }
  });
});
