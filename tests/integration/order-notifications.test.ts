/**
 * Order e-mails on the suite's local cloud: orders go through the engine in this process
 * (no money: the mails are the subject), the cloud's stream poller runs the `order-notifications`
 * consumer, and the mails are read from the dev outbox. Reminders are made by the engine as due
 * items and sent by the sweeper; the orders are dated back so their reminders are due now. Message
 * digests are due items too: sent by the cloud's sweeper, or (for conversations dated an hour ahead,
 * which it leaves alone) fired here with `sendDigest`.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, getUser } from '../../functions/accounts/repository';
import type { UserRecord } from '../../functions/accounts/user-record';
import { dynamo } from '../../functions/lib/aws';
import { sendEmail } from '../../functions/lib/email';
import { keys } from '../../functions/lib/table-design';
import { applyTransition, createTransaction, fireTimer, noMoney } from '../../functions/orders/engine';
import { messageItem, putMessage } from '../../functions/orders/messages';
import {
  type DigestDueItem,
  isDigestDueItem,
  mailOrBatch,
  sendDigest,
} from '../../functions/orders/notifications/message-mails';
import type { SendOutcome } from '../../functions/orders/notifications/send';
import { operatorEmail } from '../../functions/orders/notifications/templates';
import type { TransactionRecord } from '../../functions/orders/record';
import { queryAllDueItems } from '../../functions/orders/repository';
import { handler as transactionStream } from '../../functions/orders/transaction-stream';
import { handler as sweep } from '../../functions/orders/workflow/sweep-due';
import { sweepIntervalMs } from '../../infra/local/cloud';
import type { CarrierId } from '../../shared/config/carriers';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../shared/config/constants';
import { api, messagesTo, signUp } from './accounts';
import { eventually, settled, useLocalCloud } from './cloud-env';
import { givenListing } from './fixtures';

// The mails sent in this process (handlers called by the tests) may be made to fail once.
vi.mock('../../functions/lib/email', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/lib/email')>();
  return { ...real, sendEmail: vi.fn(real.sendEmail) };
});

let scale = 1;

beforeAll(() => {
  useLocalCloud();
  scale = Number(process.env.VELO_TIMER_SCALE ?? '1');
});

async function givenUser(
  firstName: string,
  settings?: UserRecord['notificationSettings'],
): Promise<UserRecord> {
  const id = randomUUID();
  return createUser({
    id,
    email: `${id}@notify.example`,
    emailVerified: true,
    firstName,
    lastName: 'Tester',
    displayName: `${firstName} T`,
    createdAt: new Date().toISOString(),
    ...(settings ? { notificationSettings: settings } : {}),
  });
}

interface Order {
  tx: TransactionRecord;
  buyer: UserRecord;
  seller: UserRecord;
  /** The order's clock (ms): each step is a second later. */
  clock: number;
}

const mailsTo = (user: { email: string } | string, subject?: RegExp) =>
  messagesTo(typeof user === 'string' ? user : user.email).filter((m) => !subject || subject.test(m.subject));

/**
 * How long to wait for a digest the cloud's sweeper sends: its window (15 minutes × scale: 5.4 s)
 * and the next sweep (every 2 s), with 3× margin, where eventually's 10-s default left 1.3×.
 */
const sweptDigestTimeoutMs = () => 3 * (15 * MINUTE_MS * scale + sweepIntervalMs);

/**
 * Waits until `user` has `count` mails matching `subject` (within `timeoutMs`), then until the cloud
 * settled (nothing more may come).
 */
