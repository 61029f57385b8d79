import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeEvent, VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { hashSecret, limitedChallengeKey } from '../../functions/accounts/cognito-triggers/challenge';
import { verifyAnswer } from '../../functions/accounts/cognito-triggers/verify-auth-challenge';
import { createUser } from '../../functions/accounts/repository';
import { dynamo, tableName } from '../../functions/lib/aws';
import { ApiError } from '../../functions/lib/errors';
import { keyPrefixes, keys, partitions } from '../../functions/lib/table-design';
import { createTransaction } from '../../functions/orders/engine';
import { recordEvent } from '../../functions/orders/finance/ledger';
import { putMessage } from '../../functions/orders/messages';
import { type OutboxEvent, outboxKey, outboxPut } from '../../functions/orders/outbox';
import { useLocalCloud } from './cloud-env';
import { givenListing } from './fixtures';

// The conditional writes the unit tier checks only against aws-sdk-client-mock (whose stand-ins
// evaluate the condition themselves), here against DynamoDB Local: the repeated, second or racing
// write is refused by the table and the item stays as the first write left it. Each test fails
// when its ConditionExpression is deleted (tried by hand when they were written, docs/decisions.md).

// A message id chosen by the test for one write (the duplicate-key case); random otherwise.
const fixedIds: string[] = [];
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  return { ...real, randomUUID: () => fixedIds.shift() ?? real.randomUUID() };
});

beforeAll(() => {
  useLocalCloud();
});

const read = async (key: Record<string, string>) =>
  (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

describe('the limited-session challenge (verify-auth-challenge: used once, unexpired, the right secret)', () => {
  const secret = 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA';

  async function givenChallenge(overrides: Record<string, unknown> = {}) {
    const userId = randomUUID();
    const jti = randomUUID();
    const now = new Date();
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...limitedChallengeKey(userId, jti),
          entity: 'limitedChallenge',
          userId,
          secretHash: hashSecret(secret),
          used: false,
          createdAt: now.toISOString(),
          expiresAt: Math.floor(now.getTime() / 1000) + 300,
          ...overrides,
        },
      }),
    );
    return { userId, jti, key: limitedChallengeKey(userId, jti) };
  }

  const answer = (userId: string, text: string): VerifyAuthChallengeResponseTriggerEvent => ({
    version: '1',
    region: 'us-east-1',
    userPoolId: 'local_pool',
    userName: userId,
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource: 'VerifyAuthChallengeResponse_Authentication',
    request: {
      userAttributes: { sub: userId },
      privateChallengeParameters: {},
      challengeAnswer: text,
      clientMetadata: { velo_session: 'limited' },
    },
    response: { answerCorrect: false },
  });

  it('accepts the answer once: the second use is refused and the item keeps the first use', async () => {
    const { userId, jti, key } = await givenChallenge();
    expect(await verifyAnswer(answer(userId, `${jti}.${secret}`), new Date())).toBe(true);
    const used = await read(key);
    expect(used).toMatchObject({ used: true, usedAt: expect.any(String) });
    expect(await verifyAnswer(answer(userId, `${jti}.${secret}`), new Date(Date.now() + 1000))).toBe(false);
    expect(await read(key)).toEqual(used);
  });

  it('ten racing answers: exactly one is accepted', async () => {
    const { userId, jti, key } = await givenChallenge();
    const at = (i: number) => new Date(Date.now() + i);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => verifyAnswer(answer(userId, `${jti}.${secret}`), at(i))),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await read(key)).toMatchObject({ used: true });
  });

  it('refuses a wrong secret and an expired challenge, leaving them unused; an unknown one writes nothing', async () => {
    const wrong = await givenChallenge();
    const before = await read(wrong.key);
    const otherSecret = secret.replace(/^c/, 'd');
    expect(await verifyAnswer(answer(wrong.userId, `${wrong.jti}.${otherSecret}`), new Date())).toBe(false);
    expect(await read(wrong.key)).toEqual(before);

    const expired = await givenChallenge({ expiresAt: Math.floor(Date.now() / 1000) - 1 });
    const expiredBefore = await read(expired.key);
    expect(await verifyAnswer(answer(expired.userId, `${expired.jti}.${secret}`), new Date())).toBe(false);
    expect(await read(expired.key)).toEqual(expiredBefore);

    const userId = randomUUID();
    const jti = randomUUID();
    expect(await verifyAnswer(answer(userId, `${jti}.${secret}`), new Date())).toBe(false);
    expect(await read(limitedChallengeKey(userId, jti))).toBeUndefined();
  });
});

