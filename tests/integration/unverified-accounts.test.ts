import { beforeAll, describe, expect, it } from 'vitest';
import { verifyEmailToMessage } from '../../shared/config/verified-email';
import { apiErrors } from '../../shared/errors/catalogue';
import { api, codeSentTo, errorOf, mark, messagesTo, signUp, type TestAccount, testCloud } from './accounts';
import { eventually } from './cloud-env';
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
    const customer = await buyer('Ugo');
    const enquiry = await enquire(customer, listingId);
    expect(enquiry.status).toBe(201);
    // The seller moves to a new address and has not verified it yet.
    const moved = await api('POST', '/api/me/email', {
      token: seller.accessToken,
      body: { email: `moved-${seller.email}`, currentPassword: seller.password },
    });
    expect(moved.body.data.emailVerified).toBe(false);
    try {
      const refused = await send(seller, enquiry.body.data.id, 'Yes, still here.');
      expect(refused.status).toBe(403);
      expect(errorOf(refused.body)).toMatchObject({
        title: verifyEmailToMessage,
        meta: { reason: 'email-unverified' },
      });
      expect((await send(customer, enquiry.body.data.id, 'Hello?')).status).toBe(201);
    } finally {
      const since = await mark();
      await api('POST', '/api/auth/verification-email', { token: seller.accessToken });
      const code = await codeSentTo(`moved-${seller.email}`, since);
      await api('POST', '/api/auth/verify-email', {
        token: seller.accessToken,
        body: { verificationToken: code },
      });
    }
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
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(messagesTo(first.email).filter((m) => m.sentAt > later)).toEqual([]);
  });
});
