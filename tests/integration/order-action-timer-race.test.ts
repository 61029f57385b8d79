import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../functions/lib/aws';
import { ApiError } from '../../functions/lib/errors';
import { keys } from '../../functions/lib/table-design';
import { applyTransition } from '../../functions/orders/engine';
import type { TransactionRecord } from '../../functions/orders/record';
import { fireDueTimer } from '../../functions/orders/workflow/fire-timer';
import { CardProcessorError } from '../../functions/payments/stripe/port';
import { HOUR_MS } from '../../shared/config/constants';
import { balances, reconcile } from '../../shared/events/reconcile';
import type { TimerSettings } from '../../shared/process/deadlines';
import { stockOf } from './order-fixtures';
import {
  cloudOrigin,
  current,
  dueItemsOf,
  eventTypes,
  expectRefundedInFull,
  givenCardOrder,
  givenStripeSeller,
  type MoneyOrder,
  outboxEvents,
  stripe,
} from './order-money-fixtures';
import { type ItemWriteProbe, probeItemWrites } from './race-probe';

// User action vs timer × 100 (issue 28): on 100 card orders the buyer's action and the order's
// timer are taken at the same moment, in-process against the suite cloud with real simulated
// money. The timer is the workflow's FireTimer task body (`fireDueTimer`, as the task and the
// sweeper call it, on the order as read when it fires). Each round: exactly one of the two
// transitions is in the order's log, the loser gets its designed answer (the buyer a 409
// `transaction-invalid-transition` or `transition-in-progress`, the timer a no-op), never anything
// else (a 500), and the money follows the winner.
//
// - 50 × confirm-payment vs expire-payment (pending-payment): the buyer's capture is money first,
//   the timer's void is transition first, so started together the timer mostly wins during the
//   capture; the timer's start is staggered over the rounds (from 1.5 × the buyer's typical
//   duration before it to 2 × after) so that it also lands before the capture and after the
//   buyer's write.
// - 50 × cancel vs auto-cancel (purchased; auto-cancel at 2 hours, inside the buyer's 3-hour
//   cancel window): both refund; who starts first varies by round, up to 1 × the buyer's duration.
// Each pair requires every outcome it branches on at least once (a round that branches on its
// winner proves nothing if one branch never runs).

/** Real-time timers (nothing is due for the suite cloud's own sweeper); auto-cancel within the cancel window. */
const timers: TimerSettings = { scale: 1, overrides: { 'auto-cancel': 2 * HOUR_MS } };
const ROUNDS_PER_PAIR = 50;
/** Rounds raced at once (orders made at once, too). */
const BATCH = 10;

/**
 * When the timer starts, by round, in the buyer's action's typical duration (negative: before it).
 * Together, the timer wins confirm-payment's race during the capture (money first, then the write;
 * the timer's write is first, its void after); well before, it voids the payment before any
 * capture; late, it finds the order purchased. Each of the three is required at least once, so
 * the spread is wide; the order's own timing decides the rounds in between.
 */
const confirmStaggers = [-1.5, -0.75, -0.25, 0, 0, 0.25, 0.5, 0.75, 1.25, 2];
/** Both are transition first (the refund after the write): who starts first, by how much. */
const cancelStaggers = [-1, -0.5, -0.25, -0.1, 0, 0, 0.1, 0.25, 0.5, 1];

let seller: { id: string; stripeAccountId: string };

beforeAll(async () => {
  cloudOrigin();
  seller = await givenStripeSeller();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a side of a round answered: 'ok', the ApiError code, or — a 500 — anything else. */
async function answerOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    return `unexpected: ${error instanceof Error ? error.stack : String(error)}`;
  }
}

/** The FireTimer task's body at `now`: the order read as it stands, its timer fired if due. */
async function fireTaskAt(txId: string, now: Date): Promise<string> {
  try {
    return (await fireDueTimer(await current(txId), now, timers)).outcome;
  } catch (error) {
    return `unexpected: ${error instanceof Error ? error.stack : String(error)}`;
  }
}

/** The provider refunded the PaymentIntent in full: another refund (another key) is refused. */
async function expectNothingLeftToRefund(intentId: string, round: string) {
  const again = await stripe()
    .refundPayment({ paymentIntentId: intentId, idempotencyKey: `again-${randomUUID()}` })
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  expect(again, round).toBeInstanceOf(CardProcessorError);
  expect((again as CardProcessorError).code, round).toBe('charge_already_refunded');
}

function dueAtOf(tx: TransactionRecord): number {
  if (!tx.deadline) throw new Error(`order ${tx.id} has no deadline`);
  return Date.parse(tx.deadline.dueAt);
}

/** Makes `count` card orders, `BATCH` at a time, each prepared by `then`. */
async function givenOrders(count: number, then: (order: MoneyOrder) => Promise<void>): Promise<MoneyOrder[]> {
  const orders: MoneyOrder[] = [];
  while (orders.length < count) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(BATCH, count - orders.length) }, async () => {
        const order = await givenCardOrder(seller);
        await then(order);
        return order;
      }),
    );
    orders.push(...batch);
  }
  return orders;
}

