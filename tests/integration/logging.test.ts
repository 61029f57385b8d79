import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { localNames } from '../../infra/local/cloud';
import { type Gateway, startGateway } from '../../infra/local/gateway';
import { LocalOutbox } from '../../infra/local/outbox';
import { freePorts } from '../../infra/local/processes';
import { signUp, type TestAccount, testCloud } from './accounts';

// The local gateway runs the handlers concurrently in one process. A gateway of this worker's own
// (the suite's cloud runs in another process) lets the test read the handlers' log lines: at DEBUG
// each request writes one, which must carry that request's id and user, never another's.

let gateway: Gateway;
let webRoot: string;
let riders: TestAccount[];

beforeAll(async () => {
  testCloud();
  vi.stubEnv('POWERTOOLS_DEV', 'true'); // as the local cloud sets it: lines go to the console
  vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'DEBUG');
  riders = await Promise.all([signUp(), signUp()]);
  webRoot = mkdtempSync(join(tmpdir(), 'velo-logging-'));
  const issuer = inject('cognitoIssuer');
  const [port] = await freePorts(1);
  gateway = await startGateway({
    port: port!,
    webRoot,
    imagesBucket: localNames.imagesBucket,
    siteBucket: localNames.siteBucket,
    jwt: { issuer, jwksUrl: `${issuer}/.well-known/jwks.json`, clientId: inject('cognitoClientId') },
    runtimeConfig: {},
    allowedOrigins: [],
    connectOrigins: [],
    outbox: new LocalOutbox(),
  });
});

afterAll(async () => {
  await gateway?.stop();
  rmSync(webRoot, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

describe('handler logs through the local gateway', () => {
  it('give each of many concurrent requests its own request id and user id', async () => {
    const lines: Record<string, unknown>[] = [];
    const debug = vi.spyOn(console, 'debug').mockImplementation((text: unknown) => {
      const line = JSON.parse(String(text)) as Record<string, unknown>;
      if (line.message === 'request handled') lines.push(line);
    });
    try {
      const calls = Array.from({ length: 12 }, (_, i) => riders[i % 2]!);
      const answers = await Promise.all(
        calls.map(async (rider) => {
          const response = await fetch(`${gateway.url}/api/me`, {
            headers: { authorization: `Bearer ${rider.accessToken}` },
          });
          expect(response.status).toBe(200);
          return { requestId: response.headers.get('apigw-requestid'), userId: rider.user.id };
        }),
      );
      expect(lines).toHaveLength(answers.length);
      const userOf = new Map(answers.map((answer) => [answer.requestId, answer.userId]));
      for (const line of lines) {
        expect(userOf.has(String(line.requestId))).toBe(true);
        expect(line).toMatchObject({ userId: userOf.get(String(line.requestId)), route: 'GET /api/me' });
      }
      expect(new Set(lines.map((line) => line.requestId)).size).toBe(answers.length);
    } finally {
      debug.mockRestore();
    }
  });
});