// Finance items of a month long past: the suite's finance report and reconciliation read this month.
const longAgo = () => `2001-01-${String(1 + Math.floor(Math.random() * 28)).padStart(2, '0')}T10:00:00.000Z`;
const usd = (amount: number) => ({ amount, currency: 'USD' });

describe('the finance outbox (EVENT# items: one per transaction and type)', () => {
  const captured = (txId: string, amount: number, occurredAt: string): OutboxEvent => ({
    type: 'PaymentCaptured',
    data: {
      transactionId: txId,
      customerId: 'c-1',
      provider: 'stripe',
      providerPaymentId: `pi_${txId}`,
      amount: usd(amount),
    },
    occurredAt,
  });
  const write = (event: OutboxEvent) =>
    dynamo().send(new TransactWriteCommand({ TransactItems: [outboxPut(event)] }));

  it('a second event of the same type is refused and the first stays as written', async () => {
    const txId = randomUUID();
    const occurredAt = longAgo();
    await write(captured(txId, 22_000, occurredAt));
    const first = await read(outboxKey(txId, 'PaymentCaptured'));
    const again = write(captured(txId, 99_000, occurredAt));
    await expect(again).rejects.toBeInstanceOf(TransactionCanceledException);
    const reasons = ((await again.catch((error: unknown) => error)) as TransactionCanceledException)
      .CancellationReasons;
    expect(reasons?.map((reason) => reason.Code)).toEqual(['ConditionalCheckFailed']);
    expect(await read(outboxKey(txId, 'PaymentCaptured'))).toEqual(first);
    expect(first).toMatchObject({ detail: { data: { amount: usd(22_000) } } });
  });

  it('five racing writes of the event: exactly one is written', async () => {
    const txId = randomUUID();
    const occurredAt = longAgo();
    const amounts = [1_000, 2_000, 3_000, 4_000, 5_000];
    const results = await Promise.allSettled(
      amounts.map((amount) => write(captured(txId, amount, occurredAt))),
    );
    const won = results.flatMap((result, i) => (result.status === 'fulfilled' ? [amounts[i]!] : []));
    expect(won).toHaveLength(1);
    const item = await read(outboxKey(txId, 'PaymentCaptured'));
    expect(item).toMatchObject({ detail: { data: { amount: usd(won[0]!) } } });
  });
});