async function expectMails(
  user: { email: string } | string,
  subject: RegExp,
  count: number,
  timeoutMs = 10_000,
) {
  await eventually(async () => (mailsTo(user, subject).length >= count ? true : undefined), { timeoutMs });
  await settled();
  const found = mailsTo(user, subject);
  expect(found).toHaveLength(count);
  return found;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The stream record of a message's INSERT (for a redelivery). */
const insertOf = (txId: string, message: { createdAt: string; id: string }): DynamoDBRecord =>
  ({
    eventName: 'INSERT',
    dynamodb: {
      Keys: { PK: { S: `TX#${txId}` }, SK: { S: keys.message(txId, message.createdAt, message.id).SK } },
    },
  }) as DynamoDBRecord;

const digestsOf = async (txId: string) =>
  (await queryAllDueItems())
    .filter((item) => item.transactionId === txId)
    .flatMap((item) => (isDigestDueItem(item) ? [item] : []));

/** Waits for the one digest due item of `txId`. */
async function digestDue(txId: string): Promise<DigestDueItem> {
  return eventually(async () => {
    const [item, ...more] = await digestsOf(txId);
    return item && more.length === 0 ? item : undefined;
  });
}

async function windowOf(txId: string, recipientId: string) {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: process.env.TABLE_NAME,
      Key: keys.messageMailWindow(txId, recipientId),
      ConsistentRead: true,
    }),
  );
  return Item;
}

async function setProfile(userId: string, fields: Partial<UserRecord>) {
  const entries = Object.entries(fields);
  await dynamo().send(
    new UpdateCommand({
      TableName: process.env.TABLE_NAME,
      Key: keys.user(userId),
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
    }),
  );
}

/** `shipped`: a listing picked up in Berlin or shipped, bought to be shipped to London. */
type OrderParties = { since?: number; buyer?: UserRecord; seller?: UserRecord; shipped?: boolean };

const londonAddress = {
  recipientName: 'Ann Smith',
  recipientAddressLine1: '221B Baker Street',
  recipientCity: 'London',
  recipientPostal: 'NW1 6XE',
  recipientCountry: 'GB',
};

/** An order pending payment (request-payment through the engine) of a fresh seller's listing. */
async function givenPendingPayment(
  options: OrderParties & { timers?: Parameters<typeof createTransaction>[0]['timers'] } = {},
): Promise<Order> {
  const seller = options.seller ?? (await givenUser('Sam'));
  const buyer = options.buyer ?? (await givenUser('Bea'));
  const listing = await givenListing(seller.id, {
    currentStock: 1,
    title: `Bike ${randomUUID().slice(0, 8)}`,
    ...(options.shipped
      ? {
          publicData: {
            category: 'roadBikes',
            condition: 'usedGoodCondition',
            pickupEnabled: true,
            shippingEnabled: true,
            location: {
              address: 'Berlin, Germany',
              building: 'Kastanienallee 12',
              city: 'Berlin',
              region: '',
              country: 'US',
            },
          },
          shippingFee: {
            oneItem: { amount: 4_000, currency: 'USD' },
            additionalItems: { amount: 0, currency: 'USD' },
          },
        }
      : {}),
  });
  const clock = options.since ?? Date.now();
  const { transaction } = await createTransaction({
    transition: 'request-payment',
    customerId: buyer.id,
    listingId: listing.id,
    checkoutKey: randomUUID(),
    orderData: options.shipped
      ? { deliveryMethod: 'shipping', quantity: 1, shippingDetails: londonAddress }
      : { deliveryMethod: 'pickup', quantity: 1 },
    now: new Date(clock),
    ...(options.timers ? { timers: options.timers } : {}),
  });
  return { tx: transaction, buyer, seller, clock };
}

/** A paid order (confirm-payment through the engine, no money) of a fresh seller's listing. */
async function givenPurchased(options: OrderParties = {}): Promise<Order> {
  // An order dated back must not expire (the cloud's sweeper) before this test confirms it.
  const timers = { scale, overrides: { 'expire-payment': DAY_MS } };
  const { tx: pending, buyer, seller, clock: since } = await givenPendingPayment({ ...options, timers });
  const clock = since + 1000;
  const tx = await applyTransition(pending.id, 'confirm-payment', {
    actor: 'customer',
    userId: buyer.id,
    money: noMoney,
    now: new Date(clock),
  });
  return { tx, buyer, seller, clock };
}

async function step(
  order: Order,
  name: string,
  actor: 'customer' | 'provider',
  protectedData?: { carrier?: CarrierId; trackingNumber?: string; disputeReason?: string },
) {
  order.clock += 1000;
  order.tx = await applyTransition(order.tx.id, name, {
    actor,
    userId: actor === 'customer' ? order.buyer.id : order.seller.id,
    money: noMoney,
    now: new Date(order.clock),
    ...(protectedData ? { params: { protectedData } } : {}),
  });
}

