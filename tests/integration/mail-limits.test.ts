import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeEmail } from '../../functions/accounts/email';
import { dynamo, tableName } from '../../functions/lib/aws';
import {
  addressSubject,
  countOrRefuse,
  type DailyLimit,
  giveBack,
  userSubject,
  utcDay,
} from '../../functions/lib/daily-limits';
import { keys } from '../../functions/lib/table-design';
import { api, errorOf, mark, messagesTo, signUp, type TestAccount, uniqueEmail } from './accounts';
import { settled, useLocalCloud } from './cloud-env';
import { givenListing, givenSeller } from './fixtures';
import { as, enquire } from './order-fixtures';

/**
 * Issue 25, "No one can make us mail others without limit": the daily counters against DynamoDB
 * Local, and each limit through the API as a client meets it. Every test uses its own users and
 * addresses (the suite shares one user pool and table).
 */
const tooManyRequests = {
  code: 'too-many-requests',
  title: 'Too many requests. Please wait a moment and try again.',
};

beforeAll(() => {
  useLocalCloud();
});

/** A signed-up buyer who has verified their address (only they may enquire and message: issue 25). */
async function verifiedBuyer(firstName: string): Promise<TestAccount> {
  const account = await signUp({ firstName, lastName: 'Buyer' });
  expect(account.user.emailVerified).toBe(true);
  return account;
}

async function countOf(key: { PK: string; SK: string }): Promise<number | undefined> {
  const item = (
    await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))
  ).Item;
  return item?.sentCount as number | undefined;
}

describe('the daily counter (DynamoDB Local)', () => {
  const limitOf = (max: number): DailyLimit => ({
    subject: userSubject(randomUUID()),
    purpose: 'MESSAGE',
    max,
  });

  it('of 20 racing counts with a limit of 5, exactly 5 pass; the rest are 429', async () => {
    const limit = limitOf(5);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => countOrRefuse(limit)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    for (const result of results.filter((r) => r.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({
        code: 'too-many-requests',
        status: 429,
      });
    }
    expect(await countOf(keys.dailyCount(limit.subject, 'MESSAGE', utcDay(new Date())))).toBe(5);
  });

  it('a count given back can be used again; the next UTC day starts at zero', async () => {
    const limit = limitOf(2);
    const today = new Date('2026-11-27T23:59:30.000Z');
    const first = await countOrRefuse(limit, today);
    await countOrRefuse(limit, today);
    await expect(countOrRefuse(limit, today)).rejects.toMatchObject({ status: 429 });
    await giveBack(first);
    await countOrRefuse(limit, today);
    await expect(countOrRefuse(limit, today)).rejects.toMatchObject({ status: 429 });
    await countOrRefuse(limit, new Date('2026-11-28T00:00:30.000Z'));
    expect(await countOf(keys.dailyCount(limit.subject, 'MESSAGE', '2026-11-28'))).toBe(1);
  });
});

describe('enquiries: 10 a day, one open enquiry per listing and buyer', () => {
  it('the eleventh enquiry of a day is refused with the spec’s message; a Contact on an open one still answers it', async () => {
    const seller = await givenSeller();
    const customer = await verifiedBuyer('Enid');
    const listings = await Promise.all(Array.from({ length: 11 }, () => givenListing(seller.id)));
    const made: string[] = [];
    for (const listing of listings.slice(0, 10)) {
      const answer = await enquire(customer, listing.id);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      made.push(answer.body.data.id);
    }
    const eleventh = await enquire(customer, listings[10]!.id);
    expect(eleventh.status).toBe(429);
    expect(errorOf(eleventh.body)).toMatchObject({ ...tooManyRequests, meta: { limit: 10, period: 'day' } });

    // Reusing an open enquiry makes nothing new, so the limit does not stop it.
    const again = await enquire(customer, listings[3]!.id);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(made[3]);
  });

  it('a second Contact on the same listing answers the open enquiry, and its message goes there', async () => {
    const seller = await givenSeller();
    const customer = await verifiedBuyer('Rita');
    const listing = await givenListing(seller.id);
    const first = await enquire(customer, listing.id);
    expect(first.status).toBe(201);
    const id = first.body.data.id as string;
    await sendMessage(customer, id, 'Is it still available?');

    // Two more Contacts at once (a double click): both answer the same enquiry.
    const [second, third] = await Promise.all([enquire(customer, listing.id), enquire(customer, listing.id)]);
    expect([second.status, third.status]).toEqual([200, 200]);
    expect([second.body.data.id, third.body.data.id]).toEqual([id, id]);
    await sendMessage(customer, id, 'And can I pick it up on Saturday?');

    const thread = await api('GET', `/api/transactions/${id}/messages`, as(customer));
    expect(thread.body.data.map((m: { content: string }) => m.content).sort()).toEqual([
      'And can I pick it up on Saturday?',
      'Is it still available?',
    ]);
    const orders = await api('GET', '/api/transactions?only=order', as(customer));
    expect(
      orders.body.data.filter((row: { listing?: { id: string } }) => row.listing?.id === listing.id),
    ).toHaveLength(1);
    // Another buyer gets their own enquiry.
    const other = await verifiedBuyer('Otto');
    const theirs = await enquire(other, listing.id);
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.id).not.toBe(id);
  });

  it('once the enquiry has become an order, the next Contact starts a new enquiry', async () => {
    const seller = await givenSeller();
    const customer = await verifiedBuyer('Nora');
    const listing = await givenListing(seller.id);
    const first = (await enquire(customer, listing.id)).body.data.id as string;
    // The order step itself needs a payable seller (orders-api-card.test.ts); here, its effect on the state.
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.transaction(first),
        UpdateExpression: 'SET #state = :state',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':state': 'pending-payment' },
      }),
    );
    const next = await enquire(customer, listing.id);
    expect(next.status).toBe(201);
    expect(next.body.data.id).not.toBe(first);
    expect((await enquire(customer, listing.id)).body.data.id).toBe(next.body.data.id);
  });
});

