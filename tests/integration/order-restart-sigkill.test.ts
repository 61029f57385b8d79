import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo, tableName } from '../../functions/lib/aws';
import type { TransactionRecord } from '../../functions/orders/record';
import { getTransaction } from '../../functions/orders/repository';
import { getObject } from '../../functions/payments/stripe/simulated/store';
import { freeLocalPorts, type LocalPorts } from '../../infra/local/cloud';
import { siteSettings } from '../../shared/config/site';
import type { DomainEvent } from '../../shared/events/envelope';
import { balances, reconcile } from '../../shared/events/reconcile';
import { getTransition, isTerminal, type ProcessState } from '../../shared/process/graph';
import { eventually } from './cloud-env';
import { givenPayoutReadySeller } from './fixtures';
import {
  act,
  awaitingToken,
  givenPendingOrder,
  logOf,
  paymentIntentOf,
  startWorkflow,
  type TestOrder,
  tempFolder,
} from './order-cloud';
import { outboxOf } from './order-fixtures';
import { type ChildCloud, killChildCloud, startChildCloud } from './restart-child-cloud';

/**
 * A local cloud killed with SIGKILL in the middle of orders (issue 28): the cloud runs as a child
 * process group on a data folder (DynamoDB Local on disk: in memory, a kill loses everything);
 * orders with real simulated card money are brought to every state a timer ends (pending payment,
 * purchased, delivered, disputed, completed, reviewed by one party), each with its workflow waiting;
 * then, as the first timer fires, the whole process group is killed at once, a new cloud starts on the same folder and the
 * timers run out (fired by the sweeper at start or by the resumed workflows). Every order ends
 * exactly once — a terminal state, each transition of its log once, the path the graph allows —
 * and its money reconciles: captured = refunded + paid out + commission, as its end implies.
 *
 * The order steps run in this worker (the engine, as the API would) against the child's table and
 * Step Functions; the timers, the workflows and the sweeper run in the child. The timers are set
 * to 20 s each (VELO_TIMER_OVERRIDES, both sides), longer than bringing the orders to their
 * states, so nothing ends before the kill; the money retries are scaled down (1 s).
 */
const TIMER_MS = 20_000;
const timerScale = 0.001;
const overrides = {
  'expire-payment': TIMER_MS,
  'auto-cancel': TIMER_MS,
  'auto-mark-received': TIMER_MS,
  'auto-cancel-from-disputed': TIMER_MS,
  'expire-review-period': TIMER_MS,
  'expire-provider-review-period': TIMER_MS,
  'expire-customer-review-period': TIMER_MS,
};

type Step = [name: string, actor: 'customer' | 'provider', data?: { disputeReason?: string }];

/** How an order is brought to its state before the kill, and the log it must end with. */
const plans: { state: ProcessState; steps: Step[]; ends: string[] }[] = [
  { state: 'pending-payment', steps: [], ends: ['request-payment', 'expire-payment'] },
  {
    state: 'purchased',
    steps: [['confirm-payment', 'customer']],
    ends: ['request-payment', 'confirm-payment', 'auto-cancel'],
  },
  {
    state: 'delivered',
    steps: [
      ['confirm-payment', 'customer'],
      ['mark-delivered', 'provider'],
    ],
    ends: [
      'request-payment',
      'confirm-payment',
      'mark-delivered',
      'auto-mark-received',
      'auto-complete',
      'expire-review-period',
    ],
  },
  {
    state: 'disputed',
    steps: [
      ['confirm-payment', 'customer'],
      ['mark-delivered', 'provider'],
      ['dispute', 'customer', { disputeReason: 'The frame is cracked.' }],
    ],
    ends: ['request-payment', 'confirm-payment', 'mark-delivered', 'dispute', 'auto-cancel-from-disputed'],
  },
  {
    state: 'completed',
    steps: [
      ['confirm-payment', 'customer'],
      ['mark-received-from-purchased', 'customer'],
    ],
    ends: [
      'request-payment',
      'confirm-payment',
      'mark-received-from-purchased',
      'auto-complete',
      'expire-review-period',
    ],
  },
  {
    state: 'reviewed-by-customer',
    steps: [
      ['confirm-payment', 'customer'],
      ['mark-received-from-purchased', 'customer'],
      ['review-1-by-customer', 'customer'],
    ],
    ends: [
      'request-payment',
      'confirm-payment',
      'mark-received-from-purchased',
      'auto-complete',
      'review-1-by-customer',
      'expire-provider-review-period',
    ],
  },
  {
    state: 'reviewed-by-provider',
    steps: [
      ['confirm-payment', 'customer'],
      ['mark-received-from-purchased', 'customer'],
      ['review-1-by-provider', 'provider'],
    ],
    ends: [
      'request-payment',
      'confirm-payment',
      'mark-received-from-purchased',
      'auto-complete',
      'review-1-by-provider',
      'expire-customer-review-period',
    ],
  },
];
const ORDERS_PER_STATE = 2;