interface Round {
  order: MoneyOrder;
  user: string;
  timer: string;
}

/**
 * Races `user` and `timer` on each order, `BATCH` rounds at a time. Round i starts the timer
 * `staggers[i % 10]` × the buyer's action's typical duration after it (negative: before): the
 * median of the previous batch's (the first batch: `firstGuessMs`), so the spread follows the
 * machine's load instead of fixed milliseconds.
 *
 * Each order's writes are counted (issue 28: a race test counts that the losers reached the
 * conditional write; a loser that only read the order after the winner's write proves nothing):
 * `refusedAtTheWrite` is the rounds whose loser's write reached the order item and was refused
 * there (its condition, or a concurrent transaction the engine retried and then answered from the
 * order as it stood).
 */
async function race(
  orders: MoneyOrder[],
  sides: {
    user: (order: MoneyOrder, at: Date) => Promise<unknown>;
    timer: (order: MoneyOrder, at: Date) => Promise<string>;
    staggers: readonly number[];
    firstGuessMs: number;
  },
): Promise<{ rounds: Round[]; refusedAtTheWrite: number }> {
  const probes = orders.map((order) =>
    probeItemWrites(dynamo(), { partitionKey: keys.transaction(order.tx.id).PK }),
  );
  try {
    return { rounds: await raceRounds(orders, sides), refusedAtTheWrite: refusedAt(probes) };
  } finally {
    for (const probe of probes) probe.remove();
  }
}

const refusedAt = (probes: ItemWriteProbe[]) =>
  probes.filter(({ counts }) => counts.refusedByCondition + counts.conflicted > 0).length;

async function raceRounds(orders: MoneyOrder[], sides: Parameters<typeof race>[1]): Promise<Round[]> {
  const rounds: Round[] = [];
  let typicalMs = sides.firstGuessMs;
  for (let first = 0; first < orders.length; first += BATCH) {
    const batch = orders.slice(first, first + BATCH);
    const took: number[] = [];
    rounds.push(
      ...(await Promise.all(
        batch.map(async (order, j) => {
          const at = new Date(dueAtOf(order.tx) + 1000);
          const delay = Math.round(sides.staggers[(first + j) % sides.staggers.length]! * typicalMs);
          const [user, timer] = await Promise.all([
            sleep(Math.max(0, -delay)).then(async () => {
              const started = Date.now();
              const answer = await answerOf(sides.user(order, at));
              took.push(Date.now() - started);
              return answer;
            }),
            sleep(Math.max(0, delay)).then(() => sides.timer(order, at)),
          ]);
          return { order, user, timer };
        }),
      )),
    );
    took.sort((x, y) => x - y);
    typicalMs = took[Math.floor(took.length / 2)] ?? typicalMs;
  }
  return rounds;
}

/** The buyer's `transition` on each order against the order's timer, both for the same moment. */
function buyerVsTimer(
  orders: MoneyOrder[],
  transition: 'confirm-payment' | 'cancel',
  staggers: readonly number[],
  firstGuessMs: number,
) {
  return race(orders, {
    user: (order, at) =>
      applyTransition(order.tx.id, transition, {
        actor: 'customer',
        userId: order.customerId,
        now: at,
        timers,
      }),
    timer: (order, at) => fireTaskAt(order.tx.id, at),
    staggers,
    firstGuessMs,
  });
}

const log = (tx: TransactionRecord) => tx.transitions.map((entry) => entry.transition);

