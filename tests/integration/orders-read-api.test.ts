import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { banProfile } from '../../functions/accounts/moderation';
import { dynamo } from '../../functions/lib/aws';
import { keys } from '../../functions/lib/table-design';
import { applyTransition, createTransaction, noMoney } from '../../functions/orders/engine';
import { putMessage } from '../../functions/orders/messages';
import type { TransactionRecord } from '../../functions/orders/record';
import type { ReviewView } from '../../shared/api/transactions';
import { api, errorOf, signUp, type TestAccount, testCloud } from './accounts';
import { givenListing } from './fixtures';
import { as } from './own-listing-fixtures';

/**
 * The transaction read routes (docs/design/orders.md, "API routes"): show, the inbox query, the
 * allowed transitions, messages and the notification count, over HTTP against the suite's local
 * cloud. Orders are made and moved through the engine directly (real-time timers here, so no
 * deadline of these orders fires during the test; the API itself runs with the cloud's scaled
 * cancel window).
 */
const timers = { scale: 1 };

let seller: TestAccount;
let buyer: TestAccount;
let stranger: TestAccount;
let listingId: string;

beforeAll(async () => {
  testCloud();
  [seller, buyer, stranger] = await Promise.all([
    signUp({ firstName: 'Sam', lastName: 'Seller' }),
    signUp({ firstName: 'Bea', lastName: 'Buyer' }),
    signUp({ firstName: 'Stan', lastName: 'Stranger' }),
  ]);
  listingId = (await givenListing(seller.user.id, { currentStock: 50 })).id;
});

async function order(
  customerId: string,
  options: { listingId?: string; at?: number } = {},
): Promise<TransactionRecord> {
  const { transaction } = await createTransaction({
    transition: 'request-payment',
    customerId,
    listingId: options.listingId ?? listingId,
    checkoutKey: randomUUID(),
    orderData: { deliveryMethod: 'pickup', quantity: 1 },
    timers,
    ...(options.at !== undefined ? { now: new Date(options.at) } : {}),
  });
  return transaction;
}

function move(tx: TransactionRecord, name: string, by: 'customer' | 'provider', at?: number) {
  return applyTransition(tx.id, name, {
    actor: by,
    userId: by === 'customer' ? tx.customerId : tx.providerId,
    timers,
    money: noMoney,
    ...(at !== undefined ? { now: new Date(at) } : {}),
  });
}

const purchased = async (customerId: string, at?: number) =>
  move(await order(customerId, at !== undefined ? { at: at - 1000 } : {}), 'confirm-payment', 'customer', at);

const names = (body: { data: { name: string }[] }) => body.data.map((t) => t.name).sort();

describe('GET /api/transactions/{id}', () => {
  it('shows the order to both parties with their public profiles, and 404 to anybody else', async () => {
    const tx = await purchased(buyer.user.id);
    for (const party of [buyer, seller]) {
      const shown = await api('GET', `/api/transactions/${tx.id}`, as(party));
      expect(shown.status).toBe(200);
      expect(shown.body.data.transaction).toMatchObject({
        id: tx.id,
        state: 'purchased',
        customerId: buyer.user.id,
        providerId: seller.user.id,
        listingId,
        lastTransition: 'confirm-payment',
        payinTotal: tx.payinTotal,
      });
      expect(
        shown.body.data.transaction.transitions.map((t: { transition: string }) => t.transition),
      ).toEqual(['request-payment', 'confirm-payment']);
      // Keys, payment ids and workflow bookkeeping stay on the server.
      expect(shown.body.data.transaction).not.toHaveProperty('PK');
      expect(shown.body.data.transaction).not.toHaveProperty('payment');
      expect(shown.body.data.transaction).not.toHaveProperty('checkoutKey');
      expect(shown.body.data.customer).toMatchObject({
        id: buyer.user.id,
        displayName: buyer.user.displayName,
      });
      expect(shown.body.data.customer).not.toHaveProperty('banned');
      expect(shown.body.data.provider).toMatchObject({ id: seller.user.id, abbreviatedName: 'SS' });
      expect(shown.body.data.provider).not.toHaveProperty('email');
      expect(shown.body.data.reviews).toEqual([]);
    }
    const other = await api('GET', `/api/transactions/${tx.id}`, as(stranger));
    expect(other.status).toBe(404);
    expect(errorOf(other.body).code).toBe('not-found');
    const unknown = await api('GET', `/api/transactions/${randomUUID()}`, as(buyer));
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown.body).code).toBe('not-found');
    expect((await api('GET', `/api/transactions/${tx.id}`)).status).toBe(401);
  });

  it('reads the published reviews stored on the transaction', async () => {
    const tx = await order(buyer.user.id);
    const review = {
      id: 'r-1',
      type: 'ofProvider' as const,
      rating: 5,
      content: 'Great seller',
      createdAt: '2026-11-22T10:00:00.000Z',
      authorId: buyer.user.id,
      subjectId: seller.user.id,
    };
    await dynamo().send(
      new PutCommand({
        TableName: process.env.TABLE_NAME!,
        Item: {
          ...keys.txReview(tx.id, 'ofProvider'),
          entity: 'review',
          ...review,
          state: 'public',
        },
      }),
    );
    const shown = await api('GET', `/api/transactions/${tx.id}`, as(seller));
    expect(shown.body.data.reviews).toEqual<ReviewView[]>([{ ...review, state: 'public' }]);
  });
});

