import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dynamo, tableName } from '../../functions/lib/aws';
import { keys } from '../../functions/lib/table-design';
import { moneyKeys } from '../../functions/orders/money/common';
import { transactionIdFor } from '../../functions/orders/record';
import { SimulatedCardProvider } from '../../functions/payments/stripe/simulated';
import { freeLocalPorts, type LocalCloud } from '../../infra/local/cloud';
import { apiErrors } from '../../shared/errors/catalogue';
import { api, errorOf, type TestAccount, testCloud } from './accounts';
import { startOrderCloud, tempFolder } from './order-cloud';
import { as, bikeListing, buyer, initiate, stockOf, stripeSeller } from './order-fixtures';
import { probeItemWrites } from './race-probe';

// The stock race (issue 28): 100 buyers at once for the last bike over HTTP (POST
// /api/initiate-privileged, card). Exactly one order is made and reserves the stock; the other 99
// are told there is not enough stock (409, the spec's message), never a 5xx; every PaymentIntent
// made for a loser is voided.
//
// The losers must be refused by the stock reservation's condition itself, not by the stock read
// that comes before the write (priceOrder): a probe on the handlers' table client holds every
// write of the listing until all 100 have arrived (every buyer past every read), then counts the
// writes the condition refused. With the condition deleted, this test fails (docs/decisions.md).
//
// This file runs on a local cloud of its own with real-time timers: 100 concurrent initiates take
// seconds on DynamoDB Local, longer than the suite cloud's scaled 15-minute payment window (5.4 s),
// whose expiry would give the bike back mid-race. The account helpers reach this cloud through the
// mocked `useLocalCloud`; its handlers run in this worker (the gateway), so the probe sees them.

const own = vi.hoisted(() => ({
  cloud: undefined as { url: string; env: Record<string, string>; cognito: { clientId: string } } | undefined,
  dataDir: '',
}));
vi.mock('./cloud-env', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./cloud-env')>()),
  useLocalCloud: () => {
    if (!own.cloud) throw new Error('the race cloud is not started');
    Object.assign(process.env, own.cloud.env);
    return { url: own.cloud.url, dataDir: own.dataDir };
  },
}));
// `signUp` signs in with the suite cloud's app client (inject): here, with this cloud's.
vi.mock('./accounts', async (importOriginal) => {
  const accounts = await importOriginal<typeof import('./accounts')>();
  const { CognitoIdentityProviderClient, InitiateAuthCommand } = await import(
    '@aws-sdk/client-cognito-identity-provider'
  );
  const signUp: typeof accounts.signUp = async (overrides = {}) => {
    const email = accounts.uniqueEmail();
    const password = 'Correct-horse-9';
    const response = await accounts.api('POST', '/api/auth/signup', {
      body: {
        email,
        password,
        firstName: overrides.firstName ?? 'Ada',
        lastName: overrides.lastName ?? 'Rider',
      },
    });
    if (response.status !== 201) throw new Error(`signup failed: ${response.status}`);
    const cognito = new CognitoIdentityProviderClient({});
    try {
      const signedIn = await cognito.send(
        new InitiateAuthCommand({
          ClientId: own.cloud!.cognito.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      return {
        email,
        password,
        user: response.body.data,
        accessToken: signedIn.AuthenticationResult!.AccessToken!,
      };
    } finally {
      cognito.destroy();
    }
  };
  return { ...accounts, signUp };
});

const BUYERS = 100;
/** Sign-ups at a time (cognito-local and the sign-up handler share this worker's event loop). */
const SIGN_UP_BATCH = 25;

let seller: TestAccount;
let buyers: TestAccount[];
let cloud: LocalCloud | undefined;
let folder: string | undefined;

beforeAll(async () => {
  folder = tempFolder('velo-stock-race-');
  own.dataDir = join(folder, 'data');
  cloud = await startOrderCloud({ timerScale: 1, ports: await freeLocalPorts(), dataDir: own.dataDir });
  own.cloud = cloud;
  testCloud();
  seller = await stripeSeller('Rae');
  buyers = [];
  while (buyers.length < BUYERS) {
    const first = buyers.length;
    const batch = Math.min(SIGN_UP_BATCH, BUYERS - first);
    buyers.push(...(await Promise.all(Array.from({ length: batch }, (_, i) => buyer(`Racer${first + i}`)))));
  }
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
  if (folder) rmSync(dirname(own.dataDir), { recursive: true, force: true });
});

/** The PaymentIntent the simulated Stripe made for an order id (by its idempotency key), if any. */
async function paymentIntentOf(transactionId: string): Promise<string | undefined> {
  const found = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.simulatedStripeIdempotency(moneyKeys.paymentIntent(transactionId)),
      ConsistentRead: true,
    }),
  );
  return found.Item?.objectId as string | undefined;
}