let folder: string;
let ports: LocalPorts;
let cloud: ChildCloud | undefined;
const start = () =>
  startChildCloud({
    dataDir: join(folder, 'data'),
    ports,
    timerScale,
    env: { VELO_TIMER_OVERRIDES: JSON.stringify(overrides) },
  });

beforeAll(async () => {
  folder = tempFolder('velo-sigkill-');
  ports = await freeLocalPorts();
});

afterAll(async () => {
  if (cloud) await killChildCloud(cloud, ports);
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** An order brought to its plan's state, its workflow waiting on the state's timer. */
async function orderIn(plan: (typeof plans)[number], seller: { id: string }): Promise<TestOrder> {
  const order = await givenPendingOrder({ paid: true, seller });
  for (const [name, actor, data] of plan.steps) await act(order, name, actor, data);
  // Its workflow from the state it is in (as one started at request-payment would be by now).
  await startWorkflow(order);
  await awaitingToken(order);
  return order;
}

/** The log is a path of the graph from `initial` to a terminal state, each transition taken once. */
function expectEndedOnce(tx: TransactionRecord, label: string) {
  const log = logOf(tx);
  expect(new Set(log).size, `${label}: each transition once`).toBe(log.length);
  let state: ProcessState = 'initial';
  for (const name of log) {
    const transition = getTransition(name);
    expect(transition?.from, `${label}: ${name} from ${state}`).toBe(state);
    state = transition!.to;
  }
  expect(state, label).toBe(tx.state);
  expect(isTerminal(state), `${label}: ${state} is terminal`).toBe(true);
  expect(
    log.filter((name) => isTerminal(getTransition(name)!.to)),
    label,
  ).toHaveLength(1);
}

/**
 * The money as the simulated Stripe holds it, not as our outbox says (one item per event type by its
 * key, so a second payout or refund made at the provider after the restart would not show there):
 * the amount refunded on the order's PaymentIntent and every transfer made for the order.
 */
async function providerMoneyOf(txId: string, intentId: string) {
  const intent = await getObject('payment_intent', intentId);
  if (!intent) throw new Error(`the simulated Stripe has no PaymentIntent ${intentId}`);
  const transfers: number[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#entity = :entity AND #data.#object = :transfer AND #data.#group = :txId',
        ExpressionAttributeNames: {
          '#entity': 'entity',
          '#data': 'data',
          '#object': 'object',
          '#group': 'transfer_group',
        },
        ExpressionAttributeValues: { ':entity': 'simulated-stripe', ':transfer': 'transfer', ':txId': txId },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) transfers.push((item.data as { amount: number }).amount);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { refunded: intent.amount_refunded, transfers };
}

describe('SIGKILL of the local cloud in the middle of orders', () => {
  it('after a restart on the same data folder every order ends exactly once and its money reconciles', async () => {
    cloud = await start();
    Object.assign(process.env, cloud.env, {
      VELO_TIMER_SCALE: String(timerScale),
      VELO_TIMER_OVERRIDES: JSON.stringify(overrides),
    });
    const seller = await givenPayoutReadySeller({ origin: siteSettings.canonicalOrigin, country: 'CA' });
    const made = Date.now();
    const orders = await Promise.all(
      plans.flatMap((plan) =>
        Array.from({ length: ORDERS_PER_STATE }, async () => ({ plan, order: await orderIn(plan, seller) })),
      ),
    );
    // Every order in its state, none ended, each workflow waiting on its timer.
    const before = await Promise.all(orders.map(({ order }) => getTransaction(order.id)));
    const setupMs = Date.now() - made;
    expect(
      before.map((tx) => tx?.state),
      `orders made in ${setupMs} ms`,
    ).toEqual(orders.map(({ plan }) => plan.state));

    // The kill comes as the first timer fires (the first order seen leaving its state): the
    // workflows of the orders made at about the same time are firing theirs, a refund may be
    // between its transition and the provider call (the money lock held).
    const atKill = await eventually(
      async () => {
        const now = await Promise.all(orders.map(({ order }) => getTransaction(order.id)));
        return now.some((tx, i) => tx?.version !== before[i]?.version) ? now : undefined;
      },
      { timeoutMs: TIMER_MS + 10_000, intervalMs: 20 },
    );
    await killChildCloud(cloud, ports);
    const movedAtKill = atKill.filter((tx, i) => tx?.version !== before[i]?.version).length;
    const lockedAtKill = atKill.filter((tx) => tx?.moneyOp).length;
    cloud = undefined;
    const killedAt = Date.now();
    cloud = await start();
    const restartMs = Date.now() - killedAt;

    const ended = await Promise.all(
      orders.map(({ order }) =>
        eventually(
          async () => {
            const tx = await getTransaction(order.id);
            return tx && isTerminal(tx.state) && !tx.moneyOp ? tx : undefined;
          },
          { timeoutMs: 3 * TIMER_MS, intervalMs: 250 },
        ).catch((error: unknown) => {
          throw new Error(`${order.id} did not end: ${String(error)}\n${cloud?.output() ?? ''}`);
        }),
      ),
    );

    for (const [i, { plan, order }] of orders.entries()) {
      const tx = ended[i]!;
      const label = `${order.id} (from ${plan.state})`;
      expectEndedOnce(tx, label);
      expect(logOf(tx), label).toEqual(plan.ends);
      // One outbox item per event type and order (its key): the events the transitions committed.
      const events = Object.values(await outboxOf(order.id)).map((item) => item.detail as DomainEvent);
      expect(reconcile(events), label).toEqual([]);
      const sums = balances(events)[0] ?? { captured: 0, refunded: 0, paidOut: 0, commission: 0 };
      const intent = await paymentIntentOf(order);
      const provider = await providerMoneyOf(order.id, intent.id);
      if (tx.state === 'payment-expired') {
        // Never captured: the PaymentIntent voided, nothing moved.
        expect(sums, label).toMatchObject({ captured: 0, refunded: 0, paidOut: 0, commission: 0 });
        expect(intent.status, label).toBe('canceled');
        expect(provider, label).toEqual({ refunded: 0, transfers: [] });
      } else if (tx.state === 'canceled') {
        // Captured, then refunded in full; the seller paid nothing.
        expect(sums.captured, label).toBeGreaterThan(0);
        expect(sums, label).toMatchObject({ refunded: sums.captured, paidOut: 0, commission: 0 });
        expect(tx.payment?.refundId, label).toBeTruthy();
        expect(provider, label).toEqual({ refunded: sums.captured, transfers: [] });
      } else {
        // Reviewed: the charge is the seller's payout plus the commission.
        expect(tx.state, label).toBe('reviewed');
        expect(sums, label).toMatchObject({ refunded: 0, paidOut: tx.payoutTotal.amount });
        expect(sums.captured, label).toBe(tx.payinTotal.amount);
        expect(sums.commission, label).toBe(tx.payinTotal.amount - tx.payoutTotal.amount);
        expect(tx.payment?.payoutId, label).toBeTruthy();
        expect(intent, label).toMatchObject({ status: 'succeeded', amountReceived: tx.payinTotal.amount });
        expect(provider, label).toEqual({ refunded: 0, transfers: [tx.payoutTotal.amount] });
      }
    }
    const states = new Set(orders.map(({ plan }) => plan.state));
    console.info(
      `restart: ${orders.length} orders in ${states.size} states (made in ${setupMs} ms), SIGKILL, ` +
        `(${movedAtKill} moved by their timer and ${lockedAtKill} holding a money lock at the kill), ` +
        `restarted in ${restartMs} ms, all ended once ` +
        `(${ended.filter((tx) => tx.state === 'reviewed').length} reviewed, ` +
        `${ended.filter((tx) => tx.state === 'canceled').length} canceled, ` +
        `${ended.filter((tx) => tx.state === 'payment-expired').length} payment-expired), money reconciles`,
    );
  }, 150_000);
});
