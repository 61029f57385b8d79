import { DynamoDBDocumentClient, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashSecret, limitedChallengeKey } from './challenge';
import { verifyAnswer } from './verify-auth-challenge';

const userId = '7d1f0a52-1111-4222-8333-444455556666';
const jti = '0b5c8a7e-9f3d-4c2b-8a1e-2d3c4b5a6f70';
const secret = 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA';
const now = new Date('2026-11-22T10:00:00Z');
const nowSeconds = Math.floor(now.getTime() / 1000);

// A stand-in for the table that evaluates the handler's condition the way DynamoDB would.
const items = new Map<string, Record<string, unknown>>();
const ddb = mockClient(DynamoDBDocumentClient);
const keyOf = (key: Record<string, unknown>) => `${key.PK}|${key.SK}`;

function conditionalCheckFailed() {
  return Object.assign(new Error('The conditional request failed'), {
    name: 'ConditionalCheckFailedException',
  });
}

beforeAll(() => {
  process.env.TABLE_NAME = 'test-table';
});
afterAll(() => ddb.restore());

beforeEach(() => {
  items.clear();
  ddb.reset();
  ddb.on(UpdateCommand).callsFake((input: UpdateCommandInput) => {
    const item = items.get(keyOf(input.Key!));
    const values = input.ExpressionAttributeValues!;
    expect(input.ConditionExpression).toBe(
      'attribute_exists(PK) AND #used = :false AND expiresAt > :now AND secretHash = :hash',
    );
    if (
      !item ||
      item.used !== values[':false'] ||
      !((item.expiresAt as number) > (values[':now'] as number)) ||
      item.secretHash !== values[':hash']
    )
      throw conditionalCheckFailed();
    item.used = true;
    item.usedAt = values[':usedAt'];
    return {};
  });
});

function store(overrides: Record<string, unknown> = {}) {
  const key = limitedChallengeKey(userId, jti);
  items.set(keyOf(key), {
    ...key,
    secretHash: hashSecret(secret),
    expiresAt: nowSeconds + 300,
    used: false,
    ...overrides,
  });
}

function event(
  answer: string,
  clientMetadata: Record<string, string> | null = { velo_session: 'limited' },
): VerifyAuthChallengeResponseTriggerEvent {
  return {
    version: '1',
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_pool',
    userName: userId,
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource: 'VerifyAuthChallengeResponse_Authentication',
    request: {
      userAttributes: { sub: userId, email: 'a@example.com' },
      privateChallengeParameters: {},
      challengeAnswer: answer,
      ...(clientMetadata ? { clientMetadata } : {}),
    },
    response: { answerCorrect: false },
  };
}

describe('verify auth challenge (limited sessions)', () => {
  it('accepts the right answer once and marks the challenge used', async () => {
    store();
    expect(await verifyAnswer(event(`${jti}.${secret}`), now)).toBe(true);
    expect(items.get(keyOf(limitedChallengeKey(userId, jti)))?.used).toBe(true);
    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input.Key).toEqual(limitedChallengeKey(userId, jti));
  });

  it('refuses a second use of the same answer', async () => {
    store();
    expect(await verifyAnswer(event(`${jti}.${secret}`), now)).toBe(true);
    expect(await verifyAnswer(event(`${jti}.${secret}`), now)).toBe(false);
  });

  it('refuses an expired challenge', async () => {
    store({ expiresAt: nowSeconds - 1 });
    expect(await verifyAnswer(event(`${jti}.${secret}`), now)).toBe(false);
  });

  it('refuses a wrong secret and an unknown challenge', async () => {
    store();
    expect(await verifyAnswer(event(`${jti}.${secret.replace(/^c/, 'd')}`), now)).toBe(false);
    expect(await verifyAnswer(event(`${jti.replace(/^0/, '1')}.${secret}`), now)).toBe(false);
    expect(items.get(keyOf(limitedChallengeKey(userId, jti)))?.used).toBe(false);
  });

  it('refuses malformed answers without asking the table', async () => {
    store();
    for (const answer of ['', secret, `${jti}`, `${jti}.`, `not-a-jti.${secret}`, `${jti}.${secret}.x`])
      expect(await verifyAnswer(event(answer), now)).toBe(false);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('refuses a right answer without the limited-session metadata (it would give a full session)', async () => {
    store();
    expect(await verifyAnswer(event(`${jti}.${secret}`, null), now)).toBe(false);
    expect(await verifyAnswer(event(`${jti}.${secret}`, { velo_session: 'full' }), now)).toBe(false);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('rethrows other table errors (Cognito then fails the sign-in)', async () => {
    ddb.on(UpdateCommand).rejects(new Error('throttled'));
    await expect(verifyAnswer(event(`${jti}.${secret}`), now)).rejects.toThrow('throttled');
  });
});
