import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { getUser } from '../../functions/accounts/repository';
import {
  accountDay,
  settleAccount,
  type UnverifiedRecord,
} from '../../functions/accounts/unverified-accounts';
import { dynamo, tableName } from '../../functions/lib/aws';
import { keys } from '../../functions/lib/table-design';
import { verifyEmailToMessage } from '../../shared/config/verified-email';
import { apiErrors } from '../../shared/errors/catalogue';
import {
  api,
  codeSentTo,
  errorOf,
  mark,
  messagesTo,
  signIn,
  signUp,
  type TestAccount,
  testCloud,
  uniqueEmail,
} from './accounts';
import { eventually, settled } from './cloud-env';
import { givenListing } from './fixtures';
import { bikeListing, buyer, enquire, paidCardOrder, stripeSeller } from './order-fixtures';

let seller: TestAccount;
let listingId: string;

beforeAll(async () => {
  testCloud();
  seller = await stripeSeller('Vera');
  listingId = (await bikeListing(seller.user.id, 5)).id;
});

const send = (account: TestAccount, txId: string, content: string) =>
  api('POST', `/api/transactions/${txId}/messages`, { token: account.accessToken, body: { content } });

describe('an unverified account may not mail others (issue 25)', () => {
  it('cannot enquire: 403 forbidden, "Verify your e-mail address to send messages.", reason email-unverified', async () => {
    const unverified = await signUp({ firstName: 'Una', verified: false });
    const refused = await enquire(unverified, listingId);
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body)).toMatchObject({
      code: 'forbidden',
      title: verifyEmailToMessage,
      meta: { reason: 'email-unverified' },
    });

    // Verified, the same account enquires and writes.
    const since = await mark();
    expect(
      (await api('POST', '/api/auth/verification-email', { token: unverified.accessToken })).status,
    ).toBe(202);
    const code = await codeSentTo(unverified.email, since);
    const verified = await api('POST', '/api/auth/verify-email', {
      token: unverified.accessToken,
      body: { verificationToken: code },
    });
    expect(verified.body.data.emailVerified).toBe(true);
    const enquiry = await enquire(unverified, listingId);
    expect(enquiry.status).toBe(201);
    expect((await send(unverified, enquiry.body.data.id, 'Is it still available?')).status).toBe(201);
  });

  it('cannot write on an enquiry, whoever started it (an address that became unverified after a change)', async () => {
    const [mover, customer] = await Promise.all([stripeSeller('Mo'), buyer('Ugo')]);
    const listing = await bikeListing(mover.user.id, 1);
    const enquiry = await enquire(customer, listing.id);
    expect(enquiry.status).toBe(201);
    // The seller moves to a new address and has not verified it yet.
    const moved = await api('POST', '/api/me/email', {
      token: mover.accessToken,
      body: { email: `moved-${mover.email}`, currentPassword: mover.password },
    });
    expect(moved.body.data.emailVerified).toBe(false);
    const refused = await send(mover, enquiry.body.data.id, 'Yes, still here.');
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body)).toMatchObject({
      title: verifyEmailToMessage,
      meta: { reason: 'email-unverified' },
    });
    expect((await send(customer, enquiry.body.data.id, 'Hello?')).status).toBe(201);
  });

  it('may write on an order it paid for (the checkout message to the seller)', async () => {
    const unverified = await signUp({ firstName: 'Paz', verified: false });
    const order = await paidCardOrder(unverified, listingId);
    expect((await send(unverified, order.id, 'Please pack it well.')).status).toBe(201);
  });
});