describe('GET /api/transactions?only=order|sale', () => {
  it('pages the orders of the customer and the sales of the provider, newest first; payment-expired hidden', async () => {
    const [customer, provider] = await Promise.all([
      signUp({ firstName: 'Cy' }),
      signUp({ firstName: 'Pat' }),
    ]);
    const listing = await givenListing(provider.user.id, { currentStock: 20 });
    const base = Date.now() - 120_000;
    const made: TransactionRecord[] = [];
    for (let i = 0; i < 12; i++)
      made.push(await order(customer.user.id, { listingId: listing.id, at: base + i * 1000 }));
    // A 13th order whose payment expired (the customer cancelled it): never in the inbox.
    const expired = await order(customer.user.id, { listingId: listing.id, at: base + 20_000 });
    await move(expired, 'cancel-payment', 'customer', base + 21_000);
    const newestFirst = made.map((tx) => tx.id).reverse();

    const page1 = await api('GET', '/api/transactions?only=order', as(customer));
    expect(page1.status).toBe(200);
    expect(page1.body.meta).toEqual({ page: 1, perPage: 10, totalItems: 12, totalPages: 2 });
    expect(page1.body.data.map((row: { id: string }) => row.id)).toEqual(newestFirst.slice(0, 10));
    expect(page1.body.data[0]).toMatchObject({
      id: newestFirst[0],
      state: 'pending-payment',
      lastTransition: 'request-payment',
      role: 'customer',
      listing: { id: listing.id, title: listing.title },
      otherParty: { id: provider.user.id, displayName: provider.user.displayName },
      payinTotal: made[11]!.payinTotal,
      payoutTotal: made[11]!.payoutTotal,
    });
    const page2 = await api('GET', '/api/transactions?only=order&page=2', as(customer));
    expect(page2.body.meta).toEqual({ page: 2, perPage: 10, totalItems: 12, totalPages: 2 });
    expect(page2.body.data.map((row: { id: string }) => row.id)).toEqual(newestFirst.slice(10));
    const page3 = await api('GET', '/api/transactions?only=order&page=3', as(customer));
    expect(page3.body.data).toEqual([]);
    expect(page3.body.meta.totalItems).toBe(12);

    const sales = await api('GET', '/api/transactions?only=sale&perPage=5&page=2', as(provider));
    expect(sales.body.meta).toEqual({ page: 2, perPage: 5, totalItems: 12, totalPages: 3 });
    expect(sales.body.data.map((row: { id: string }) => row.id)).toEqual(newestFirst.slice(5, 10));
    expect(sales.body.data[0]).toMatchObject({ role: 'provider', otherParty: { id: customer.user.id } });
    const all = await api('GET', '/api/transactions?only=sale&perPage=100', as(provider));
    expect(all.body.data.map((row: { id: string }) => row.id)).toEqual(newestFirst);

    // The other side of the inbox is empty for each.
    expect((await api('GET', '/api/transactions?only=sale', as(customer))).body.meta.totalItems).toBe(0);
    expect((await api('GET', '/api/transactions?only=order', as(provider))).body).toEqual({
      data: [],
      meta: { page: 1, perPage: 10, totalItems: 0, totalPages: 0 },
    });

    // A transition moves an order to the top.
    await move(made[0]!, 'confirm-payment', 'customer');
    const moved = await api('GET', '/api/transactions?only=order&perPage=1', as(customer));
    expect(moved.body.data[0]).toMatchObject({ id: made[0]!.id, state: 'purchased' });
  });

  it('refuses a bad only, page or perPage', async () => {
    for (const query of [
      '',
      '?only=both',
      '?only=order&perPage=101',
      '?only=order&perPage=0',
      '?only=sale&page=0',
      '?only=sale&page=x',
    ]) {
      const answer = await api('GET', `/api/transactions${query}`, as(buyer));
      expect(answer.status, query).toBe(400);
      expect(errorOf(answer.body).code).toBe('validation-invalid-params');
    }
    expect((await api('GET', '/api/transactions?only=order&perPage=100', as(buyer))).status).toBe(200);
  });
});

