import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SendTaskSuccessCommand } from '@aws-sdk/client-sfn';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TransactionRecord } from '../../functions/orders/record';
import { getTransaction } from '../../functions/orders/repository';
import { freeLocalPorts, type LocalCloud } from '../../infra/local/cloud';
import { DAY_MS } from '../../shared/config/constants';
import { timers } from '../../shared/process/graph';
import { eventually } from './cloud-env';
import {
  act,
  awaitingToken,
  expectPaidOut,
  expectRefunded,
  expectVoided,
  finished,
  givenPendingOrder,
  logOf,
  type OrderCloudOptions,
  operatorCli,
  reachesState,
  sfn,
  startOrderCloud,
  startWorkflow,
  statesEntered,
  stockOf,
  type TestOrder,
  tempFolder,
  timesTaken,
} from './order-cloud';

/**
 * Every timer of the order process through the real workflow (statemachines/order.asl.json on the
 * local runner), the sweeper and the engine, on a cloud of this file's own whose timers run
 * 250 000× faster: 5 days (ship) take 1.7 s, the 7-day review period 2.4 s. Margins (docs/decisions.md
 * "Integration timer margins"): every timer a test does not wait for runs `notWaitedForMs` (60 s),
 * far beyond any test's steps, so no step races it; a test names the timer it waits for, and where
 * it must still observe the state before that timer fires (a token, the stock), the timer is ≥ 3×
 * the slowest time measured for that (`mustSeeFirstMs`). The 60-day dispute timer is overridden to
 * 6 s and waited for in laps of at most 2 s (ORDER_TIMER_MAX_WAIT_SECONDS), as the local runner waits
 * for 60 days in 23-day laps.
 */
const timerScale = 4e-6;
const scaled = (days: number) => days * DAY_MS * timerScale;
const notWaitedForMs = 60_000;
// auto-complete (received → completed) is immediate: nothing waits for it or races it.
const baseOverrides = Object.fromEntries(
  timers.filter((timer) => timer.afterMs > 0).map((timer) => [timer.transition, notWaitedForMs]),
);
/**
 * A waited-for timer whose state the test reads first (its token, the stock): 3 s, ≥ 3× the ≤ 0.8 s
 * measured from entering the state to the last read (an order to its token, a transition to the
 * next token) on a loaded 2-core machine.
 */
const mustSeeFirstMs = 3000;

let cloud: LocalCloud;
let options: OrderCloudOptions;
let folder: string;
let originalMaxWait: string | undefined;

beforeAll(async () => {
  folder = tempFolder('velo-timers-');
  options = { timerScale, ports: await freeLocalPorts(), dataDir: join(folder, 'data') };
  cloud = await startOrderCloud(options);
  originalMaxWait = process.env.ORDER_TIMER_MAX_WAIT_SECONDS;
});

afterAll(async () => {
  await cloud?.stop();
  if (folder) rmSync(dirname(options.dataDir), { recursive: true, force: true });
});

/** The test's timer overrides over `baseOverrides`; `undefined` runs a timer at the scale. */
function setTimers(overrides: Record<string, number | undefined>, maxWaitSeconds?: number) {
  // JSON leaves out the timers set to undefined: those run at the cloud's scale.
  process.env.VELO_TIMER_OVERRIDES = JSON.stringify({ ...baseOverrides, ...overrides });
  if (maxWaitSeconds === undefined) {
    if (originalMaxWait === undefined) delete process.env.ORDER_TIMER_MAX_WAIT_SECONDS;
    else process.env.ORDER_TIMER_MAX_WAIT_SECONDS = originalMaxWait;
  } else {
    process.env.ORDER_TIMER_MAX_WAIT_SECONDS = String(maxWaitSeconds);
  }
}

beforeEach(() => setTimers({}));
afterEach(() => setTimers({}));

/**
 * A card order pending payment (its PaymentIntent authorised, the seller payout-ready: the timers
 * move real simulated money) whose workflow waits on its token (version 1).
 */
async function orderWithWorkflow(): Promise<{ order: TestOrder; executionArn: string }> {
  const order = await givenPendingOrder({ paid: true });
  const executionArn = await startWorkflow(order);
  await awaitingToken(order, 1);
  return { order, executionArn };
}

/** Purchased (confirm-payment answered the payment token), the workflow waiting for the ship deadline. */
async function purchasedOrder() {
  const started = await orderWithWorkflow();
  await act(started.order, 'confirm-payment', 'customer');
  await awaitingToken(started.order, 2);
  return started;
}

async function deliveredOrder() {
  const started = await purchasedOrder();
  await act(started.order, 'mark-delivered', 'provider', { trackingNumber: 'TRACK-1' });
  await awaitingToken(started.order, 3);
  return started;
}