async function sendMessage(account: TestAccount, id: string, content: string) {
  const sent = await api('POST', `/api/transactions/${id}/messages`, { ...as(account), body: { content } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
}

describe('messages: 200 a day per sender', () => {
  it('the message past the day’s limit is refused with 429 and not stored', async () => {
    const seller = await givenSeller();
    const customer = await verifiedBuyer('Max');
    const listing = await givenListing(seller.id);
    const id = (await enquire(customer, listing.id)).body.data.id as string;
    // 199 sent already today (the counter as the messages route leaves it).
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.dailyCount(userSubject(customer.user.id), 'MESSAGE', utcDay(new Date())),
          sentCount: 199,
        },
      }),
    );
    await sendMessage(customer, id, 'Message 200');
    const refused = await api('POST', `/api/transactions/${id}/messages`, {
      ...as(customer),
      body: { content: 'Message 201' },
    });
    expect(refused.status).toBe(429);
    expect(errorOf(refused.body)).toMatchObject({ ...tooManyRequests, meta: { limit: 200, period: 'day' } });
    const thread = await api('GET', `/api/transactions/${id}/messages`, as(customer));
    expect(thread.body.data.map((m: { content: string }) => m.content)).toEqual(['Message 200']);
  });
});

describe('e-mail changes count with the verification e-mails (5 a day)', () => {
  const changeTo = (account: TestAccount, email: string) =>
    api('POST', '/api/me/email', {
      token: account.accessToken,
      body: { email, currentPassword: account.password },
    });
  const verificationLimit = {
    code: 'email-too-many-verification-requests',
    title: 'The maximum of 5 verification emails has been reached. Please try again tomorrow.',
  };

  it('the sixth e-mail change of a day is refused with the spec’s message, and mails nobody', async () => {
    const account = await signUp({ firstName: 'Cass', lastName: 'Changer' });
    // A user who signed up on an earlier day: today's count starts at zero.
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.verificationEmails(account.user.id, utcDay(new Date())),
      }),
    );
    for (let change = 1; change <= 5; change++) {
      const answer = await changeTo(account, uniqueEmail(`change-${change}`));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const since = await mark();
    const sixthAddress = uniqueEmail('change-6');
    const sixth = await changeTo(account, sixthAddress);
    expect(sixth.status).toBe(429);
    expect(errorOf(sixth.body)).toMatchObject(verificationLimit);
    await settled();
    expect(messagesTo(sixthAddress).filter((m) => m.sentAt > since)).toHaveLength(0);
    // And no resend either: one count for both.
    const resend = await api('POST', '/api/auth/verification-email', { token: account.accessToken });
    expect(resend.status).toBe(429);
  });

  it('on the day of sign-up too, five changes pass and the sixth is refused (the sign-up code is not one of the five)', async () => {
    const account = await signUp({ firstName: 'Sue', lastName: 'Same-day' });
    for (let change = 1; change <= 5; change++) {
      expect((await changeTo(account, uniqueEmail(`same-day-${change}`))).status).toBe(200);
    }
    const sixth = await changeTo(account, uniqueEmail('same-day-6'));
    expect(sixth.status).toBe(429);
    expect(errorOf(sixth.body)).toMatchObject(verificationLimit);
  });
});

