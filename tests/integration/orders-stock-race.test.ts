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

// The stock race: 20 buyers at once for the last bike over HTTP (POST /api/initiate-privileged,
// card). Exactly one order is made and reserves the stock; the other 19 are told there is not
// enough stock (409, the spec's message), never a 5xx; every PaymentIntent made for a loser is
// voided.
//
// This file runs on a local cloud of its own with real-time timers: 20 concurrent initiates take
// seconds on DynamoDB Local, longer than the suite cloud's scaled 15-minute payment window (1.8 s),
// whose expiry would give the bike back mid-race. The account helpers reach this cloud through the
// mocked `useLocalCloud`.

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

const BUYERS = 20;

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
  buyers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => buyer(`Racer${i}`)));
});

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

describe('20 buyers at once for the last bike', () => {
  it('one 201, nineteen 409 insufficient stock, stock 0, one sale, the losers’ PaymentIntents voided', async () => {
    const listing = await bikeListing(seller.user.id, 1);
    const keysOf = buyers.map(() => randomUUID());

    const answers = await Promise.all(
      buyers.map((account, i) => initiate(account, listing.id, { checkoutKey: keysOf[i] })),
    );

    const statuses = answers.map((answer) => answer.status);
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

    // The stock is reserved once; the seller has exactly one sale.
    expect(await stockOf(listing.id)).toBe(0);
    const sales = await api('GET', '/api/transactions?only=sale&perPage=100', as(seller));
    expect(sales.status).toBe(200);
    expect(sales.body.meta.totalItems).toBe(1);
    const winnerIndex = statuses.indexOf(201);
    const winner = answers[winnerIndex]!.body.data;
    expect(sales.body.data.map((row: { id: string }) => row.id)).toEqual([winner.transaction.id]);
    expect(winner.transaction.state).toBe('pending-payment');

    // No loser has an order; each PaymentIntent made for a loser was voided. (A loser that read the
    // listing after the winner's write was refused before any PaymentIntent was made.)
    const stripe = new SimulatedCardProvider({ origin: testCloud().url });
    let made = 0;
    for (const i of losers) {
      const orders = await api('GET', '/api/transactions?only=order', as(buyers[i]!));
      expect(orders.body.meta.totalItems).toBe(0);
      const intentId = await paymentIntentOf(transactionIdFor(buyers[i]!.user.id, keysOf[i]!));
      if (!intentId) continue;
      made += 1;
      expect((await stripe.retrievePaymentIntent(intentId)).status, `buyer ${i}`).toBe('canceled');
    }
    console.info(`stock race: ${made} of ${losers.length} losers got a PaymentIntent, all voided`);

    // The winner's PaymentIntent is the live one.
    const live = await stripe.retrievePaymentIntent(winner.stripePaymentIntentId);
    expect(live.status).not.toBe('canceled');
    expect(await paymentIntentOf(winner.transaction.id)).toBe(winner.stripePaymentIntentId);
  });
});