describe('confirm-payment vs expire-payment, 50 rounds', () => {
  it('one winner each; the loser answered as designed; captured, or voided / refunded in full', async () => {
    const orders = await givenOrders(ROUNDS_PER_PAIR, async () => undefined);
    const { rounds, refusedAtTheWrite } = await buyerVsTimer(orders, 'confirm-payment', confirmStaggers, 500);
    const outcomes = await Promise.all(
      rounds.map(async ({ order, user, timer }) => {
        const tx = await current(order.tx.id);
        const sums = balances(await outboxEvents(tx.id))[0] ?? { captured: 0, refunded: 0, paidOut: 0 };
        const intent = await stripe().retrievePaymentIntent(order.intentId!);
        const round = `${tx.id}: buyer ${user}, timer ${timer}, ${tx.state}`;
        expect(tx.moneyOp, round).toBeUndefined();
        expect(await dueItemsOf(tx.id, 'money'), round).toEqual([]);
        if (user === 'ok') {
          expect(['already-moved', 'not-due'], round).toContain(timer);
          expect(log(tx), round).toEqual(['request-payment', 'confirm-payment']);
          expect(intent, round).toMatchObject({ status: 'succeeded', amountReceived: tx.payinTotal.amount });
          expect(sums, round).toMatchObject({ captured: tx.payinTotal.amount, refunded: 0, paidOut: 0 });
          expect(await stockOf(order.listingId), round).toBe(0);
          return 'user';
        }
        expect(timer, round).toBe('fired');
        expect(['transaction-invalid-transition', 'transition-in-progress'], round).toContain(user);
        expect(log(tx), round).toEqual(['request-payment', 'expire-payment']);
        expect(await stockOf(order.listingId), round).toBe(1);
        if (sums.captured === 0) {
          // Fired before the capture: the PaymentIntent voided, nothing moved.
          expect(intent.status, round).toBe('canceled');
          expect(await eventTypes(tx.id), round).toEqual([]);
          return 'timer before the capture';
        }
        // Fired during the capture: the late capture refunded once, in full.
        expect(await eventTypes(tx.id), round).toEqual(['PaymentCaptured', 'RefundIssued']);
        await expectRefundedInFull(tx.id, 'payment-expired');
        await expectNothingLeftToRefund(order.intentId!, round);
        return 'timer after the capture';
      }),
    );
    const won = {
      user: outcomes.filter((outcome) => outcome === 'user').length,
      timerBeforeCapture: outcomes.filter((outcome) => outcome === 'timer before the capture').length,
      timerAfterCapture: outcomes.filter((outcome) => outcome === 'timer after the capture').length,
    };
    const timerWon = won.timerBeforeCapture + won.timerAfterCapture;
    console.info(
      `action vs timer (confirm-payment vs expire-payment): ${rounds.length} rounds, user won ${won.user}, ` +
        `timer won ${timerWon} (${won.timerBeforeCapture} before the capture: voided, ` +
        `${won.timerAfterCapture} after it: refunded), ${refusedAtTheWrite} losers refused at the order's conditional write`,
    );
    expect(won.user, 'the buyer won at least one round').toBeGreaterThanOrEqual(1);
    expect(won.timerBeforeCapture, 'the timer won before the capture at least once').toBeGreaterThanOrEqual(
      1,
    );
    expect(won.timerAfterCapture, 'the timer won during the capture at least once').toBeGreaterThanOrEqual(1);
    expect(timerWon).toBe(rounds.length - won.user);
    expect(refusedAtTheWrite, "a loser reached the order's conditional write").toBeGreaterThanOrEqual(1);
  }, 60_000);
});

describe('cancel vs auto-cancel, 50 rounds', () => {
  it('one winner each; the loser answered as designed; refunded once, for the winner’s reason', async () => {
    const orders = await givenOrders(ROUNDS_PER_PAIR, async (order) => {
      order.tx = await applyTransition(order.tx.id, 'confirm-payment', {
        actor: 'customer',
        userId: order.customerId,
        now: new Date(order.t0 + 1000),
        timers,
      });
    });
    const { rounds, refusedAtTheWrite } = await buyerVsTimer(orders, 'cancel', cancelStaggers, 200);

    const outcomes = await Promise.all(
      rounds.map(async ({ order, user, timer }) => {
        const tx = await current(order.tx.id);
        const round = `${tx.id}: buyer ${user}, timer ${timer}, ${tx.state}`;
        expect(tx.state, round).toBe('canceled');
        expect(tx.moneyOp, round).toBeUndefined();
        expect(await dueItemsOf(tx.id, 'money'), round).toEqual([]);
        expect(await eventTypes(tx.id), round).toEqual(['PaymentCaptured', 'RefundIssued']);
        expect(await stockOf(order.listingId), round).toBe(1);
        await expectNothingLeftToRefund(order.intentId!, round);
        if (user === 'ok') {
          expect(['already-moved', 'not-due'], round).toContain(timer);
          expect(log(tx), round).toEqual(['request-payment', 'confirm-payment', 'cancel']);
          await expectRefundedInFull(tx.id, 'canceled');
          return 'user';
        }
        expect(timer, round).toBe('fired');
        expect(['transaction-invalid-transition', 'transition-in-progress'], round).toContain(user);
        expect(log(tx), round).toEqual(['request-payment', 'confirm-payment', 'auto-cancel']);
        await expectRefundedInFull(tx.id, 'auto-canceled');
        return 'timer';
      }),
    );
    const won = {
      user: outcomes.filter((outcome) => outcome === 'user').length,
      timer: outcomes.filter((outcome) => outcome === 'timer').length,
    };
    console.info(
      `action vs timer (cancel vs auto-cancel): ${rounds.length} rounds, user won ${won.user}, timer won ${won.timer}, ` +
        `${refusedAtTheWrite} losers refused at the order's conditional write`,
    );
    expect(won.user, 'the buyer won at least one round').toBeGreaterThanOrEqual(1);
    expect(won.timer, 'the timer won at least one round').toBeGreaterThanOrEqual(1);
    expect(refusedAtTheWrite, "a loser reached the order's conditional write").toBeGreaterThanOrEqual(1);
    expect(
      reconcile(await Promise.all(orders.map((order) => outboxEvents(order.tx.id))).then((e) => e.flat())),
    ).toEqual([]);
  }, 60_000);
});