describe('order e-mails', () => {
  it('new order to the seller with where to ship; order confirmed to the buyer', async () => {
    const order = await givenPurchased({ shipped: true });
    const title = order.tx.listingSnapshot.title;
    const [mail] = await expectMails(order.seller, /^New order: /, 1);
    expect(mail!.subject).toMatch(new RegExp(`^New order: ${title} · Ship by \\w{3}, \\w{3} \\d{1,2}$`));
    for (const text of [
      `Bea T bought ${title}`,
      `Item: ${title}`,
      "You'll make: $895.00",
      'Ship to:',
      '221B Baker Street',
      'NW1 6XE',
      'United Kingdom',
      'Ship it by ',
      `/sale/${order.tx.id}/details`,
    ]) {
      expect(mail!.text).toContain(text);
    }
    expect(mail!.html).toContain(`/sale/${order.tx.id}/details`);

    const [confirmed] = await expectMails(order.buyer, /^Order confirmed: /, 1);
    for (const text of [
      `Item: ${title}`,
      'Total paid: $990.00',
      'Delivery: Shipping',
      'Shipping to:',
      '221B Baker Street',
      'The seller ships it by ',
      'You can cancel the order on its page until ',
      `/order/${order.tx.id}/details`,
    ]) {
      expect(confirmed!.text).toContain(text);
    }
    // The order mails to the buyer never carry the seller's side of the money.
    expect(confirmed!.text).not.toContain("You'll make");
  });

  it('a pickup order: the buyer gets the pickup place with the order, the seller a hand-over date', async () => {
    const order = await givenPurchased();
    const title = order.tx.listingSnapshot.title;
    const [sold] = await expectMails(order.seller, /^New order: /, 1);
    expect(sold!.subject).toMatch(new RegExp(`^New order: ${title} · Hand over by `));
    const [confirmed] = await expectMails(order.buyer, /^Order confirmed: /, 1);
    expect(confirmed!.text).toContain('Pick it up at:');
    expect(confirmed!.text).toContain('1 Main St');
    expect(confirmed!.text).toContain('Open in maps: https://www.openstreetmap.org/');
  });

  it('shipped: the carrier and the tracking number linked to its tracking page (order link)', async () => {
    const order = await givenPurchased({ shipped: true });
    await step(order, 'mark-delivered', 'provider', {
      carrier: 'royal-mail',
      trackingNumber: '1Z <b>999</b>',
    });
    const [mail] = await expectMails(order.buyer, /^On its way: /, 1);
    expect(mail!.text).toContain('Carrier: Royal Mail');
    expect(mail!.text).toContain('Tracking number: 1Z <b>999</b>');
    expect(mail!.text).toContain(
      'Track the parcel: https://www.royalmail.com/track-your-item#/tracking-results/1Z%20%3Cb%3E999%3C%2Fb%3E',
    );
    expect(mail!.html).toContain('1Z &lt;b&gt;999&lt;/b&gt;');
    expect(mail!.text).toContain(`/order/${order.tx.id}/details`);
    // The report window: 10 days' transit + 3 days from marking shipped (scaled like the timers).
    expect(mail!.text).toContain('report a problem on the order page by ');
    expect(Date.parse(order.tx.deadline!.dueAt) - Date.parse(order.tx.entered.delivered!)).toBe(
      Math.round(13 * DAY_MS * scale),
    );
  });

  it('a pickup handed over: "Picked up", no tracking', async () => {
    const order = await givenPurchased();
    await step(order, 'mark-delivered', 'provider');
    const [mail] = await expectMails(order.buyer, /^Picked up: /, 1);
    expect(mail!.text).toContain('handed');
    expect(mail!.text).not.toContain('Tracking number');
    expect(Date.parse(order.tx.deadline!.dueAt) - Date.parse(order.tx.entered.delivered!)).toBe(
      Math.round(3 * DAY_MS * scale),
    );
    // Not left in delivered: its (scaled) timer would pay out an order that holds no payment.
    await step(order, 'mark-received', 'customer');
  });

  it('dispute opened: to both parties and the operator address', async () => {
    const order = await givenPurchased();
    await step(order, 'mark-delivered', 'provider', { trackingNumber: 'T-1' });
    await step(order, 'dispute', 'customer', { disputeReason: 'The frame is cracked' });
    const [toBuyer] = await expectMails(order.buyer, /^We received your problem report/, 1);
    const [toSeller] = await expectMails(order.seller, /^A problem was reported/, 1);
    expect(toBuyer!.text).toContain('The frame is cracked');
    expect(toSeller!.text).toContain('The frame is cracked');
    const [toOperator] = await expectMails(operatorEmail(), new RegExp(`\\(${order.tx.id}\\)$`), 1);
    expect(toOperator!.subject).toMatch(/^Dispute opened: /);
    expect(toOperator!.text).toContain(`cancel-from-disputed ${order.tx.id}`);
  });

  it('received and review requests to both; a redelivered stream record sends nothing twice', async () => {
    const order = await givenPurchased();
    await step(order, 'mark-delivered', 'provider', { trackingNumber: 'T-2' });
    const delivered = order.tx;
    await step(order, 'mark-received', 'customer'); // → received → completed (auto-complete)
    expect(order.tx.state).toBe('completed');
    await expectMails(order.seller, /^You have been paid/, 1);
    await expectMails(order.buyer, /^Order complete/, 1);
    await expectMails(order.buyer, /^Leave a review/, 1);
    await expectMails(order.seller, /^Leave a review/, 1);
    const before = messagesTo(order.buyer.email).length + messagesTo(order.seller.email).length;

    // The stream delivers the same records again (at least once): the markers hold.
    const modify = (from: number, to: number): DynamoDBRecord =>
      ({
        eventName: 'MODIFY',
        dynamodb: {
          Keys: { PK: { S: `TX#${order.tx.id}` }, SK: { S: 'TX' } },
          OldImage: { version: { N: String(from) } },
          NewImage: { version: { N: String(to) } },
        },
      }) as DynamoDBRecord;
    const again = await transactionStream({
      Records: [
        modify(delivered.version - 1, delivered.version),
        modify(delivered.version, delivered.version + 1),
        modify(delivered.version + 1, delivered.version + 2),
      ],
    });
    expect(again).toEqual({ batchItemFailures: [] });
    await settled();
    expect(messagesTo(order.buyer.email).length + messagesTo(order.seller.email).length).toBe(before);
  });

  it('canceled and refunded: to both', async () => {
    const order = await givenPurchased();
    await step(order, 'cancel', 'customer');
    await expectMails(order.buyer, /^Order canceled and refunded/, 1);
    await expectMails(order.seller, /^Order canceled: /, 1);
  });

  it('payment expired to the buyer only; reviews published to both when the review window expires', async () => {
    // An order never paid: its expire-payment timer fires (here, or the cloud's sweeper first).
    const unpaid = await givenPendingPayment({ since: Date.now() - 2 * DAY_MS });
    const expired = await fireTimer(unpaid.tx.id, 'expire-payment', { money: noMoney, now: new Date() });
    expect(['fired', 'already-moved']).toContain(expired.outcome);
    const [mail] = await expectMails(unpaid.buyer, /^Your order was not completed: /, 1);
    expect(mail!.text).toContain(`/order/${unpaid.tx.id}/details`);
    expect(mailsTo(unpaid.seller)).toHaveLength(0);

    // Only the buyer reviews; the seller's window runs out → both reviews published, both told.
    const order = await givenPurchased({ since: Date.now() - 20 * DAY_MS });
    await step(order, 'mark-delivered', 'provider', { trackingNumber: 'T-9' });
    await step(order, 'mark-received', 'customer'); // → completed
    order.clock += 1000;
    await applyTransition(order.tx.id, 'review-1-by-customer', {
      actor: 'customer',
      userId: order.buyer.id,
      money: noMoney,
      now: new Date(order.clock),
      params: { review: { rating: 4, content: 'Fine, a bit slow to ship.' } },
    });
    const published = await fireTimer(order.tx.id, 'expire-provider-review-period', {
      money: noMoney,
      now: new Date(order.clock + 8 * DAY_MS),
    });
    expect(['fired', 'already-moved']).toContain(published.outcome);
    await expectMails(order.buyer, /^Reviews published: /, 1);
    await expectMails(order.seller, /^Reviews published: /, 1);
  });

  it('messages: the first mailed at once, the others of its window in ONE digest when it closes (3 messages → 2 mails)', async () => {
    const order = await givenPurchased();
    const t = Date.now();
    await putMessage(order.tx.id, order.buyer.id, 'Is it still <i>available</i>?', new Date(t));
    await putMessage(order.tx.id, order.buyer.id, 'And can you ship on <b>Friday</b>?', new Date(t + 100));
    await putMessage(order.tx.id, order.buyer.id, 'Or Saturday.', new Date(t + 200));
    const [first] = await expectMails(order.seller, /^New message about/, 1);
    expect(first!.text).toContain('Bea T sent you a message');
    expect(first!.text).toContain('Is it still <i>available</i>?');
    expect(first!.html).not.toContain('<i>');
    expect(first!.text).toContain(`/sale/${order.tx.id}/details`);
    // The cloud's sweeper sends the digest when the window closes (15 minutes × scale).
    const [digest] = await expectMails(order.seller, /^2 new messages about /, 1, sweptDigestTimeoutMs());
    expect(digest!.subject).toBe(`2 new messages about ${order.tx.listingSnapshot.title}`);
    expect(digest!.text).toMatch(
      /Bea T \([A-Z][a-z]{2} \d+, \d\d:\d\d UTC\): “And can you ship on <b>Friday<\/b>\?”/,
    );
    expect(digest!.text).toContain('“Or Saturday.”');
    expect(digest!.text).not.toContain('available');
    expect(digest!.html).toContain('&lt;b&gt;Friday&lt;/b&gt;');
    expect(digest!.html).not.toContain('<b>Friday');
    expect(digest!.text).toContain(`/sale/${order.tx.id}/details`);
    // Sweeping again sends nothing more.
    await sweep({ now: new Date().toISOString() });
    await settled();
    expect(mailsTo(order.seller, /new messages? about/i)).toHaveLength(2);
    // The seller answers: the buyer has a window of their own.
    await putMessage(order.tx.id, order.seller.id, 'Yes, Friday works.', new Date());
    const [answer] = await expectMails(order.buyer, /^New message about/, 1);
    expect(answer!.text).toContain(`/order/${order.tx.id}/details`);
  });

  it('message digests: fired twice at once, one mail; redelivered records and another firing send nothing; a late record goes in the next digest', async () => {
    const order = await givenPurchased();
    const windowMs = 15 * MINUTE_MS * scale;
    // Dated an hour ahead, so the cloud's own sweeper leaves this conversation's digests to the test.
    const t = Date.now() + HOUR_MS;
    const one = await putMessage(order.tx.id, order.buyer.id, 'One', new Date(t));
    const two = await putMessage(order.tx.id, order.buyer.id, 'Two', new Date(t + 100));
    await expectMails(order.seller, /^New message about/, 1);
    const item = await digestDue(order.tx.id);
    expect(item).toMatchObject({ recipientId: order.seller.id, dueAt: iso(t + windowMs) });

    // Two sweeps fire it at once: one mail, listing the second message only.
    const end = new Date(t + windowMs);
    const outcomes = await Promise.all([sendDigest(item, end), sendDigest(item, end)]);
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(1);
    const [digest] = await expectMails(order.seller, /^1 new message about /, 1);
    expect(digest!.text).toContain('“Two”');
    expect(digest!.text).not.toContain('One');
    // The window starts again at the digest's due time; both messages are covered.
    expect(await windowOf(order.tx.id, order.seller.id)).toMatchObject({
      lastAt: iso(t + windowMs),
      coveredThrough: keys.message(order.tx.id, two.createdAt, two.id).SK,
    });
    expect(await digestsOf(order.tx.id)).toEqual([]);

    // The stream delivers both records again, and the item fires once more: nothing.
    const again = await transactionStream({
      Records: [insertOf(order.tx.id, one), insertOf(order.tx.id, two)],
    });
    expect(again).toEqual({ batchItemFailures: [] });
    expect(await sendDigest(item, end)).toBe('nothing');
    expect(await digestsOf(order.tx.id)).toEqual([]);

    // Written just before the first window closed, its record handled after that digest went
    // (stream lag): the next window's digest lists it.
    await putMessage(order.tx.id, order.buyer.id, 'Three, <late>', new Date(t + windowMs - 50));
    const next = await digestDue(order.tx.id);
    expect(next.dueAt).toBe(iso(t + 2 * windowMs));
    expect(await sendDigest(next, new Date(t + 2 * windowMs))).toBe('sent');
    const digests = await expectMails(order.seller, /^1 new message about /, 2);
    const late = digests.find((mail) => mail.text.includes('Three'))!;
    expect(late.text).toContain('“Three, <late>”');
    expect(late.html).toContain('Three, &lt;late&gt;');
    expect(late.text).not.toContain('Two');
    expect(mailsTo(order.seller, /new messages? about/i)).toHaveLength(3);
  });

  it('message digests: none to a recipient who turned message mails off or was banned since; those messages are never mailed later', async () => {
    const order = await givenPurchased();
    const windowMs = 15 * MINUTE_MS * scale;
    const t = Date.now() + HOUR_MS;
    await putMessage(order.tx.id, order.buyer.id, 'One', new Date(t));
    await putMessage(order.tx.id, order.buyer.id, 'Two', new Date(t + 100));
    await expectMails(order.seller, /^New message about/, 1);
    const turnedOff = await digestDue(order.tx.id);
    await setProfile(order.seller.id, { notificationSettings: { messages: false, reminders: true } });
    expect(await sendDigest(turnedOff, new Date(t + windowMs))).toBe('turned-off');
    expect(await digestsOf(order.tx.id)).toEqual([]);

    // Back on: the next message after the window is mailed at once; "Two" never is.
    await setProfile(order.seller.id, { notificationSettings: { messages: true, reminders: true } });
    await putMessage(order.tx.id, order.buyer.id, 'Three', new Date(t + windowMs + 100));
    const mails = await expectMails(order.seller, /^New message about/, 2);
    expect(mails.find((mail) => mail.text.includes('“Three”'))).toBeDefined();
    // Batched, then the seller is banned before the window closes.
    await putMessage(order.tx.id, order.buyer.id, 'Four', new Date(t + windowMs + 200));
    const banned = await digestDue(order.tx.id);
    await setProfile(order.seller.id, { banned: true });
    expect(await sendDigest(banned, new Date(banned.dueAt))).toBe('no-recipient');
    await settled();
    expect(mailsTo(order.seller, /new messages? about/i)).toHaveLength(2);
    expect(mails.some((mail) => mail.text.includes('Two'))).toBe(false);
  });

  it('message mails: a failed send leaves its message pending (no later one claims the window past it); a failed digest is fired again', async () => {
    const order = await givenPurchased();
    const windowMs = 15 * MINUTE_MS * scale;
    const t = Date.now() + HOUR_MS;
    // Written by no party, so the cloud's stream consumer mails nothing: this test drives the pieces.
    const [one, two] = await Promise.all(
      ['One', 'Two'].map(async (content, i) => {
        const item = messageItem(order.tx.id, 'someone', content, iso(t + i * 100));
        await dynamo().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: { ...item } }));
        return item;
      }),
    );
    const seller = order.seller.id;
    const mailNow = vi.fn(async (): Promise<SendOutcome> => {
      throw new Error('SES is down');
    });
    await expect(mailOrBatch(order.tx.id, seller, one!, mailNow)).rejects.toThrow('SES is down');
    // The window is given back (as if one had just ended), with "One" pending: its digest is due at once.
    expect(await windowOf(order.tx.id, seller)).toMatchObject({
      lastAt: iso(t - windowMs),
      batchedThrough: one!.SK,
    });
    const item = await digestDue(order.tx.id);
    expect(item.dueAt).toBe(one!.createdAt);
    // A later message, and the retried record, do not claim the window past "One": both batched.
    mailNow.mockClear();
    expect(await mailOrBatch(order.tx.id, seller, two!, mailNow)).toBe('batched');
    expect(await mailOrBatch(order.tx.id, seller, one!, mailNow)).toBe('batched');
    expect(mailNow).not.toHaveBeenCalled();
    expect(await digestsOf(order.tx.id)).toEqual([item]);

    // The digest's send fails: the window as it was, the item kept for the next sweep.
    vi.mocked(sendEmail).mockRejectedValueOnce(new Error('SES is down'));
    // (Fired a second after the messages settled: a digest covers only messages written a quarter
    // of the window, at most 5 s, before it is fired: functions/orders/notifications/message-mails.ts.)
    const fired = new Date(Date.parse(item.dueAt) + Math.min(5000, windowMs / 4) + 1000);
    expect(await sendDigest(item, new Date(item.dueAt))).toBe('nothing');
    await expect(sendDigest(item, fired)).rejects.toThrow('SES is down');
    expect(await digestsOf(order.tx.id)).toEqual([item]);
    expect(await windowOf(order.tx.id, seller)).toMatchObject({ lastAt: iso(t - windowMs) });
    expect(await sendDigest(item, fired)).toBe('sent');
    const [digest] = await expectMails(order.seller, /^2 new messages about /, 1);
    expect(digest!.text).toContain('The other party (');
    expect(digest!.text.indexOf('“One”')).toBeLessThan(digest!.text.indexOf('“Two”'));
    expect(await windowOf(order.tx.id, seller)).toMatchObject({
      lastAt: item.dueAt,
      coveredThrough: two!.SK,
    });
  });

  it('message mails off by preference (order mails still go)', async () => {
    const seller = await givenUser('Quiet', { messages: false });
    const order = await givenPurchased({ seller });
    await expectMails(seller, /^New order: /, 1);
    await putMessage(order.tx.id, order.buyer.id, 'Hello?', new Date());
    await putMessage(order.tx.id, order.buyer.id, 'Anyone?', new Date());
    await settled();
    expect(mailsTo(seller, /new messages? about/i)).toHaveLength(0);
    expect(await digestsOf(order.tx.id)).toEqual([]); // nothing batched for a digest either
  });

  it('reminders: the sweeper sends them when due (ship; report a problem), once, and not for an order that moved on or to whom turned them off', async () => {
    // Dated back: purchased 3 days (scaled) + 5 s ago, so the ship reminder is due now.
    const since = Date.now() - 3 * DAY_MS * scale - 5000;
    const waiting = await givenPurchased({ since });
    // `moved`'s ship reminder falls due 6 s from now: the background sweeper (every 2 s) cannot send
    // it before the order moves on below, however slow the machine; once due, it is stale.
    const movedShipReminderAt = Date.now() + 6_000;
    const moved = await givenPurchased({ since: movedShipReminderAt - 3 * DAY_MS * scale });
    const quiet = await givenPurchased({ since, seller: await givenUser('Quiet', { reminders: false }) });
    // `moved` shipped 2 days (scaled) + 4 s ago: its ship reminder goes stale; its report-problem
    // reminder (2 days after delivered) is due now, while auto-mark-received is a day (scaled) away.
    moved.clock = Date.now() - 2 * DAY_MS * scale - 4000;
    await step(moved, 'mark-delivered', 'provider', { trackingNumber: 'T-3' });
    const dueFor = async (txId: string) =>
      (await queryAllDueItems()).filter((item) => item.transactionId === txId && item.kind === 'reminder');
    // The engine's due item, on an order of now (the dated-back ones may be swept already).
    const fresh = await givenPurchased();
    expect(await dueFor(fresh.tx.id)).toMatchObject([
      {
        reminder: 'ship',
        state: 'purchased',
        dueAt: new Date(Date.parse(fresh.tx.entered.purchased!) + 3 * DAY_MS * scale).toISOString(),
      },
    ]);

    // The background sweeper may get there first, and a sweep covers the whole table (other tests'
    // due items too): its count proves nothing here; the mails below count exactly one each.
    await sweep({ now: new Date().toISOString() });
    const [ship] = await expectMails(waiting.seller, /^Reminder: please hand over/, 1);
    expect(ship!.text).toContain(`/sale/${waiting.tx.id}/details`);
    await expectMails(moved.buyer, /^Did .* arrive as described\?$/, 1);
    // Past the stale ship reminder's time, a sweep drops it without a mail.
    const [stale] = await dueFor(moved.tx.id);
    const staleAt = stale ? Date.parse(stale.dueAt) : movedShipReminderAt;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, staleAt + 200 - Date.now())));
    await sweep({ now: new Date().toISOString() });
    expect(mailsTo(moved.seller, /^Reminder: please hand over/)).toHaveLength(0);
    expect(mailsTo(quiet.seller, /^Reminder: please hand over/)).toHaveLength(0);
    for (const order of [waiting, moved, quiet]) expect(await dueFor(order.tx.id)).toEqual([]);

    // Sweeping again sends nothing more.
    await sweep({ now: new Date().toISOString() });
    await settled();
    expect(mailsTo(waiting.seller, /^Reminder: please hand over/)).toHaveLength(1);
    expect(mailsTo(moved.buyer, /^Did /)).toHaveLength(1);
    // Not left in delivered: its (scaled) timer would pay out an order that holds no payment.
    await step(moved, 'mark-received', 'customer');
  });

  it('enquiry received to the seller with the question (the first message), which opens the window', async () => {
    const seller = await givenUser('Sam');
    const buyer = await givenUser('Bea');
    const listing = await givenListing(seller.id, { currentStock: 1 });
    const t = Date.now();
    const { transaction } = await createTransaction({
      transition: 'enquire',
      customerId: buyer.id,
      listingId: listing.id,
      checkoutKey: randomUUID(),
      orderData: {},
      now: new Date(t),
    });
    // Nothing yet: the enquiry mail waits for the question (sent after the enquiry, per the spec).
    await settled();
    expect(mailsTo(seller, /^New enquiry: /)).toHaveLength(0);
    await putMessage(transaction.id, buyer.id, 'Would you take 800?', new Date(t + 50));
    const [mail] = await expectMails(seller, /^New enquiry: /, 1);
    expect(mail!.text).toContain(`Bea T has a question about ${listing.title}`);
    expect(mail!.text).toContain('Would you take 800?');
    expect(mail!.text).toContain(`/sale/${transaction.id}/details`);
    // A second question within the window goes in the window's digest; no "New message" for either.
    await putMessage(transaction.id, buyer.id, 'Or 750 with pickup?', new Date(t + 100));
    const [digest] = await expectMails(seller, /^1 new message about /, 1, sweptDigestTimeoutMs());
    expect(digest!.text).toContain('“Or 750 with pickup?”');
    expect(digest!.text).not.toContain('800');
    expect(mailsTo(seller, /^New enquiry: /)).toHaveLength(1);
    expect(mailsTo(seller, /^New message/)).toHaveLength(0);
  });

  it('PATCH /api/me notificationSettings: defaults on, one flag at a time, validated', async () => {
    const account = await signUp({ firstName: 'Pref', lastName: 'Tester' });
    const me = await api('GET', '/api/me', { token: account.accessToken });
    expect(me.body.data.notificationSettings).toEqual({ messages: true, reminders: true });
    const off = await api('PATCH', '/api/me', {
      token: account.accessToken,
      body: { notificationSettings: { messages: false } },
    });
    expect(off.status).toBe(200);
    expect(off.body.data.notificationSettings).toEqual({ messages: false, reminders: true });
    const both = await api('PATCH', '/api/me', {
      token: account.accessToken,
      body: { notificationSettings: { reminders: false } },
    });
    expect(both.body.data.notificationSettings).toEqual({ messages: false, reminders: false });
    expect((await getUser(account.user.id))?.notificationSettings).toEqual({
      messages: false,
      reminders: false,
    });
    for (const bad of [{ messages: 'no' }, {}, { orders: false }, 'off']) {
      const refused = await api('PATCH', '/api/me', {
        token: account.accessToken,
        body: { notificationSettings: bad },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].code).toBe('validation-invalid-params');
    }
  });

  it('the batching window marker and the sent markers are in the table (docs/data-model.md)', async () => {
    const order = await givenPurchased();
    await expectMails(order.seller, /^New order: /, 1);
    const marker = await dynamo().send(
      new GetCommand({
        TableName: process.env.TABLE_NAME,
        Key: keys.notificationSent(order.tx.id, `v${order.tx.version}#new-order#${order.seller.id}`),
        ConsistentRead: true,
      }),
    );
    expect(marker.Item).toMatchObject({ entity: 'notification-sent', template: 'new-order', to: 'provider' });
  });
});
