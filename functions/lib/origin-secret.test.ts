import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type HttpEvent, httpHandler, json } from './http';
import {
  acceptedOriginSecrets,
  assertThroughCloudFront,
  type OriginSecretReader,
  originSecretHeader,
} from './origin-secret';
import { secretCacheSeconds } from './secrets';

afterEach(() => {
  vi.unstubAllEnvs();
});

/** The module caches by secret: each test names its own, so none sees another's values. */
let secretNumber = 0;
const secretEnv = () => ({
  VELO_ORIGIN_SECRET_REF: `arn:aws:secretsmanager:eu-west-1:111122223333:secret:velo-origin-${++secretNumber}`,
});

const event = (headers: Record<string, string>): HttpEvent =>
  ({
    headers,
    rawPath: '/api/listings',
    routeKey: 'GET /api/listings',
    requestContext: { requestId: 'req-1', http: { method: 'GET' } },
  }) as unknown as HttpEvent;
const context = { functionName: 'test' } as Context;
const handler = httpHandler(async () => json(200, { ok: true }));

describe('the CloudFront origin check in httpHandler', () => {
  it('is off when no origin secret is configured (local cloud, tests)', async () => {
    vi.stubEnv('VELO_ORIGIN_SECRET', '');
    vi.stubEnv('VELO_ORIGIN_SECRET_REF', '');
    expect((await handler(event({}), context)).statusCode).toBe(200);
  });

  it("answers 403 forbidden with the catalogue's message without the header or with a wrong one", async () => {
    vi.stubEnv('VELO_ORIGIN_SECRET', 'right-value');
    const cases: Record<string, string>[] = [
      {},
      { [originSecretHeader]: 'wrong-value' },
      { [originSecretHeader]: '' },
    ];
    for (const headers of cases) {
      const result = await handler(event(headers), context);
      expect(result.statusCode).toBe(403);
      expect(JSON.parse(result.body as string).errors[0]).toMatchObject({
        status: 403,
        code: 'forbidden',
        title: 'You are not allowed to do that.',
      });
    }
  });

  it('lets a request with the right header through', async () => {
    vi.stubEnv('VELO_ORIGIN_SECRET', 'right-value');
    const result = await handler(event({ [originSecretHeader]: 'right-value' }), context);
    expect(result.statusCode).toBe(200);
  });
});

describe('the origin secret from Secrets Manager', () => {
  it('accepts the current and the previous version, so a rotation never refuses CloudFront', async () => {
    const env = secretEnv();
    const read: OriginSecretReader = async (_id, stage) => (stage === 'AWSCURRENT' ? 'new' : 'old');
    await expect(assertThroughCloudFront({ [originSecretHeader]: 'old' }, env, read)).resolves.toBe(
      undefined,
    );
    await expect(assertThroughCloudFront({ [originSecretHeader]: 'new' }, env, read)).resolves.toBe(
      undefined,
    );
    await expect(assertThroughCloudFront({ [originSecretHeader]: 'older' }, env, read)).rejects.toThrow(
      'You are not allowed to do that.',
    );
  });

  it('needs no previous version (before the first rotation) and caches for the secrets cache time', async () => {
    const env = secretEnv();
    const read = vi.fn<OriginSecretReader>(async (_id, stage) => {
      if (stage === 'AWSPREVIOUS') throw new Error('ResourceNotFoundException');
      return 'only';
    });
    expect(await acceptedOriginSecrets(env, 0, read)).toEqual(['only']);
    expect(await acceptedOriginSecrets(env, secretCacheSeconds * 1000 - 1, read)).toEqual(['only']);
    expect(read).toHaveBeenCalledTimes(2);
    read.mockImplementation(async (_id, stage) => (stage === 'AWSCURRENT' ? 'rotated' : 'only'));
    expect(await acceptedOriginSecrets(env, secretCacheSeconds * 1000, read)).toEqual(['rotated', 'only']);
  });

  it('keeps the values it had when a refresh fails, and fails a first load', async () => {
    const env = secretEnv();
    const failing: OriginSecretReader = async () => {
      throw new Error('extension down');
    };
    await expect(acceptedOriginSecrets(env, 0, failing)).rejects.toThrow('extension down');
    await acceptedOriginSecrets(env, 0, async (_id, stage) =>
      stage === 'AWSCURRENT' ? 'loaded' : undefined,
    );
    expect(await acceptedOriginSecrets(env, secretCacheSeconds * 1000, failing)).toEqual(['loaded']);
  });
});