describe('100 buyers at once for the last bike', () => {
  it('one 201, 99 × 409 insufficient stock refused by the stock condition, stock 0, one sale, the losers’ PaymentIntents voided', async () => {
    const listing = await bikeListing(seller.user.id, 1);
    const keysOf = buyers.map(() => randomUUID());
    const probe = probeItemWrites(dynamo(), {
      partitionKey: keys.listing(listing.id).PK,
      holdUntil: BUYERS,
      holdTimeoutMs: 30_000,
    });

    let answers: Awaited<ReturnType<typeof initiate>>[];
    try {
      answers = await Promise.all(
        buyers.map((account, i) => initiate(account, listing.id, { checkoutKey: keysOf[i] })),
      );
    } finally {
      probe.remove();
    }

    const statuses = answers.map((answer) => answer.status);
    const count = (wanted: (status: number) => boolean) => statuses.filter(wanted).length;
    const { counts } = probe;
    console.info(
      `stock race: ${BUYERS} buyers, ${count((s) => s === 201)} × 201, ${count((s) => s === 409)} × 409, ` +
        `${count((s) => s >= 500)} × 5xx, ${counts.refusedByCondition} losers refused by the stock condition ` +
        `(${counts.arrived} writes of the listing: ${counts.committed} committed, ${counts.conflicted} ` +
        `TransactionConflict retried, ${counts.otherFailures} other)`,
    );
    expect(
      statuses.filter((status) => status >= 500),
      JSON.stringify(answers.filter((a) => a.status >= 500).map((a) => a.body)),
    ).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    const losers = answers.flatMap((answer, i) => (answer.status === 201 ? [] : [i]));
    expect(losers).toHaveLength(BUYERS - 1);
    for (const i of losers) {
      expect(answers[i]!.status, JSON.stringify(answers[i]!.body)).toBe(409);
      expect(errorOf(answers[i]!.body)).toMatchObject({
        code: 'transaction-listing-insufficient-stock',
        title: "Unfortunately, you can't make an order. There's not enough stock left for this item.",
      });
    }
    expect(apiErrors['transaction-listing-insufficient-stock'].title).toBe(
      "Unfortunately, you can't make an order. There's not enough stock left for this item.",
    );

    // Every buyer reached the write (the hold let them go together, not its timeout), and the
    // losers were refused there, by the reservation's condition: one commit; a loser whose every
    // try lost to concurrent transactions was told from the listing re-read (sold out) instead.
    expect(counts.releasedByArrivals, 'all 100 buyers reached the stock write').toBe(true);
    expect(counts.committed).toBe(1);
    expect(counts.otherFailures).toBe(0);
    expect(counts.refusedByCondition, 'losers refused by the stock condition').toBeGreaterThanOrEqual(
      (BUYERS - 1) / 2,
    );

    // The stock is reserved once; the seller has exactly one sale.
    expect(await stockOf(listing.id)).toBe(0);
    const sales = await api('GET', '/api/transactions?only=sale&perPage=100', as(seller));
    expect(sales.status).toBe(200);
    expect(sales.body.meta.totalItems).toBe(1);
    const winnerIndex = statuses.indexOf(201);
    const winner = answers[winnerIndex]!.body.data;
    expect(sales.body.data.map((row: { id: string }) => row.id)).toEqual([winner.transaction.id]);
    expect(winner.transaction.state).toBe('pending-payment');

    // No loser has an order; every loser got a PaymentIntent before the write (they all passed
    // the reads), and each was voided.
    const stripe = new SimulatedCardProvider({ origin: testCloud().url });
    await Promise.all(
      losers.map(async (i) => {
        const orders = await api('GET', '/api/transactions?only=order', as(buyers[i]!));
        expect(orders.body.meta.totalItems).toBe(0);
        const intentId = await paymentIntentOf(transactionIdFor(buyers[i]!.user.id, keysOf[i]!));
        expect(intentId, `buyer ${i}'s PaymentIntent`).toBeDefined();
        expect((await stripe.retrievePaymentIntent(intentId!)).status, `buyer ${i}`).toBe('canceled');
      }),
    );

    // The winner's PaymentIntent is the live one.
    const live = await stripe.retrievePaymentIntent(winner.stripePaymentIntentId);
    expect(live.status).not.toBe('canceled');
    expect(await paymentIntentOf(winner.transaction.id)).toBe(winner.stripePaymentIntentId);
  }, 60_000);
});