function entry(tx: TransactionRecord, name: string) {
  const found = tx.transitions.find((e) => e.transition === name);
  expect(found, `${name} in the log`).toBeDefined();
  return found!;
}

/** The timer `name` fired by the system, not before `anchor` was entered + `afterMs`. */
function firedOnTime(tx: TransactionRecord, name: string, anchorAt: string | undefined, afterMs: number) {
  const fired = entry(tx, name);
  expect(fired.by).toBe('system');
  expect(Date.parse(fired.createdAt)).toBeGreaterThanOrEqual(Date.parse(anchorAt!) + afterMs);
  expect(timesTaken(tx, name)).toBe(1);
}

async function closedWorkflow(executionArn: string, order: TestOrder) {
  const execution = await finished(executionArn);
  expect(execution.status).toBe('SUCCEEDED');
  // The last token was answered (or timed out) and removed from the transaction.
  await eventually(async () =>
    (await getTransaction(order.id))?.taskToken === undefined ? true : undefined,
  );
}

describe('order timers on the workflow (scaled local cloud)', () => {
  it('expire-payment: an unpaid order expires when the payment window ends; the stock is back', async () => {
    setTimers({ 'expire-payment': mustSeeFirstMs });
    const { order, executionArn } = await orderWithWorkflow();
    expect(await stockOf(order.listingId)).toBe(0);
    const tx = await reachesState(order, 'payment-expired');
    expect(logOf(tx)).toEqual(['request-payment', 'expire-payment']);
    firedOnTime(tx, 'expire-payment', tx.entered['pending-payment'], mustSeeFirstMs);
    expect(await stockOf(order.listingId)).toBe(1);
    await expectVoided(order); // authorised, never captured: the PaymentIntent is cancelled
    await closedWorkflow(executionArn, order);
  });

  it('a user action answers the token: confirm-payment before expiry, then the workflow waits for the ship deadline (auto-cancel)', async () => {
    setTimers({ 'auto-cancel': mustSeeFirstMs });
    const { order, executionArn } = await orderWithWorkflow();
    const waiting = await getTransaction(order.id);
    const paid = await act(order, 'confirm-payment', 'customer');
    expect(paid.state).toBe('purchased');
    // The workflow moved on: a new token, for version 2, and the deadline is now the ship deadline.
    const next = await awaitingToken(order, 2);
    expect(next.taskToken).not.toBe(waiting?.taskToken);
    expect(next.deadline?.transition).toBe('auto-cancel');
    // The answered token is spent.
    await expect(
      sfn().send(new SendTaskSuccessCommand({ taskToken: waiting!.taskToken!, output: '{}' })),
    ).rejects.toMatchObject({ name: expect.stringMatching(/TaskTimedOut|InvalidToken/) });

    const tx = await reachesState(order, 'canceled');
    expect(logOf(tx)).toEqual(['request-payment', 'confirm-payment', 'auto-cancel']);
    firedOnTime(tx, 'auto-cancel', tx.entered.purchased, mustSeeFirstMs);
    expect(await stockOf(order.listingId)).toBe(1);
    await expectRefunded(order, 'auto-canceled');
    await closedWorkflow(executionArn, order);
  });

  it('auto-mark-received 3 days after delivered (the seller marked it), auto-complete, expire-review-period; ≤ 10 state transitions', async () => {
    // The delivered order's token is read before auto-mark-received; the review period is scaled.
    setTimers({ 'auto-mark-received': mustSeeFirstMs, 'expire-review-period': undefined });
    const { order, executionArn } = await deliveredOrder();
    // Two timers in a row (3 s, then the 7-day review period: 2.4 s): waited for with 3× margin.
    const tx = await reachesState(order, 'reviewed', 3 * (mustSeeFirstMs + scaled(7)));
    expect(logOf(tx)).toEqual([
      'request-payment',
      'confirm-payment',
      'mark-delivered',
      'auto-mark-received',
      'auto-complete',
      'expire-review-period',
    ]);
    firedOnTime(tx, 'auto-mark-received', tx.entered.delivered, mustSeeFirstMs);
    await expectPaidOut(order);
    expect(entry(tx, 'auto-complete')).toMatchObject({ by: 'system', createdAt: tx.entered.received });
    firedOnTime(tx, 'expire-review-period', tx.entered.received, scaled(7));
    expect(await stockOf(order.listingId)).toBe(0);
    await closedWorkflow(executionArn, order);
    const entered = statesEntered(cloud, executionArn);
    expect(entered.count, entered.names.join(' → ')).toBeLessThanOrEqual(10);
  });

  it.each([
    ['review-1-by-customer', 'customer', 'reviewed-by-customer', 'expire-provider-review-period'],
    ['review-1-by-provider', 'provider', 'reviewed-by-provider', 'expire-customer-review-period'],
  ] as const)(
    '%s (by the %s, %s); the other party never reviews: %s',
    async (review, reviewer, state, timer) => {
      // Only the other party's review period runs its scaled time: everything else is not waited for.
      setTimers({ [timer]: undefined });
      const { order, executionArn } = await deliveredOrder();
      const completed = await act(order, 'mark-received', 'customer');
      expect(completed.state).toBe('completed');
      await expectPaidOut(order);
      await awaitingToken(order, completed.version);
      expect((await act(order, review, reviewer)).state).toBe(state);
      const tx = await reachesState(order, 'reviewed');
      expect(logOf(tx)).toEqual([
        'request-payment',
        'confirm-payment',
        'mark-delivered',
        'mark-received',
        'auto-complete',
        review,
        timer,
      ]);
      firedOnTime(tx, timer, tx.entered.received, scaled(7));
      await closedWorkflow(executionArn, order);
    },
  );

  it('a completed order with user transitions throughout takes ≤ 10 state transitions', async () => {
    const { order, executionArn } = await deliveredOrder();
    await act(order, 'mark-received', 'customer');
    await act(order, 'review-1-by-customer', 'customer');
    await act(order, 'review-2-by-provider', 'provider');
    const tx = await reachesState(order, 'reviewed');
    expect(tx.transitions.filter((e) => e.by === 'system').map((e) => e.transition)).toEqual([
      'auto-complete',
    ]);
    await closedWorkflow(executionArn, order);
    const entered = statesEntered(cloud, executionArn);
    expect(entered.count, entered.names.join(' → ')).toBeLessThanOrEqual(10);
  });

  it('auto-cancel-from-disputed (60 days, overridden to 6 s) is waited for in laps of 2 s: never early, fired once', async () => {
    setTimers({ 'auto-cancel-from-disputed': 6000 }, 2);
    const { order, executionArn } = await deliveredOrder();
    const disputed = await act(order, 'dispute', 'customer', { disputeReason: 'Arrived with a bent wheel' });
    expect(disputed.deadline?.transition).toBe('auto-cancel-from-disputed');
    const tx = await reachesState(order, 'canceled', 3 * 6000); // the 6-s timer, with 3× margin
    expect(logOf(tx)).toEqual([
      'request-payment',
      'confirm-payment',
      'mark-delivered',
      'dispute',
      'auto-cancel-from-disputed',
    ]);
    firedOnTime(tx, 'auto-cancel-from-disputed', tx.entered.disputed, 6000);
    expect(await stockOf(order.listingId)).toBe(1);
    await expectRefunded(order, 'dispute-canceled');
    await closedWorkflow(executionArn, order);
    // It woke up early (2-s laps) and looped: FireTimer ran at least three times for one transition.
    const entered = statesEntered(cloud, executionArn);
    expect(
      entered.names.filter((name) => name === 'FireTimer').length,
      entered.names.join(' → '),
    ).toBeGreaterThanOrEqual(3);
    expect(timesTaken((await getTransaction(order.id))!, 'auto-cancel-from-disputed')).toBe(1);
  });
});

