import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo, tableName } from '../../functions/lib/aws';
import { partitions } from '../../functions/lib/table-design';
import { recordEvent } from '../../functions/orders/finance/ledger';
import { runFinance } from '../../infra/finance/cli';
import { monthCommission, sellerPayouts } from '../../infra/finance/ledger';
import { localCognitoClient } from '../../infra/local/cognito';
import type { EventType } from '../../shared/events/definitions';
import { transactionEventId } from '../../shared/events/envelope';
import { signUp } from './accounts';
import { useLocalCloud } from './cloud-env';

// The finance report (infra/finance/) against a ledger in DynamoDB Local, written with the ledger's
// own write (recordEvent) as the finance rule does. October 2026 is this file's alone (the suite's
// other tests record their events in the current month), so its commission totals are exact.

let dataDir: string;
let seller: { id: string; email: string };
const otherSellerId = randomUUID();
const usd = (amount: number) => ({ amount, currency: 'USD' });

function delivery(type: EventType, transactionId: string, occurredAt: string, data: Record<string, unknown>) {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': type,
    source: 'velo.finance',
    account: '000000000000',
    time: `${occurredAt.slice(0, 19)}Z`,
    region: 'us-east-1',
    resources: [],
    detail: {
      id: transactionEventId(transactionId, type),
      type,
      version: 1,
      occurredAt,
      source: 'velo.finance',
      data: { transactionId, ...data },
    },
  } as EventBridgeEvent<string, Record<string, unknown>>;
}

const payout = (tx: string, at: string, sellerId: string, cents: number) =>
  delivery('PayoutDisbursed', tx, at, {
    sellerId,
    provider: 'stripe',
    providerPayoutId: `tr_${tx.slice(0, 8)}`,
    amount: usd(cents),
  });
const commission = (tx: string, at: string, cents: number) =>
  delivery('CommissionEarned', tx, at, {
    providerCommission: usd(cents),
    customerCommission: usd(0),
    total: usd(cents),
  });

const tx = { a: randomUUID(), b: randomUUID(), c: randomUUID(), d: randomUUID(), e: randomUUID() };

beforeAll(async () => {
  ({ dataDir } = useLocalCloud());
  const account = await signUp();
  seller = { id: account.user.id, email: account.email };
  const entries = [
    payout(tx.a, '2026-10-06T14:03:12.000Z', seller.id, 120_000),
    commission(tx.a, '2026-10-06T14:03:12.000Z', 13_333),
    // The last instant of October, and the first of November: one in each month's report.
    payout(tx.b, '2026-10-31T23:59:59.000Z', seller.id, 45_050),
    commission(tx.b, '2026-10-31T23:59:59.000Z', 5_006),
    payout(tx.c, '2026-11-01T00:00:00.000Z', seller.id, 9_000),
    // Another seller's payout: in the commission, not in this seller's payouts.
    payout(tx.d, '2026-10-20T08:00:00.000Z', otherSellerId, 30_000),
    commission(tx.d, '2026-10-20T08:00:00.000Z', 3_333),
    delivery('PaymentCaptured', tx.e, '2026-10-02T10:00:00.000Z', {
      customerId: otherSellerId,
      provider: 'paypal',
      providerPaymentId: 'capture-1',
      amount: usd(25_000),
    }),
    delivery('RefundIssued', tx.e, '2026-10-02T11:00:00.000Z', {
      customerId: otherSellerId,
      provider: 'paypal',
      providerRefundId: 'refund-1',
      amount: usd(25_000),
      reason: 'canceled',
    }),
  ];
  for (const entry of entries) expect(await recordEvent(entry)).toEqual({ recorded: true });
  // EventBridge delivers the first payout again (another EventBridge id): the ledger keeps one.
  expect(await recordEvent({ ...entries[0]!, id: randomUUID() })).toEqual({ recorded: false });
  // An entry from before issue 8 (keyed on the EventBridge id) and its replay above: one detail.id.
  const legacy = payout(tx.a, '2026-10-06T14:03:12.000Z', seller.id, 120_000);
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        PK: partitions.ledger('2026-10'),
        SK: `${legacy.time}#${legacy.id}`,
        entity: 'ledger-entry',
        eventId: legacy.id,
        source: legacy.source,
        detailType: legacy['detail-type'],
        detail: legacy.detail,
        recordedAt: new Date().toISOString(),
      },
    }),
  );
});

const cognito = () => ({
  cognito: localCognitoClient(process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER!),
  userPoolId: process.env.USER_POOL_ID!,
});