describe('GET /api/transactions/{id}/transitions', () => {
  it("offers each role its own transitions for the state, with the cancel window on the engine's clock", async () => {
    const pending = await order(buyer.user.id);
    const path = (tx: { id: string }) => `/api/transactions/${tx.id}/transitions`;
    expect(names((await api('GET', path(pending), as(buyer))).body)).toEqual([
      'cancel-payment',
      'confirm-payment',
    ]);
    expect((await api('GET', path(pending), as(seller))).body.data).toEqual([]);

    const fresh = await move(pending, 'confirm-payment', 'customer');
    const forCustomer = await api('GET', path(fresh), as(buyer));
    expect(forCustomer.status).toBe(200);
    expect(forCustomer.body.data).toEqual(
      expect.arrayContaining([
        { name: 'cancel', label: 'Cancel order' },
        { name: 'mark-received-from-purchased', label: 'Mark received' },
      ]),
    );
    expect(forCustomer.body.data).toHaveLength(2);
    // A pickup order: the seller hands it over (a shipped one says "Mark shipped").
    expect((await api('GET', path(fresh), as(seller))).body.data).toEqual([
      { name: 'mark-delivered', label: 'Mark handed over' },
    ]);

    // Purchased 10 minutes ago: past the cloud's (scaled) 3-hour window, so no cancel for the customer.
    const old = await purchased(buyer.user.id, Date.now() - 600_000);
    expect(names((await api('GET', path(old), as(buyer))).body)).toEqual(['mark-received-from-purchased']);

    const delivered = await move(fresh, 'mark-delivered', 'provider');
    expect(names((await api('GET', path(delivered), as(buyer))).body)).toEqual(['dispute', 'mark-received']);
    expect((await api('GET', path(delivered), as(seller))).body.data).toEqual([]);

    expect((await api('GET', path(fresh), as(stranger))).status).toBe(404);
    expect((await api('GET', path({ id: randomUUID() }), as(buyer))).status).toBe(404);
  });
});

