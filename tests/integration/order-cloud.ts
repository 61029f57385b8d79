import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DescribeExecutionCommand, SFNClient } from '@aws-sdk/client-sfn';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { dynamo } from '../../functions/lib/aws';
import { keys } from '../../functions/lib/table-design';
import { applyTransition } from '../../functions/orders/engine';
import { moneyKeys } from '../../functions/orders/money/common';
import type { OutboxEventType } from '../../functions/orders/outbox';
import type { TransactionRecord } from '../../functions/orders/record';
import { getTransaction } from '../../functions/orders/repository';
import { startOrderWorkflow } from '../../functions/orders/workflow/start';
import { cardProvider, simulatedCardProvider } from '../../functions/payments/stripe';
import { testCards } from '../../functions/payments/stripe/simulated';
import { type LocalCloud, type LocalPorts, startLocalCloud } from '../../infra/local/cloud';
import { siteSettings } from '../../shared/config/site';
import type { ProcessState } from '../../shared/process/graph';
import { eventually } from './cloud-env';
import { givenPayoutReadySeller, givenRequestedOrder, givenSeller } from './fixtures';

/**
 * A local cloud of its own for the order workflow tests, in this test worker: its Step Functions
 * stand-in runs the workflow tasks (plan, fire-timer, the sweeper) in this very process, so the
 * timer settings (VELO_TIMER_SCALE, VELO_TIMER_OVERRIDES, ORDER_TIMER_MAX_WAIT_SECONDS) a test sets
 * in process.env are the ones the workflow, the sweeper and the engine read, and
 * `stepFunctions.stateTransitions` counts the states each execution entered. Orders are made
 * through the engine against this cloud's DynamoDB and started with startOrderWorkflow, as the API
 * will in S3.
 */
export interface OrderCloudOptions {
  timerScale: number;
  ports: LocalPorts;
  /** Kept across restarts (the restart test); also where the operator CLI finds the user pool. */
  dataDir: string;
}