describe('finance report: payouts', () => {
  it("lists the seller's payouts of the month once each, up to the month's last second", async () => {
    const report = await sellerPayouts(cognito(), seller.email, '2026-10');
    expect(report.sellerId).toBe(seller.id);
    expect(report.payouts.map((line) => [line.at, line.transactionId, line.amount.amount])).toEqual([
      ['2026-10-06T14:03:12.000Z', tx.a, 120_000],
      ['2026-10-31T23:59:59.000Z', tx.b, 45_050],
    ]);
    expect(report.totals).toEqual([usd(165_050)]);
  });

  it('finds the seller by id as by e-mail, and the first second of November is in November', async () => {
    const byId = await sellerPayouts(cognito(), seller.id, '2026-11');
    expect(byId.payouts.map((line) => line.transactionId)).toEqual([tx.c]);
    expect(byId.sellerEmail).toBe(seller.email);
  });

  it('says a month without payouts has none', async () => {
    const report = await sellerPayouts(cognito(), seller.id, '2026-09');
    expect(report.payouts).toEqual([]);
  });

  it('refuses an unknown e-mail address or id with a clear message', async () => {
    await expect(sellerPayouts(cognito(), 'nobody-x@velo.example', '2026-10')).rejects.toThrow(
      'No user with the e-mail address nobody-x@velo.example.',
    );
    await expect(sellerPayouts(cognito(), otherSellerId, '2026-10')).rejects.toThrow(
      `No user with the id ${otherSellerId}.`,
    );
  });
});

describe('finance report: commission', () => {
  it("sums the month's commission, counts its orders and shows what was captured and refunded", async () => {
    const report = await monthCommission('2026-10');
    expect(report.commission).toEqual([
      { currency: 'USD', provider: usd(21_672), customer: usd(0), total: usd(21_672), orders: 3 },
    ]);
    expect(report.captured).toEqual([{ amount: usd(25_000), count: 1 }]);
    expect(report.refunded).toEqual([{ amount: usd(25_000), count: 1 }]);
  });

  it('says an empty month is empty', async () => {
    const report = await monthCommission('2016-02');
    expect(report).toMatchObject({ commission: [], captured: [], refunded: [] });
  });
});

describe('npm run finance (the CLI)', () => {
  /** The local cloud the suite runs, named as the CLI finds a running npm start. */
  const portsEnv = () => ({
    VELO_DYNAMODB_PORT: new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB!).port,
    VELO_COGNITO_PORT: new URL(process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER!).port,
  });

  it('prints the payouts by e-mail against the running cloud, and refuses an unknown seller', async () => {
    Object.assign(process.env, portsEnv());
    const out: string[] = [];
    const err: string[] = [];
    const args = ['--month', '2026-10', '--data-dir', dataDir];
    const code = await runFinance(
      ['payouts', '--seller', seller.email, ...args],
      (line) => out.push(line),
      (line) => err.push(line),
    );
    expect(code).toBe(0);
    expect(out[0]).toBe(`Payouts to ${seller.email} (${seller.id}) in 2026-10 (UTC)`);
    expect(out).toContain('Total USD: $1,650.50 (2 payouts)');
    expect(err.join('\n')).toContain('Using the running local cloud');

    const unknown: string[] = [];
    const failed = await runFinance(
      ['payouts', '--seller', 'nobody-y@velo.example', ...args],
      () => undefined,
      (line) => unknown.push(line),
    );
    expect(failed).toBe(1);
    expect(unknown).toContain('✖ No user with the e-mail address nobody-y@velo.example.');

    const empty: string[] = [];
    await runFinance(
      ['commission', '--month', '2016-02', '--data-dir', dataDir],
      (line) => empty.push(line),
      () => undefined,
    );
    expect(empty).toEqual(['No commission, payments or refunds in 2016-02.']);
  });

  it('reads the same with --aws, through the SDK chain (here pointed at the local cloud)', async () => {
    const out: string[] = [];
    const awsArgs = ['--aws', '--table-name', tableName(), '--user-pool-id', process.env.USER_POOL_ID!];
    const code = await runFinance(
      ['payouts', '--seller', seller.email, '--month', '2026-10', '--json', ...awsArgs],
      (line) => out.push(line),
      () => undefined,
    );
    expect(code).toBe(0);
    expect(JSON.parse(out.join('\n'))).toMatchObject({ sellerId: seller.id, totals: [usd(165_050)] });
  });

  it('answers JSON from the script entry, and exit code 2 with the usage for bad arguments', async () => {
    const run = promisify(execFile);
    const env = { ...process.env, ...portsEnv() };
    const { stdout } = await run(
      'node_modules/.bin/tsx',
      ['infra/finance/cli.ts', 'commission', '--month', '2026-10', '--json', '--data-dir', dataDir],
      { env },
    );
    expect(JSON.parse(stdout)).toMatchObject({
      month: '2026-10',
      commission: [{ currency: 'USD', total: usd(21_672), orders: 3 }],
    });
    const bad = await run(
      'node_modules/.bin/tsx',
      ['infra/finance/cli.ts', 'payouts', '--month', '2026-10'],
      {
        env,
      },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(bad).toMatchObject({ code: 2 });
    expect((bad as { stderr: string }).stderr).toContain(
      'payouts needs the seller: --seller <email | user id>.',
    );
    expect((bad as { stderr: string }).stderr).toContain('Usage: npm run finance --');
  });
});