describe('an address taken by an account that never verified it (issue 25)', () => {
  it('a sign-up on it answers email-taken as before and sends the address a code that verifies that account', async () => {
    const first = await signUp({ firstName: 'Sam', verified: false });
    const since = await mark();
    const again = await api('POST', '/api/auth/signup', {
      body: { email: first.email, password: 'Another-horse-7', firstName: 'Real', lastName: 'Owner' },
    });
    expect(again.status).toBe(409);
    expect(errorOf(again.body)).toMatchObject({ code: 'email-taken', title: apiErrors['email-taken'].title });
    const mail = await eventually(async () => messagesTo(first.email).find((m) => m.sentAt > since));
    expect(mail.subject).toBe('Verify your e-mail address for Velo Exchange');
    expect(mail.text).toContain('Someone tried to sign up on Velo Exchange with this address');
    const code = /code is (\d+)/.exec(mail.text)?.[1];

    // Whoever made the account logs in and verifies it with that code.
    const verified = await api('POST', '/api/auth/verify-email', {
      token: first.accessToken,
      body: { verificationToken: code },
    });
    expect(verified.body.data.emailVerified).toBe(true);

    // A verified address: email-taken, and no mail.
    const later = await mark();
    const third = await api('POST', '/api/auth/signup', {
      body: { email: first.email, password: 'Another-horse-7', firstName: 'Real', lastName: 'Owner' },
    });
    expect(errorOf(third.body).code).toBe('email-taken');
    await settled();
    expect(messagesTo(first.email).filter((m) => m.sentAt > later)).toEqual([]);
  });
});

describe('accounts never verified are removed after 7 days (issue 25)', () => {
  async function recordOf(account: TestAccount): Promise<UnverifiedRecord> {
    const day = accountDay(new Date(account.user.createdAt));
    const item = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: keys.unverifiedAccount(day, account.user.id) }),
    );
    expect(item.Item, 'sign-up records the account by its day').toBeDefined();
    return item.Item as UnverifiedRecord;
  }

  it('removes the Cognito user and the profile of one still unverified, without listings or orders', async () => {
    const account = await signUp({ firstName: 'Gone', verified: false });
    const result = { removed: [] as string[], kept: [] as string[], settled: 0 };
    await settleAccount(await recordOf(account), result);
    expect(result.removed).toEqual([account.user.id]);
    expect(await getUser(account.user.id)).toBeUndefined();
    await expect(signIn(account.email, account.password)).rejects.toThrow();
    // The address is free: its owner signs up with it.
    expect((await signUp({ email: account.email, verified: false })).user.id).not.toBe(account.user.id);
  });

  it('keeps one with a listing or an order; the record goes', async () => {
    const seller = await signUp({ firstName: 'Kept', verified: false });
    await givenListing(seller.user.id);
    const result = { removed: [] as string[], kept: [] as string[], settled: 0 };
    const record = await recordOf(seller);
    await settleAccount(record, result);
    expect(result).toEqual({ removed: [], kept: [seller.user.id], settled: 0 });
    expect((await getUser(seller.user.id))?.emailVerified).toBe(false);
    expect(await signIn(seller.email, seller.password)).toBeTruthy();
    const left = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: { PK: record.PK, SK: record.SK } }),
    );
    expect(left.Item).toBeUndefined();
  });

  it('forgets an account once verified, so a later e-mail change (unverified again) never makes it one to remove', async () => {
    const verified = await signUp({ firstName: 'Fine' });
    const day = accountDay(new Date(verified.user.createdAt));
    const record = async () =>
      (
        await dynamo().send(
          new GetCommand({ TableName: tableName(), Key: keys.unverifiedAccount(day, verified.user.id) }),
        )
      ).Item;
    expect(await record()).toBeUndefined();
    const changed = await api('POST', '/api/me/email', {
      token: verified.accessToken,
      body: { email: uniqueEmail('moved'), currentPassword: verified.password },
    });
    expect(changed.status).toBe(200);
    expect((await getUser(verified.user.id))?.emailVerified).toBe(false);
    expect(await record()).toBeUndefined();
  });

  it('keeps one verified after its record was read (a verification the e-mail change flow did not record)', async () => {
    const late = await signUp({ firstName: 'Late', verified: false });
    const record = await recordOf(late);
    // Verified without passing verifyEmail (which would forget the record).
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(late.user.id),
        UpdateExpression: 'SET emailVerified = :true',
        ExpressionAttributeValues: { ':true': true },
      }),
    );
    const result = { removed: [] as string[], kept: [] as string[], settled: 0 };
    await settleAccount(record, result);
    expect(result).toEqual({ removed: [], kept: [], settled: 1 });
    expect(await signIn(late.email, late.password)).toBeTruthy();
  });
});
