import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type HttpEvent, httpHandler, json, requestUser } from './http';
import { loggedHandler } from './lambda-handler';
import { appendLogKeys, log, withLogKeys } from './logger';

// The local gateway runs many requests at once in one process: each line must carry its own
// invocation's keys, never another's. These run invocations through the real wrappers, overlapped.

type Line = Record<string, unknown>;

const ddb = mockClient(DynamoDBDocumentClient);
let lines: Line[];

beforeAll(() => {
  // JSON on stdout/stderr, as in Lambda (with POWERTOOLS_DEV the Logger writes to the console).
  vi.stubEnv('POWERTOOLS_DEV', '');
  vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'INFO');
  vi.stubEnv('TABLE_NAME', 'velo-test');
  vi.stubEnv('SENTRY_DSN', '');
});

beforeEach(() => {
  lines = [];
  ddb.reset();
  // The user guard reads the caller's profile; a short wait so the two requests overlap there too.
  ddb.on(GetCommand).callsFake(async (input: { Key: { PK: string } }) => {
    await pause(2);
    return { Item: { PK: input.Key.PK, id: input.Key.PK.split('#')[1] } };
  });
  const capture = (chunk: unknown) => {
    for (const text of String(chunk).split('\n')) {
      if (!text.startsWith('{')) continue;
      const line = JSON.parse(text) as Line;
      if (line.service === 'velo') lines.push(line);
    }
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture as never);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture as never);
});

afterEach(() => vi.restoreAllMocks());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function signedInEvent(requestId: string, sub: string): HttpEvent {
  return {
    routeKey: 'GET /api/test',
    rawPath: '/api/test',
    headers: {},
    requestContext: {
      requestId,
      http: { method: 'GET' },
      authorizer: { jwt: { claims: { sub }, scopes: [] } },
    },
  } as unknown as HttpEvent;
}

const context = (awsRequestId: string) => ({ functionName: 'VeloApi-Test', awsRequestId }) as Context;

/** Something deeper in the code that logs without knowing the request. */
async function deepWork(step: number): Promise<void> {
  await pause(1);
  log.info('deep work', { step });
}

describe('the structured logger under concurrency', () => {
  it('gives each of two overlapping HTTP invocations its own request id and user id', async () => {
    const handler = httpHandler(async (event) => {
      const user = requestUser(event);
      if (user.id === 'user-b') appendLogKeys({ transactionId: 'tx-b' });
      for (let step = 0; step < 4; step++) {
        log.info('step', { step, expected: user.id });
        await deepWork(step);
      }
      return json(200, { ok: true });
    });

    const [a, b] = await Promise.all([
      handler(signedInEvent('req-a', 'user-a'), context('lambda-a')),
      handler(signedInEvent('req-b', 'user-b'), context('lambda-b')),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);

    expect(lines).toHaveLength(16);
    // They did overlap: the lines of the two requests are interleaved, not one block after the other.
    const order = lines.map((line) => line.requestId);
    expect(order.slice(0, 8)).toContain('req-a');
    expect(order.slice(0, 8)).toContain('req-b');
    for (const [requestId, userId] of [
      ['req-a', 'user-a'],
      ['req-b', 'user-b'],
    ] as const) {
      const own = lines.filter((line) => line.requestId === requestId);
      expect(own).toHaveLength(8);
      for (const line of own) {
        expect(line).toMatchObject({ level: 'INFO', service: 'velo', userId });
        if (line.message === 'step') expect(line.expected).toBe(userId);
      }
    }
    // Keys added by one request stay with it.
    expect(
      lines.filter((line) => line.transactionId === 'tx-b').every((line) => line.userId === 'user-b'),
    ).toBe(true);
    expect(lines.filter((line) => line.requestId === 'req-a').some((line) => 'transactionId' in line)).toBe(
      false,
    );
  });

  it('logs a handler error once, with the request id and the user', async () => {
    const handler = httpHandler(async () => {
      await pause(1);
      throw new TypeError('boom');
    });
    const result = await handler(signedInEvent('req-err', 'user-e'), context('lambda-e'));
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(String(result.body)).errors[0].id).toBe('req-err');
    const errors = lines.filter((line) => line.level === 'ERROR');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      message: 'boom',
      requestId: 'req-err',
      userId: 'user-e',
      error: { name: 'TypeError', message: 'boom', stack: expect.stringContaining('boom') },
      tags: { handler: 'VeloApi-Test', route: 'GET /api/test', requestId: 'req-err' },
    });
  });

  it('gives stream and workflow invocations the Lambda request id and their transaction, per record', async () => {
    const task = loggedHandler(
      async (input: { transactionId: string; records: string[] }) => {
        for (const record of input.records) {
          await withLogKeys({ transactionId: record }, async () => {
            await pause(1);
            log.warn('record', { record });
          });
        }
        log.info('done');
      },
      (input) => ({ transactionId: input.transactionId }),
    );
    await Promise.all([
      task({ transactionId: 'tx-1', records: ['tx-1a', 'tx-1b'] }, { awsRequestId: 'lambda-1' }),
      task({ transactionId: 'tx-2', records: ['tx-2a', 'tx-2b'] }, { awsRequestId: 'lambda-2' }),
    ]);
    expect(lines).toHaveLength(6);
    for (const line of lines) {
      const n = line.requestId === 'lambda-1' ? '1' : '2';
      expect(line.requestId).toBe(`lambda-${n}`);
      if (line.message === 'record') expect(line.transactionId).toBe(line.record);
      else expect(line.transactionId).toBe(`tx-${n}`);
      expect(String(line.transactionId)).toMatch(new RegExp(`^tx-${n}`));
    }
  });

  it('writes lines outside any invocation without keys', () => {
    log.info('at start');
    expect(lines).toEqual([expect.objectContaining({ message: 'at start', level: 'INFO' })]);
    expect(lines[0]).not.toHaveProperty('requestId');
  });
});