describe('password resets: 5 a day per address', () => {
  const reset = (email: string) => api('POST', '/api/auth/password-reset', { body: { email } });

  it('the sixth for an address with an account is refused (429), and mails nothing', async () => {
    const account = await signUp({ firstName: 'Rhea', lastName: 'Reset' });
    for (let attempt = 1; attempt <= 5; attempt++) expect((await reset(account.email)).status).toBe(202);
    const since = await mark();
    // Spelled differently, the same address.
    const sixth = await reset(` ${account.email.toUpperCase()} `);
    expect(sixth.status).toBe(429);
    expect(errorOf(sixth.body)).toMatchObject(tooManyRequests);
    await settled();
    expect(messagesTo(account.email).filter((m) => m.sentAt > since)).toHaveLength(0);
  });

  it('an address without an account is counted too, and gets the same 429', async () => {
    const nobody = uniqueEmail('nobody');
    for (let attempt = 1; attempt <= 5; attempt++) expect((await reset(nobody)).status).toBe(404);
    const sixth = await reset(nobody);
    expect(sixth.status).toBe(429);
    expect(errorOf(sixth.body)).toMatchObject(tooManyRequests);
    // The table keeps a hash, never the address of someone who is not a user.
    const key = keys.dailyCount(addressSubject(normalizeEmail(nobody)), 'RESET', utcDay(new Date()));
    expect(key.PK).not.toContain(nobody);
    expect(await countOf(key)).toBe(5);
  });
});

describe('sign-ups: 5 a day per address', () => {
  it('the sixth sign-up with one address is refused (429), whatever the first five answered', async () => {
    const email = uniqueEmail('signup');
    const body = (n: number) => ({
      email,
      password: 'Correct-horse-9',
      firstName: 'Sam',
      lastName: `Signup${n}`,
    });
    expect((await api('POST', '/api/auth/signup', { body: body(1) })).status).toBe(201);
    for (let attempt = 2; attempt <= 5; attempt++) {
      const taken = await api('POST', '/api/auth/signup', { body: body(attempt) });
      expect(errorOf(taken.body).code).toBe('email-taken');
    }
    const sixth = await api('POST', '/api/auth/signup', { body: body(6) });
    expect(sixth.status).toBe(429);
    expect(errorOf(sixth.body)).toMatchObject(tooManyRequests);
    // Another address is not affected.
    expect(
      (await api('POST', '/api/auth/signup', { body: { ...body(7), email: uniqueEmail('signup') } })).status,
    ).toBe(201);
  });
});