/**
 * resume-order's ship deadline: the CLI (tsx) must start the workflow first. Five CLI runs took
 * 7.7 s in all on a loaded 2-core machine (≈ 1.5 s each): 7.5 s is 5× one run.
 */
const operatorCliMarginMs = 7500;

describe('operator order commands (npm run operator, next to the running cloud)', () => {
  // A CLI run takes a few seconds (tsx): no timer is waited for (notWaitedForMs) but resume-order's.

  it('cancel-order cancels a purchased order through the engine: stock back, the workflow ends', async () => {
    const { order, executionArn } = await purchasedOrder();
    const { stdout } = await operatorCli(cloud, options, 'cancel-order', order.id);
    expect(stdout).toContain(`Order ${order.id}: cancel by the operator, now canceled.`);
    const tx = (await getTransaction(order.id))!;
    expect(tx.state).toBe('canceled');
    expect(tx.transitions.at(-1)).toMatchObject({ transition: 'cancel', by: 'operator' });
    expect(await stockOf(order.listingId)).toBe(1);
    await expectRefunded(order, 'canceled');
    await closedWorkflow(executionArn, order);
  });

  it('cancel-order cancels an order pending payment (cancel-payment)', async () => {
    const { order, executionArn } = await orderWithWorkflow();
    const { stdout } = await operatorCli(cloud, options, 'cancel-order', order.id, '--json');
    expect(JSON.parse(stdout)).toMatchObject({
      transactionId: order.id,
      state: 'payment-expired',
      transition: 'cancel-payment',
    });
    expect(await stockOf(order.listingId)).toBe(1);
    await expectVoided(order);
    await closedWorkflow(executionArn, order);
  });

  it.each([
    ['cancel-from-disputed', 'canceled', 1],
    ['mark-received-from-disputed', 'completed', 0],
  ] as const)('%s closes a dispute (%s, stock %i)', async (command, state, stock) => {
    // The review period after a dispute closed as received is planned at the cloud's scale.
    setTimers({ 'expire-review-period': undefined });
    const { order } = await deliveredOrder();
    const disputed = await act(order, 'dispute', 'customer', { disputeReason: 'Not as described' });
    await awaitingToken(order, disputed.version);
    await operatorCli(cloud, options, command, order.id);
    const tx = (await getTransaction(order.id))!;
    expect(tx.state).toBe(state);
    expect(tx.transitions.find((e) => e.transition === command)).toMatchObject({ by: 'operator' });
    expect(await stockOf(order.listingId)).toBe(stock);
    if (state === 'canceled') await expectRefunded(order, 'dispute-canceled');
    else await expectPaidOut(order);
    if (state === 'completed') {
      // The workflow goes on to the review period, planned at the cloud's scale.
      expect(tx.deadline?.transition).toBe('expire-review-period');
      expect(Date.parse(tx.deadline!.dueAt) - Date.parse(tx.entered.received!)).toBe(Math.round(scaled(7)));
      await awaitingToken(order, tx.version);
    }
  });

  it('refuses a command in the wrong state or for an unknown order (exit code 1, a clear message)', async () => {
    const { order } = await purchasedOrder();
    await expect(operatorCli(cloud, options, 'cancel-from-disputed', order.id)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        `Order ${order.id} is purchased: cancel-from-disputed acts only on an order that is disputed`,
      ),
    });
    await operatorCli(cloud, options, 'cancel-order', order.id);
    await expect(operatorCli(cloud, options, 'cancel-order', order.id)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        `Order ${order.id} is canceled: cancel-order acts only on an order that is`,
      ),
    });
    await expect(operatorCli(cloud, options, 'resume-order', order.id)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('(closed): there is no workflow to resume'),
    });
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expect(operatorCli(cloud, options, 'mark-received-from-disputed', unknown)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`No order with the id ${unknown}.`),
    });
    expect(timesTaken((await getTransaction(order.id))!, 'cancel')).toBe(1);
  });

  it('in AWS the operator function runs the same commands: refunds there, refusals answered, not thrown', async () => {
    // functions/orders/operator/run-command.ts, as `npm run operator -- … --aws` invokes it.
    const { runOperatorCommand } = await import('../../functions/orders/operator/run-command');
    const { order, executionArn } = await purchasedOrder();
    const answer = await runOperatorCommand({
      command: 'cancel-order',
      transactionId: order.id,
      operator: 'ops',
    });
    expect(answer).toEqual({
      result: expect.objectContaining({ transactionId: order.id, state: 'canceled', transition: 'cancel' }),
      lines: [`Order ${order.id}: cancel by the operator, now canceled.`],
    });
    await expectRefunded(order, 'canceled');
    await closedWorkflow(executionArn, order);
    expect(await runOperatorCommand({ command: 'cancel-order', transactionId: order.id })).toEqual({
      refused: expect.stringContaining(`Order ${order.id} is canceled: cancel-order acts only on`),
    });
    expect(await runOperatorCommand({ command: 'refund-everything', transactionId: order.id })).toEqual({
      refused: 'Unknown order command "refund-everything".',
    });
    expect(timesTaken((await getTransaction(order.id))!, 'cancel')).toBe(1);
    // The CLI with --aws never runs the command on the laptop: without the function it refuses.
    await expect(operatorCli(cloud, options, 'cancel-order', order.id, '--aws')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        "runs in AWS, where the stage's payment keys are: give --operator-function",
      ),
    });
  });

  it('resume-order starts the workflow of an order that has none; its timer then fires once', async () => {
    setTimers({ 'auto-cancel': operatorCliMarginMs });
    const order = await givenPendingOrder({ paid: true });
    const paid = await act(order, 'confirm-payment', 'customer');
    expect(paid.taskToken).toBeUndefined();
    const { stdout } = await operatorCli(cloud, options, 'resume-order', order.id);
    expect(stdout).toContain(`Order ${order.id} (purchased, version 2): workflow started`);
    const waiting = await awaitingToken(order, 2);
    expect(waiting.executionArn).toBeTruthy();
    const tx = await reachesState(order, 'canceled', operatorCliMarginMs + 10_000);
    expect(timesTaken(tx, 'auto-cancel')).toBe(1);
    await expectRefunded(order, 'auto-canceled');
    await closedWorkflow(waiting.executionArn!, order);
  });
});