describe('the finance ledger (one entry per event id, whatever the delivery)', () => {
  const delivery = (detailId: string, occurredAt: string, amount: number) =>
    ({
      id: randomUUID(), // EventBridge's id: a new one for every delivery
      version: '0',
      account: '000000000000',
      time: new Date().toISOString(),
      region: 'us-east-1',
      resources: [],
      source: 'velo.finance',
      'detail-type': 'PaymentCaptured',
      detail: { id: detailId, occurredAt, type: 'PaymentCaptured', data: { amount: usd(amount) } },
    }) as EventBridgeEvent<string, Record<string, unknown>>;

  async function entriesOf(detailId: string, occurredAt: string) {
    const result = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND SK = :sk',
        ExpressionAttributeValues: {
          ':pk': partitions.ledger(occurredAt.slice(0, 7)),
          ':sk': `${occurredAt}#${detailId}`,
        },
        ConsistentRead: true,
      }),
    );
    return result.Items ?? [];
  }

  it('a second delivery of an event is not recorded and the entry keeps the first delivery', async () => {
    const detailId = `${randomUUID()}:PaymentCaptured`;
    const occurredAt = longAgo();
    const first = delivery(detailId, occurredAt, 22_000);
    expect(await recordEvent(first)).toEqual({ recorded: true });
    const [entry] = await entriesOf(detailId, occurredAt);
    expect(entry).toMatchObject({ eventId: first.id, detail: { data: { amount: usd(22_000) } } });
    expect(await recordEvent(delivery(detailId, occurredAt, 99_000))).toEqual({ recorded: false });
    expect(await entriesOf(detailId, occurredAt)).toEqual([entry]);
  });

  it('eight racing deliveries: exactly one is recorded', async () => {
    const detailId = `${randomUUID()}:PaymentCaptured`;
    const occurredAt = longAgo();
    const deliveries = Array.from({ length: 8 }, (_, i) => delivery(detailId, occurredAt, 1_000 * (i + 1)));
    const results = await Promise.all(deliveries.map((one) => recordEvent(one)));
    const recorded = deliveries.filter((_, i) => results[i]!.recorded);
    expect(recorded).toHaveLength(1);
    expect(await entriesOf(detailId, occurredAt)).toEqual([
      expect.objectContaining({ eventId: recorded[0]!.id }),
    ]);
  });
});

describe('messages (a party of an existing order only; one item per message)', () => {
  async function givenOrder() {
    const [seller, buyer] = await Promise.all(
      ['Sam', 'Bea'].map((firstName) => {
        const id = randomUUID();
        return createUser({
          id,
          email: `${id}@conditions.example`,
          emailVerified: true,
          firstName,
          lastName: 'Tester',
          displayName: `${firstName} T`,
          createdAt: new Date().toISOString(),
          // No mails: the messages are the subject here.
          notificationSettings: { messages: false, reminders: false },
        });
      }),
    );
    const listing = await givenListing(seller!.id, { currentStock: 1 });
    const { transaction } = await createTransaction({
      transition: 'enquire',
      customerId: buyer!.id,
      listingId: listing.id,
      checkoutKey: randomUUID(),
      orderData: {},
    });
    return { txId: transaction.id, buyerId: buyer!.id, sellerId: seller!.id };
  }

  const messagesOf = async (txId: string) =>
    (
      await dynamo().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :msg)',
          ExpressionAttributeValues: { ':pk': keys.transaction(txId).PK, ':msg': keyPrefixes.message },
          ConsistentRead: true,
        }),
      )
    ).Items ?? [];

  it('refuses somebody who is not a party (404): no message, the count unchanged', async () => {
    const order = await givenOrder();
    await putMessage(order.txId, order.buyerId, 'Is it still available?');
    const before = await read(keys.transaction(order.txId));
    expect(before?.messageCount).toBe(1);
    const refused = await putMessage(order.txId, randomUUID(), 'Hello from a stranger').catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'not-found' });
    expect(await read(keys.transaction(order.txId))).toEqual(before);
    expect((await messagesOf(order.txId)).map((m) => m.content)).toEqual(['Is it still available?']);
  });

  it('refuses an order that does not exist (404) and writes nothing: no message, no order item', async () => {
    const txId = randomUUID();
    const refused = await putMessage(txId, randomUUID(), 'Anyone?').catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'not-found' });
    expect(await read(keys.transaction(txId))).toBeUndefined();
    expect(await messagesOf(txId)).toEqual([]);
  });

  it('a second write of the same message (same time and id) is refused: the first content, counted once', async () => {
    const order = await givenOrder();
    const at = new Date();
    const id = randomUUID();
    fixedIds.push(id);
    await putMessage(order.txId, order.buyerId, 'First words', at);
    fixedIds.push(id);
    const again = putMessage(order.txId, order.buyerId, 'Other words', at);
    await expect(again).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(fixedIds).toEqual([]);
    expect((await messagesOf(order.txId)).map((m) => [m.id, m.content])).toEqual([[id, 'First words']]);
    expect((await read(keys.transaction(order.txId)))?.messageCount).toBe(1);
  });
});