describe('messages', () => {
  const messagesPath = (tx: { id: string }, query = '') => `/api/transactions/${tx.id}/messages${query}`;

  it('sends and lists messages between the parties, newest first, and refuses anybody else', async () => {
    const tx = await purchased(buyer.user.id);
    const sent = await api('POST', messagesPath(tx), {
      ...as(buyer),
      body: { content: '  When can you ship?  ' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({
      transactionId: tx.id,
      content: 'When can you ship?',
      senderId: buyer.user.id,
    });
    const reply = await api('POST', messagesPath(tx), { ...as(seller), body: { content: 'Tomorrow.' } });
    expect(reply.status).toBe(201);

    for (const party of [buyer, seller]) {
      const listed = await api('GET', messagesPath(tx), as(party));
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((m: { content: string }) => m.content)).toEqual([
        'Tomorrow.',
        'When can you ship?',
      ]);
      expect(listed.body.data[1]).toEqual(sent.body.data);
      expect(listed.body.meta).toEqual({ page: 1, perPage: 100, totalItems: 2, totalPages: 1 });
    }
    const shown = await api('GET', `/api/transactions/${tx.id}`, as(buyer));
    expect(shown.body.data.transaction.state).toBe('purchased');

    const strangerSends = await api('POST', messagesPath(tx), { ...as(stranger), body: { content: 'Hi' } });
    expect(strangerSends.status).toBe(404);
    expect(errorOf(strangerSends.body).code).toBe('not-found');
    expect((await api('GET', messagesPath(tx), as(stranger))).status).toBe(404);
    const unknown = { id: randomUUID() };
    expect((await api('POST', messagesPath(unknown), { ...as(buyer), body: { content: 'Hi' } })).status).toBe(
      404,
    );
    expect((await api('GET', messagesPath(unknown), as(buyer))).status).toBe(404);
    // Nothing was counted for the refused sends.
    expect((await api('GET', messagesPath(tx), as(seller))).body.meta.totalItems).toBe(2);
  });

  it('refuses empty and too long content', async () => {
    const tx = await order(buyer.user.id);
    for (const body of [
      {},
      { content: '' },
      { content: ' \n\t ' },
      { content: 42 },
      { content: 'x'.repeat(5001) },
    ]) {
      const answer = await api('POST', messagesPath(tx), { ...as(buyer), body });
      expect(answer.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(errorOf(answer.body).code).toBe('validation-invalid-params');
    }
    expect(
      (await api('POST', messagesPath(tx), { ...as(buyer), body: { content: 'x'.repeat(5000) } })).status,
    ).toBe(201);
  });

  it('pages 100 messages at a time, newest first, with totalItems from the count', async () => {
    const tx = await order(buyer.user.id);
    const base = Date.now() - 60_000;
    for (let start = 0; start < 102; start += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, 102 - start) }, (_, j) =>
          putMessage(
            tx.id,
            j % 2 ? tx.customerId : tx.providerId,
            `message ${start + j}`,
            new Date(base + (start + j) * 10),
          ),
        ),
      );
    }
    const page1 = await api('GET', messagesPath(tx), as(buyer));
    expect(page1.body.meta).toEqual({ page: 1, perPage: 100, totalItems: 102, totalPages: 2 });
    expect(page1.body.data).toHaveLength(100);
    expect(page1.body.data[0].content).toBe('message 101');
    expect(page1.body.data[99].content).toBe('message 2');
    const page2 = await api('GET', messagesPath(tx, '?page=2'), as(seller));
    expect(page2.body.data.map((m: { content: string }) => m.content)).toEqual(['message 1', 'message 0']);
    expect((await api('GET', messagesPath(tx, '?page=3'), as(seller))).body.data).toEqual([]);
    expect((await api('GET', messagesPath(tx, '?page=0'), as(seller))).status).toBe(400);
  });

  it('refuses to send to a banned or deleted other party (403), and show flags them', async () => {
    const other = await signUp({ firstName: 'Bo', lastName: 'Banned' });
    const listing = await givenListing(other.user.id);
    const tx = await order(buyer.user.id, { listingId: listing.id });
    expect((await api('POST', messagesPath(tx), { ...as(buyer), body: { content: 'Before' } })).status).toBe(
      201,
    );
    await banProfile(other.user.id);
    const refused = await api('POST', messagesPath(tx), { ...as(buyer), body: { content: 'After' } });
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body)).toMatchObject({
      code: 'forbidden',
      title: expect.stringMatching(/banned/),
    });
    const shown = await api('GET', `/api/transactions/${tx.id}`, as(buyer));
    expect(shown.body.data.provider).toMatchObject({
      id: other.user.id,
      banned: true,
      displayName: 'Banned user',
    });
    // The earlier message stays readable.
    expect((await api('GET', messagesPath(tx), as(buyer))).body.meta.totalItems).toBe(1);

    // A customer without a profile (deleted) cannot be written to either.
    const ghost = await order(randomUUID());
    const toGhost = await api('POST', messagesPath(ghost), { ...as(seller), body: { content: 'Hello?' } });
    expect(toGhost.status).toBe(403);
    expect(errorOf(toGhost.body).title).toMatch(/deleted/);
    expect((await api('GET', `/api/transactions/${ghost.id}`, as(seller))).body.data.customer).toMatchObject({
      deleted: true,
      displayName: 'Deleted user',
    });
  });
});

describe('GET /api/me/notifications', () => {
  it('counts the sales waiting for the seller: up on confirm-payment, down on mark-delivered', async () => {
    const count = async () => {
      const answer = await api('GET', '/api/me/notifications', as(seller));
      expect(answer.status).toBe(200);
      return answer.body.data.saleNotificationCount as number;
    };
    const before = await count();
    const tx = await order(buyer.user.id);
    expect(await count()).toBe(before);
    const confirmed = await move(tx, 'confirm-payment', 'customer');
    expect(await count()).toBe(before + 1);
    expect((await api('GET', '/api/me/notifications', as(buyer))).body.data).toEqual({
      saleNotificationCount: 0,
    });
    await move(confirmed, 'mark-delivered', 'provider');
    expect(await count()).toBe(before);
  });
});