export function tempFolder(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function startOrderCloud(options: OrderCloudOptions): Promise<LocalCloud> {
  const webRoot = join(options.dataDir, '..', 'web');
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Velo test</title><div id="root"></div>');
  const cloud = await startLocalCloud({
    dataDir: options.dataDir,
    webRoot,
    timerScale: options.timerScale,
    ports: options.ports,
  });
  // The engine in this process computes deadlines with the cloud's scale (as the handlers do).
  process.env.VELO_TIMER_SCALE = String(options.timerScale);
  return cloud;
}

let sfnClient: SFNClient | undefined;
export function sfn(): SFNClient {
  sfnClient ??= new SFNClient({});
  return sfnClient;
}

export async function stockOf(listingId: string): Promise<number> {
  const item = await dynamo().send(
    new GetCommand({ TableName: process.env.TABLE_NAME, Key: keys.listing(listingId), ConsistentRead: true }),
  );
  return item.Item!.currentStock as number;
}

export interface TestOrder {
  id: string;
  customerId: string;
  sellerId: string;
  listingId: string;
  /** A paid order's PaymentIntent (simulated Stripe), authorised by the buyer's card, not captured. */
  paymentIntentId?: string;
}

/**
 * A new order pending payment (stock 1 reserved: the listing's stock is 0 now). With `paid`, a real
 * card order, as checkout makes it: the seller is payout-ready and the order carries a manual-capture
 * PaymentIntent (`pi-<txId>`) the buyer's card has authorised (requires_capture), so confirm-payment
 * captures it, the cancel paths void or refund it and the received paths transfer to the seller.
 * Without it, an order with no PaymentIntent (confirm-payment then fails with 402).
 */
export async function givenPendingOrder(
  options: {
    paid?: boolean /** A payout-ready seller of an earlier paid order, again. */;
    seller?: { id: string };
  } = {},
): Promise<TestOrder> {
  // A paid order's seller can be paid: a simulated Stripe Connect account that passed onboarding.
  const seller =
    options.seller ??
    (options.paid
      ? await givenPayoutReadySeller({ origin: siteSettings.canonicalOrigin, country: 'CA' })
      : await givenSeller());
  let paymentIntentId: string | undefined;
  const { transaction, customerId, listingId } = await givenRequestedOrder(seller.id, {}, async (order) => {
    if (!options.paid) return {};
    paymentIntentId = await authorisedPaymentIntent(order.txId, order.customerId, order.priced.payinTotal);
    return { payment: { stripePaymentIntentId: paymentIntentId } };
  });
  return {
    id: transaction.id,
    customerId,
    sellerId: seller.id,
    listingId,
    ...(paymentIntentId ? { paymentIntentId } : {}),
  };
}

/** The order's PaymentIntent as the initiate API makes it, confirmed with the success test card. */
async function authorisedPaymentIntent(
  transactionId: string,
  customerUserId: string,
  amount: { amount: number; currency: string },
): Promise<string> {
  const simulated = simulatedCardProvider();
  if (!simulated) throw new Error('No simulated Stripe (STRIPE_SECRET_KEY is set): no paid test order');
  const intent = await simulated.createPaymentIntent({
    amount: amount.amount,
    currency: amount.currency,
    captureMethod: 'manual',
    transferGroup: transactionId,
    metadata: { transactionId, customerUserId },
    idempotencyKey: moneyKeys.paymentIntent(transactionId),
  });
  const confirmed = await simulated.confirmPaymentIntent(intent.id, {
    number: testCards.success,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 1,
    cvc: '123',
  });
  if (confirmed.status !== 'requires_capture') {
    throw new Error(`The test PaymentIntent ${intent.id} is ${confirmed.status}, not requires_capture`);
  }
  return intent.id;
}

/** The PaymentIntent of a paid order, as the (simulated) provider has it now. */
export function paymentIntentOf(order: TestOrder) {
  if (!order.paymentIntentId) throw new Error(`Order ${order.id} is not a paid test order`);
  return cardProvider().retrievePaymentIntent(order.paymentIntentId);
}

/** The finance outbox event `type` of the order (`TX#id / EVENT#<type>`), if it was written. */
export async function financeEventOf(order: TestOrder, type: OutboxEventType) {
  const item = await dynamo().send(
    new GetCommand({
      TableName: process.env.TABLE_NAME,
      Key: keys.txEvent(order.id, type),
      ConsistentRead: true,
    }),
  );
  return item.Item;
}

type RefundReason = 'canceled' | 'auto-canceled' | 'dispute-canceled' | 'payment-expired';

/**
 * A captured order given back in full (after a cancel path, §2: the transition first, then the
 * refund): the refund id on the payment, the RefundIssued event with it, the money lock released.
 */
export async function expectRefunded(order: TestOrder, reason: RefundReason): Promise<TransactionRecord> {
  const tx = await eventually(async () => {
    const current = await getTransaction(order.id);
    return current?.payment?.refundId && !current.moneyOp ? current : undefined;
  });
  const event = await financeEventOf(order, 'RefundIssued');
  expect(event?.detail).toMatchObject({
    data: { transactionId: order.id, provider: 'stripe', providerRefundId: tx.payment!.refundId, reason },
  });
  return tx;
}

/** An order that ended before its capture: the PaymentIntent voided, nothing refunded, the lock released. */
export async function expectVoided(order: TestOrder): Promise<TransactionRecord> {
  const tx = await eventually(async () => {
    const current = await getTransaction(order.id);
    return current && !current.moneyOp ? current : undefined;
  });
  expect((await paymentIntentOf(order)).status).toBe('canceled');
  expect(tx.payment?.refundId).toBeUndefined();
  expect(await financeEventOf(order, 'RefundIssued')).toBeUndefined();
  return tx;
}

/** The seller was paid (a received path, §2: the payout first, then the transition): PayoutDisbursed. */
export async function expectPaidOut(order: TestOrder): Promise<TransactionRecord> {
  const tx = (await getTransaction(order.id))!;
  expect(tx.moneyOp).toBeUndefined();
  expect(tx.payment?.payoutId).toBeTruthy();
  const event = await financeEventOf(order, 'PayoutDisbursed');
  expect(event?.detail).toMatchObject({
    data: {
      transactionId: order.id,
      sellerId: order.sellerId,
      provider: 'stripe',
      providerPayoutId: tx.payment!.payoutId,
    },
  });
  return tx;
}

/** A party's transition, as the API will apply it (the engine then answers the workflow's token). */
export function act(
  order: TestOrder,
  name: string,
  actor: 'customer' | 'provider',
  protectedData?: { disputeReason?: string; trackingNumber?: string },
): Promise<TransactionRecord> {
  return applyTransition(order.id, name, {
    actor,
    userId: actor === 'customer' ? order.customerId : order.sellerId,
    params: {
      ...(protectedData ? { protectedData } : {}),
      ...(name.startsWith('review-') ? { review: testReview } : {}),
    },
  });
}

/** What a test's review transitions write (a review needs a rating and a text). */
export const testReview = { rating: 4, content: 'Smooth handover, as described.' };

/** startOrderWorkflow's answer: the execution ARN (also stored on the transaction). */
export async function startWorkflow(order: TestOrder): Promise<string> {
  const tx = await getTransaction(order.id);
  const executionArn = await startOrderWorkflow(order.id, tx!.version);
  if (!executionArn) throw new Error('No ORDER_STATE_MACHINE_ARN: is the local cloud running?');
  return executionArn;
}

/** Waits until the workflow stored a task token for the transaction's current version. */
export async function awaitingToken(order: TestOrder, version?: number): Promise<TransactionRecord> {
  return eventually(async () => {
    const tx = await getTransaction(order.id);
    return tx?.taskToken && tx.awaitingVersion === (version ?? tx.version) ? tx : undefined;
  });
}

export async function reachesState(
  order: TestOrder,
  state: ProcessState,
  timeoutMs = 10_000,
): Promise<TransactionRecord> {
  return eventually(
    async () => {
      const tx = await getTransaction(order.id);
      return tx?.state === state ? tx : undefined;
    },
    { timeoutMs, intervalMs: 50 },
  );
}

export async function finished(executionArn: string, timeoutMs = 10_000) {
  return eventually(
    async () => {
      const execution = await sfn().send(new DescribeExecutionCommand({ executionArn }));
      return execution.status === 'RUNNING' ? undefined : execution;
    },
    { timeoutMs },
  );
}

/** The transitions in the transaction's log, in order. */
export const logOf = (tx: TransactionRecord) => tx.transitions.map((entry) => entry.transition);

/** How often `name` appears in the log. */
export const timesTaken = (tx: TransactionRecord, name: string) => logOf(tx).filter((t) => t === name).length;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The states an execution entered, in order (the runner's StateEntered log), and their count. */
export function statesEntered(cloud: LocalCloud, executionArn: string): { names: string[]; count: number } {
  return {
    names: cloud.stepFunctions.statesEntered(executionArn).map((state) => state.name),
    count: cloud.stepFunctions.stateTransitions(executionArn),
  };
}

const run = promisify(execFile);

/** `npm run operator -- …` (tsx infra/operator/cli.ts) against this cloud, as an operator runs it next to npm start. */
export function operatorCli(
  cloud: LocalCloud,
  options: OrderCloudOptions,
  ...args: string[]
): Promise<{ stdout: string; stderr: string }> {
  const port = (name: string) => new URL(cloud.env[name]!).port;
  return run(join('node_modules', '.bin', 'tsx'), ['infra/operator/cli.ts', ...args], {
    env: {
      ...process.env,
      VELO_DATA_DIR: options.dataDir,
      VELO_DYNAMODB_PORT: port('AWS_ENDPOINT_URL_DYNAMODB'),
      VELO_COGNITO_PORT: port('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER'),
      VELO_S3_PORT: port('AWS_ENDPOINT_URL_S3'),
      VELO_AWS_PORT: port('AWS_ENDPOINT_URL_SFN'),
      VELO_TIMER_SCALE: String(options.timerScale),
    },
    timeout: 30_000,
  });
}
