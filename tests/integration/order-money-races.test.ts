import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tableName } from '../../functions/lib/aws';
import { applyTransition, fireTimer, type MoneyHooks } from '../../functions/orders/engine';
import { orderMoney } from '../../functions/orders/money';
import { moneyKeys } from '../../functions/orders/money/common';
import { disbursePaypalFunds } from '../../functions/orders/money/payouts';
import type { TransitionRun } from '../../functions/orders/plan-write';
import type { TransactionRecord } from '../../functions/orders/record';
import type { TransactItem } from '../../functions/orders/repository';
import { fireDueTimer } from '../../functions/orders/workflow/fire-timer';
import { handler as sweepDue } from '../../functions/orders/workflow/sweep-due';
import { CardProcessorError } from '../../functions/payments/stripe/port';
import { SimulatedCardProvider } from '../../functions/payments/stripe/simulated';
import { balances, reconcile } from '../../shared/events/reconcile';
import { eventually } from './cloud-env';
import { codeOf, givenPaypalSeller } from './fixtures';
import { stockOf } from './order-fixtures';
import {
  cloudOrigin,
  current,
  dueItemsOf,
  eventTypes,
  expectRefundedInFull,
  gate,
  givenCardOrder,
  givenPaypalOrder,
  givenStripeSeller,
  givenUnverifiedStripeSeller,
  type MoneyOrder,
  madeOrders,
  outboxEvents,
  purchase,
  stripe,
  timers,
} from './order-money-fixtures';

// The money of orders under races, crashes and retries (docs/design/orders.md: "Money ordering"
// in "The write protocol", and "Money"), in-process against the test cloud with real simulated
// money: a payout-ready Stripe seller, a PaymentIntent confirmed with the 4242 card and captured by
// confirm-payment, transfers, refunds, the sweeper's money retries, and the reconciliation of every
// order's finance outbox.

let seller: { id: string; stripeAccountId: string };

beforeAll(async () => {
  cloudOrigin();
  seller = await givenStripeSeller();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const customer = (order: MoneyOrder) => ({ actor: 'customer' as const, userId: order.customerId, timers });
const provider = (order: MoneyOrder) => ({ actor: 'provider' as const, userId: order.sellerId, timers });

/** An extra TransactWrite element whose condition never holds: the transition's write fails. */
function failingItem(): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: { PK: `NOWHERE#${randomUUID()}`, SK: 'NOWHERE' },
      ConditionExpression: 'attribute_exists(PK)',
    },
  };
}

/** The real money hooks, with `between` run after the money phase and before the write. */
function hooksWith(options: {
  before?: (run: TransitionRun) => Promise<void>;
  between?: (run: TransitionRun) => Promise<void>;
  crash?: boolean;
}): MoneyHooks {
  return {
    ...orderMoney,
    async beforeWrite(run) {
      await options.before?.(run);
      const additions = await orderMoney.beforeWrite!(run);
      await options.between?.(run);
      if (!options.crash) return additions;
      return { ...additions, items: [...(additions?.items ?? []), failingItem()] };
    },
  };
}

function dueAtOf(tx: TransactionRecord): number {
  if (!tx.deadline) throw new Error(`order ${tx.id} has no deadline`);
  return new Date(tx.deadline.dueAt).getTime();
}

async function expire(tx: TransactionRecord) {
  return fireTimer(tx.id, 'expire-payment', {
    expectedVersion: tx.version,
    now: new Date(dueAtOf(tx) + 1000),
    timers,
  });
}

/**
 * confirm-payment by the customer a second in, with expire-payment fired from the money hook `when`
 * (before the capture, or between it and the write): expire's outcome and confirm's refusal code.
 */
async function confirmWhileExpiring(order: MoneyOrder, when: 'before' | 'between') {
  let fired: string | undefined;
  const code = await codeOf(
    applyTransition(order.tx.id, 'confirm-payment', {
      ...customer(order),
      now: new Date(order.t0 + 1000),
      money: hooksWith({
        [when]: async () => {
          fired = (await expire(order.tx)).outcome;
        },
      }),
    }),
  );
  return { fired, code };
}

/**
 * The head start of the side that goes first in race round `round` (0–9): none in the first rounds
 * (a true tie), then up to 300 ms, enough for the first side to commit on a loaded machine.
 */
const headStartMs = (round: number) => [0, 0, 30, 30, 80, 80, 150, 150, 300, 300][round] ?? 300;

/** `work` started after `ms`. */
const later = <T>(ms: number, work: () => Promise<T>) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms)).then(work);

/** The PaymentIntent cannot be refunded again (it was refunded in full). */
async function expectFullyRefunded(intentId: string) {
  const again = await stripe()
    .refundPayment({ paymentIntentId: intentId, idempotencyKey: `other-${randomUUID()}` })
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  expect(again).toBeInstanceOf(CardProcessorError);
  expect((again as CardProcessorError).code).toBe('charge_already_refunded');
}

/** Runs the sweeper as it would run once `at` is past (the grace period included). */
function sweepAt(at: string | number) {
  return sweepDue({ now: new Date(new Date(at).getTime() + 15_000).toISOString() });
}

describe('confirm-payment crashes after the capture', () => {
  async function crashedConfirm(): Promise<MoneyOrder> {
    const order = await givenCardOrder(seller);
    const crashed = await codeOf(
      applyTransition(order.tx.id, 'confirm-payment', {
        ...customer(order),
        now: new Date(order.t0 + 1000),
        money: hooksWith({ crash: true }),
      }),
    );
    expect(crashed).toBe('conflict');
    const tx = await current(order.tx.id);
    expect(tx.state).toBe('pending-payment');
    expect(tx.version).toBe(1);
    expect(tx.payment?.capturedAt).toBeUndefined();
    expect(await eventTypes(tx.id)).toEqual([]);
    // The money is captured at the provider all the same.
    const intent = await stripe().retrievePaymentIntent(order.intentId!);
    expect(intent).toMatchObject({ status: 'succeeded', amountReceived: tx.payinTotal.amount });
    return order;
  }

  it('a retry of confirm-payment purchases the order: one PaymentCaptured, the PI captured once', async () => {
    const order = await crashedConfirm();
    const tx = await purchase(order, order.t0 + 2000);
    expect(tx.state).toBe('purchased');
    expect(tx.payment).toMatchObject({ method: 'card', capturedAt: expect.any(String) });
    expect(tx.payment?.stripeChargeId).toMatch(/^ch_/);
    expect(await eventTypes(tx.id)).toEqual(['PaymentCaptured']);
    const [captured] = await outboxEvents(tx.id);
    expect(captured!.data).toMatchObject({ amount: tx.payinTotal, provider: 'stripe' });
    // Captured once: a capture with another key is refused, the same key answers the same.
    const intent = await stripe().capturePaymentIntent(order.intentId!, moneyKeys.capture(tx.id));
    expect(intent.amountReceived).toBe(tx.payinTotal.amount);
    await expect(stripe().capturePaymentIntent(order.intentId!, 'capture-other')).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    // A third confirm is refused and moves nothing.
    expect(
      await codeOf(
        applyTransition(tx.id, 'confirm-payment', { ...customer(order), now: new Date(order.t0 + 3000) }),
      ),
    ).toBe('transaction-invalid-transition');
    expect(await eventTypes(tx.id)).toEqual(['PaymentCaptured']);
  });

  it('with no retry, expire-payment fires: stock back, the late capture refunded exactly once', async () => {
    const order = await crashedConfirm();
    expect(await stockOf(order.listingId)).toBe(0);
    const tx = await current(order.tx.id);
    const fired = await expire(tx);
    expect(fired.outcome).toBe('fired');
    const expired = await current(tx.id);
    expect(expired.state).toBe('payment-expired');
    expect(expired.moneyOp).toBeUndefined();
    expect(expired.payment).toMatchObject({ refundId: expect.stringMatching(/^re_/), capturedLate: true });
    expect(await stockOf(order.listingId)).toBe(1);
    expect(await dueItemsOf(tx.id)).toEqual([]);
    expect(await eventTypes(tx.id)).toEqual(['PaymentCaptured', 'RefundIssued']);
    await expectRefundedInFull(tx.id, 'payment-expired');
    await expectFullyRefunded(order.intentId!);
    expect(reconcile(await outboxEvents(tx.id))).toEqual([]);
    // Firing again (the workflow and the sweeper both) changes nothing.
    expect((await expire(tx)).outcome).toBe('already-moved');
    expect(await eventTypes(tx.id)).toEqual(['PaymentCaptured', 'RefundIssued']);
  });
});

describe('confirm-payment loses to expire-payment', () => {
  it('expire-payment commits between the capture and the write: 409, the capture refunded once', async () => {
    const order = await givenCardOrder(seller);
    const { fired, code } = await confirmWhileExpiring(order, 'between');
    expect(fired).toBe('fired');
    expect(code).toBe('transaction-invalid-transition');
    const tx = await current(order.tx.id);
    expect(tx.state).toBe('payment-expired');
    expect(tx.moneyOp).toBeUndefined();
    expect(await stockOf(order.listingId)).toBe(1);
    expect(await eventTypes(tx.id)).toEqual(['PaymentCaptured', 'RefundIssued']);
    await expectFullyRefunded(order.intentId!);
    expect(reconcile(await outboxEvents(tx.id))).toEqual([]);
  });

  it('expire-payment voids the PaymentIntent before the capture: 409, nothing captured', async () => {
    const order = await givenCardOrder(seller);
    const { fired, code } = await confirmWhileExpiring(order, 'before');
    expect(fired).toBe('fired');
    expect(code).toBe('transaction-invalid-transition');
    const tx = await current(order.tx.id);
    expect(tx.state).toBe('payment-expired');
    expect(tx.moneyOp).toBeUndefined();
    expect((await stripe().retrievePaymentIntent(order.intentId!)).status).toBe('canceled');
    expect(await eventTypes(tx.id)).toEqual([]);
  });

  it('confirm-payment after expire-payment committed: 409, the PaymentIntent voided, nothing captured', async () => {
    const order = await givenCardOrder(seller);
    expect((await expire(order.tx)).outcome).toBe('fired');
    expect(
      await codeOf(
        applyTransition(order.tx.id, 'confirm-payment', {
          ...customer(order),
          now: new Date(dueAtOf(order.tx) + 2000),
        }),
      ),
    ).toBe('transaction-invalid-transition');
    const intent = await stripe().retrievePaymentIntent(order.intentId!);
    expect(intent).toMatchObject({ status: 'canceled', amountReceived: 0 });
    expect(await eventTypes(order.tx.id)).toEqual([]);
    expect((await current(order.tx.id)).moneyOp).toBeUndefined();
  });

  it("expire-payment's refund fails once while confirm refunds the capture itself: the sweeper still clears the lock", async () => {
    const order = await givenCardOrder(seller);
    const refunds = vi
      .spyOn(SimulatedCardProvider.prototype, 'refundPayment')
      .mockRejectedValueOnce(new Error('socket hang up'));
    const { fired, code } = await confirmWhileExpiring(order, 'between');
    expect(fired).toBe('fired');
    expect(code).toBe('transaction-invalid-transition');
    expect(refunds).toHaveBeenCalledTimes(2); // expire's (failed), then confirm's own
    const held = await current(order.tx.id);
    expect(held.state).toBe('payment-expired');
    expect(held.moneyOp).toMatchObject({ op: 'refund', transition: 'expire-payment' });
    expect(await eventTypes(held.id)).toEqual(['PaymentCaptured', 'RefundIssued']);
    await expectFullyRefunded(order.intentId!);

    await sweepAt(held.moneyOp!.retryAt);
    const swept = await current(held.id);
    expect(swept.moneyOp).toBeUndefined();
    expect(await dueItemsOf(held.id, 'money')).toEqual([]);
    expect(await eventTypes(held.id)).toEqual(['PaymentCaptured', 'RefundIssued']);
    expect(reconcile(await outboxEvents(held.id))).toEqual([]);
  });
});

describe('mark-delivered races auto-cancel at the ship deadline', () => {
  it('on 10 orders exactly one wins each; only the canceled ones are refunded and get their stock back', async () => {
    const orders: MoneyOrder[] = [];
    for (let i = 0; i < 10; i++) {
      const order = await givenCardOrder(seller);
      await purchase(order);
      orders.push(order);
    }
    const outcomes = await Promise.all(
      orders.map(async (order, i) => {
        const tx = order.tx;
        const at = new Date(dueAtOf(tx) + 1000);
        const deliver = () =>
          applyTransition(tx.id, 'mark-delivered', {
            ...provider(order),
            expectedVersion: tx.version,
            now: at,
            params: { protectedData: { trackingNumber: `TRACK-${i}` } },
          }).then(
            () => 'ok',
            (error: { code?: string }) => error.code ?? String(error),
          );
        const cancel = () =>
          fireTimer(tx.id, 'auto-cancel', { expectedVersion: tx.version, now: at, timers });
        // Half start with the delivery, half with the timer; the other side after a head start
        // growing with the round, so each wins some rounds whatever the load (both are required).
        const [delivered, canceled] =
          i % 2 === 0
            ? await Promise.all([deliver(), later(headStartMs(i), cancel)])
            : await Promise.all([cancel(), later(headStartMs(i), deliver)]).then(([c, d]) => [d, c] as const);
        return { delivered, canceled: canceled.outcome };
      }),
    );
    let canceledCount = 0;
    for (const [i, order] of orders.entries()) {
      const { delivered, canceled } = outcomes[i]!;
      const tx = await current(order.tx.id);
      const types = await eventTypes(tx.id);
      expect([delivered === 'ok', canceled === 'fired'].filter(Boolean)).toHaveLength(1);
      expect(tx.moneyOp).toBeUndefined();
      expect(await dueItemsOf(tx.id, 'money')).toEqual([]);
      if (tx.state === 'canceled') {
        canceledCount++;
        expect(canceled).toBe('fired');
        expect(delivered).toBe('transaction-invalid-transition');
        expect(tx.payment?.refundId).toMatch(/^re_/);
        expect(types).toEqual(['PaymentCaptured', 'RefundIssued']);
        await expectRefundedInFull(tx.id, 'auto-canceled');
        expect(await stockOf(order.listingId)).toBe(1);
        await expectFullyRefunded(order.intentId!);
      } else {
        expect(tx.state).toBe('delivered');
        expect(delivered).toBe('ok');
        expect(canceled).toBe('already-moved');
        expect(tx.payment?.refundId).toBeUndefined();
        expect(types).toEqual(['PaymentCaptured']);
        expect(await stockOf(order.listingId)).toBe(0);
        const intent = await stripe().retrievePaymentIntent(order.intentId!);
        expect(intent).toMatchObject({ status: 'succeeded', amountReceived: tx.payinTotal.amount });
      }
    }
    console.info(`mark-delivered vs auto-cancel: ${canceledCount} canceled, ${10 - canceledCount} delivered`);
    // Each branch above ran at least once (issue 28: a race test that branches per round proves
    // nothing about a branch that never runs).
    expect(canceledCount, 'auto-cancel won at least one round').toBeGreaterThanOrEqual(1);
    expect(10 - canceledCount, 'mark-delivered won at least one round').toBeGreaterThanOrEqual(1);
  });
});

describe('mark-received-from-purchased races mark-delivered', () => {
  it('whichever commits first, exactly one wins and the money follows it', async () => {
    const orders: MoneyOrder[] = [];
    for (let i = 0; i < 6; i++) {
      const order = await givenCardOrder(seller);
      await purchase(order);
      orders.push(order);
    }
    const settle = (promise: Promise<unknown>) =>
      promise.then(
        () => 'ok',
        (error: { code?: string }) => error.code ?? String(error),
      );
    const results = await Promise.all(
      orders.map(async (order, i) => {
        const at = new Date(order.t0 + 5000);
        const receive = () =>
          settle(
            applyTransition(order.tx.id, 'mark-received-from-purchased', { ...customer(order), now: at }),
          );
        const deliver = () =>
          settle(applyTransition(order.tx.id, 'mark-delivered', { ...provider(order), now: at }));
        // As above: who starts first alternates, the other after a growing head start.
        if (i % 2 === 0) {
          const [received, delivered] = await Promise.all([receive(), later(headStartMs(i * 2), deliver)]);
          return { received, delivered };
        }
        const [delivered, received] = await Promise.all([deliver(), later(headStartMs(i * 2), receive)]);
        return { received, delivered };
      }),
    );
    let receivedCount = 0;
    for (const [i, order] of orders.entries()) {
      const { received, delivered } = results[i]!;
      const tx = await current(order.tx.id);
      expect(tx.moneyOp).toBeUndefined();
      expect(await dueItemsOf(tx.id, 'money')).toEqual([]);
      if (received === 'ok') {
        receivedCount++;
        expect(['transition-in-progress', 'transaction-invalid-transition']).toContain(delivered);
        expect(tx.state).toBe('completed');
        expect(await eventTypes(tx.id)).toEqual(['CommissionEarned', 'PaymentCaptured', 'PayoutDisbursed']);
        expect(reconcile(await outboxEvents(tx.id))).toEqual([]);
      } else {
        expect(delivered).toBe('ok');
        expect(received).toBe('transaction-invalid-transition');
        expect(tx.state).toBe('delivered');
        expect(tx.payment?.payoutId).toBeUndefined();
        expect(await eventTypes(tx.id)).toEqual(['PaymentCaptured']);
      }
    }
    console.info(
      `mark-received vs mark-delivered: ${receivedCount} received, ${6 - receivedCount} delivered`,
    );
    expect(receivedCount, 'mark-received won at least one round').toBeGreaterThanOrEqual(1);
    expect(6 - receivedCount, 'mark-delivered won at least one round').toBeGreaterThanOrEqual(1);
  });

  it('while the payout holds the lock, mark-delivered answers transition-in-progress; the payout then completes', async () => {
    const order = await givenCardOrder(seller);
    await purchase(order);
    const paused = gate();
    const original = SimulatedCardProvider.prototype.createTransfer;
    const transfers = vi
      .spyOn(SimulatedCardProvider.prototype, 'createTransfer')
      .mockImplementation(async function (this: SimulatedCardProvider, input) {
        await paused.wait;
        return original.call(this, input);
      });
    const at = new Date(order.t0 + 5000);
    const receiving = applyTransition(order.tx.id, 'mark-received-from-purchased', {
      ...customer(order),
      now: at,
    });
    const locked = await eventually(async () => {
      const tx = await current(order.tx.id);
      return tx.moneyOp ? tx : undefined;
    });
    expect(locked.moneyOp).toMatchObject({ op: 'payout', transition: 'mark-received-from-purchased' });
    expect(await dueItemsOf(order.tx.id, 'money')).toHaveLength(1);
    expect(
      await codeOf(applyTransition(order.tx.id, 'mark-delivered', { ...provider(order), now: at })),
    ).toBe('transition-in-progress');
    // The ship-deadline timer cannot fire under the lock either (engine.fireTimer: not applied).
    const timer = await fireTimer(order.tx.id, 'auto-cancel', {
      expectedVersion: locked.version,
      now: new Date(dueAtOf(locked) + 1000),
      timers,
    });
    expect(timer.outcome).toBe('already-moved');
    expect((await current(order.tx.id)).state).toBe('purchased');
    paused.open();
    const done = await receiving;
    expect(transfers).toHaveBeenCalledTimes(1);
    expect(done.state).toBe('completed');
    expect(done.moneyOp).toBeUndefined();
    expect(done.payment?.payoutId).toMatch(/^tr_/);
    expect(await dueItemsOf(order.tx.id, 'money')).toEqual([]);
    expect(await eventTypes(order.tx.id)).toEqual(['CommissionEarned', 'PaymentCaptured', 'PayoutDisbursed']);
    const transfer = await stripe().transferObject(done.payment!.payoutId!);
    expect(transfer).toMatchObject({
      amount: done.payoutTotal.amount,
      destination: seller.stripeAccountId,
      transfer_group: done.id,
    });
  });

  it('PayPal: disburse-paypal-funds holds the lock; mark-delivered answers transition-in-progress', async () => {
    const paypalSeller = await givenPaypalSeller();
    const order = await givenPaypalOrder(paypalSeller);
    const purchased = await purchase(order);
    expect(purchased.protectedData.paypalTransactionId).toMatch(/^SIMCAPTURE/);
    const at = new Date(order.t0 + 5000);
    const disbursementId = await disbursePaypalFunds(purchased, order.customerId, at, 1);
    expect(disbursementId).toMatch(/^SIMPAYOUT/);
    expect(await disbursePaypalFunds(await current(order.tx.id), order.customerId, at, 1)).toBe(
      disbursementId,
    );
    expect(
      await codeOf(applyTransition(order.tx.id, 'mark-delivered', { ...provider(order), now: at })),
    ).toBe('transition-in-progress');
    expect(
      await codeOf(
        applyTransition(order.tx.id, 'cancel', { ...customer(order), now: new Date(order.t0 + 6000) }),
      ),
    ).toBe('transition-in-progress');
    const done = await applyTransition(order.tx.id, 'mark-received-from-purchased', {
      ...customer(order),
      now: at,
      params: { protectedData: { paypalDisbursementId: disbursementId } },
    });
    expect(done.state).toBe('completed');
    expect(done.moneyOp).toBeUndefined();
    expect(done.protectedData.paypalDisbursementId).toBe(disbursementId);
    expect(await eventTypes(done.id)).toEqual(['CommissionEarned', 'PaymentCaptured', 'PayoutDisbursed']);
    const payout = (await outboxEvents(done.id)).find((event) => event.type === 'PayoutDisbursed')!;
    expect(payout.data).toMatchObject({ provider: 'paypal', providerPayoutId: disbursementId });
    expect(reconcile(await outboxEvents(done.id))).toEqual([]);
  });
});

describe('one payout asked twice at once', () => {
  it('a double click on mark-received-from-purchased: one transfer, both calls answer the completed order', async () => {
    const order = await givenCardOrder(seller);
    await purchase(order);
    const transfers = vi.spyOn(SimulatedCardProvider.prototype, 'createTransfer');
    const at = new Date(order.t0 + 5000);
    const settle = (promise: Promise<TransactionRecord>) =>
      promise.then(
        (tx) => tx.state,
        (error: { code?: string }) => error.code ?? String(error),
      );
    const answers = await Promise.all([
      settle(applyTransition(order.tx.id, 'mark-received-from-purchased', { ...customer(order), now: at })),
      settle(applyTransition(order.tx.id, 'mark-received-from-purchased', { ...customer(order), now: at })),
    ]);
    // The loser answers the order as the winner left it: received, or already completed (0-second timer).
    for (const answer of answers) expect(['received', 'completed']).toContain(answer);
    const done = await current(order.tx.id);
    expect(done.state).toBe('completed');
    expect(done.moneyOp).toBeUndefined();
    expect(transfers.mock.calls.length).toBeGreaterThanOrEqual(1);
    const ids = new Set(
      await Promise.all(transfers.mock.results.map(async (result) => (await result.value).id)),
    );
    expect(ids.size).toBe(1);
    expect(await eventTypes(done.id)).toEqual(['CommissionEarned', 'PaymentCaptured', 'PayoutDisbursed']);
  });

  it("the ship-deadline timer finishes a slow payout; the customer's own call then answers the completed order", async () => {
    const order = await givenCardOrder(seller);
    const purchased = await purchase(order);
    const paused = gate();
    const original = SimulatedCardProvider.prototype.createTransfer;
    let calls = 0;
    vi.spyOn(SimulatedCardProvider.prototype, 'createTransfer').mockImplementation(async function (
      this: SimulatedCardProvider,
      input,
    ) {
      if (calls++ === 0) await paused.wait;
      return original.call(this, input);
    });
    const at = new Date(order.t0 + 5000);
    const receiving = applyTransition(order.tx.id, 'mark-received-from-purchased', {
      ...customer(order),
      now: at,
    }).then(
      (tx) => tx.state,
      (error: { code?: string }) => error.code ?? String(error),
    );
    const locked = await eventually(async () => {
      const tx = await current(order.tx.id);
      return tx.moneyOp ? tx : undefined;
    });
    // The workflow's FireTimer at the ship deadline finds the payout lock and finishes the payout.
    const fired = await fireDueTimer(locked, new Date(dueAtOf(purchased) + 1000), timers);
    expect(fired.transaction?.state).toBe('completed');
    paused.open();
    expect(await receiving).toBe('completed');
    const done = await current(order.tx.id);
    expect(done.moneyOp).toBeUndefined();
    expect(calls).toBe(2);
    expect(await eventTypes(done.id)).toEqual(['CommissionEarned', 'PaymentCaptured', 'PayoutDisbursed']);
  });
});

describe('PayPal money paths', () => {
  it('confirm crashes after the PayPal capture; expire-payment refunds the capture once', async () => {
    const paypalSeller = await givenPaypalSeller();
    const order = await givenPaypalOrder(paypalSeller);
    expect(
      await codeOf(
        applyTransition(order.tx.id, 'confirm-payment', {
          ...customer(order),
          now: new Date(order.t0 + 1000),
          money: hooksWith({ crash: true }),
        }),
      ),
    ).toBe('conflict');
    const pending = await current(order.tx.id);
    expect(pending.state).toBe('pending-payment');
    expect((await expire(pending)).outcome).toBe('fired');
    const expired = await current(order.tx.id);
    expect(expired.state).toBe('payment-expired');
    expect(expired.moneyOp).toBeUndefined();
    expect(expired.payment?.refundId).toMatch(/^SIMREFUND/);
    expect(await eventTypes(expired.id)).toEqual(['PaymentCaptured', 'RefundIssued']);
    const events = await outboxEvents(expired.id);
    expect(events.find((event) => event.type === 'RefundIssued')!.data).toMatchObject({ provider: 'paypal' });
    await expectRefundedInFull(expired.id, 'payment-expired');
  });

  it('a PayPal order canceled by the customer is refunded once', async () => {
    const paypalSeller = await givenPaypalSeller();
    const order = await givenPaypalOrder(paypalSeller);
    await purchase(order);
    const canceled = await applyTransition(order.tx.id, 'cancel', {
      ...customer(order),
      now: new Date(order.t0 + 2000),
    });
    expect(canceled.state).toBe('canceled');
    const tx = await current(order.tx.id);
    expect(tx.moneyOp).toBeUndefined();
    expect(await eventTypes(tx.id)).toEqual(['PaymentCaptured', 'RefundIssued']);
    expect(reconcile(await outboxEvents(tx.id))).toEqual([]);
    // The refunded capture can no longer be paid out.
    await expect(disbursePaypalFunds(tx, order.customerId, new Date(), 1)).rejects.toMatchObject({
      code: 'transaction-invalid-transition',
    });
  });
});

describe('ambiguous provider failures are finished by the sweeper', () => {
  it('a payout that times out keeps the lock; the sweeper pays out once and completes the order', async () => {
    const order = await givenCardOrder(seller);
    await purchase(order);
    const transfers = vi
      .spyOn(SimulatedCardProvider.prototype, 'createTransfer')
      .mockRejectedValueOnce(new Error('ETIMEDOUT'))
      .mockRejectedValueOnce(new Error('ECONNRESET'));
    const at = new Date(order.t0 + 5000);
    expect(
      await codeOf(
        applyTransition(order.tx.id, 'mark-received-from-purchased', { ...customer(order), now: at }),
      ),
    ).toBe('transition-in-progress');
    const held = await current(order.tx.id);
    expect(held.state).toBe('purchased');
    expect(held.moneyOp).toMatchObject({
      op: 'payout',
      transition: 'mark-received-from-purchased',
      key: moneyKeys.payout(held.id),
      actor: 'customer',
      userId: order.customerId,
    });
    const due = await dueItemsOf(held.id, 'money');
    expect(due).toHaveLength(1);
    expect(due[0]!.SK).toContain(`${held.id}#money`);
    expect(await eventTypes(held.id)).toEqual(['PaymentCaptured']);
    expect(await codeOf(applyTransition(held.id, 'mark-delivered', { ...provider(order), now: at }))).toBe(
      'transition-in-progress',
    );

    // The sweeper's first retry fails too: the lock stays and the next retry waits longer.
    await sweepAt(held.moneyOp!.retryAt);
    const again = await current(held.id);
    expect(again.state).toBe('purchased');
    expect(again.moneyOp).toMatchObject({ key: held.moneyOp!.key, attempts: 1 });
    expect(again.moneyOp!.retryAt > held.moneyOp!.retryAt).toBe(true);
    expect((await dueItemsOf(held.id, 'money')).map((item) => item.dueAt)).toEqual([again.moneyOp!.retryAt]);

    const swept = await sweepAt(again.moneyOp!.retryAt);
    expect(swept.moneyRetried).toBeGreaterThanOrEqual(1);
    const done = await current(held.id);
    expect(done.state).toBe('completed');
    expect(done.transitions.map((entry) => entry.transition)).toEqual([
      'request-payment',
      'confirm-payment',
      'mark-received-from-purchased',
      'auto-complete',
    ]);
    expect(done.moneyOp).toBeUndefined();
    expect(await dueItemsOf(held.id, 'money')).toEqual([]);
    expect(transfers).toHaveBeenCalledTimes(3);
    expect(await eventTypes(held.id)).toEqual(['CommissionEarned', 'PaymentCaptured', 'PayoutDisbursed']);
    expect(reconcile(await outboxEvents(held.id))).toEqual([]);
    // Swept again: nothing more happens.
    await sweepAt(again.moneyOp!.retryAt);
    expect((await current(held.id)).version).toBe(done.version);
    expect(transfers).toHaveBeenCalledTimes(3);
  });

  it('a refund that fails once keeps the lock; the sweeper refunds once', async () => {
    const order = await givenCardOrder(seller, { stock: 2 });
    await purchase(order);
    const refunds = vi
      .spyOn(SimulatedCardProvider.prototype, 'refundPayment')
      .mockRejectedValueOnce(new Error('502 Bad Gateway'));
    const canceled = await applyTransition(order.tx.id, 'cancel', {
      ...customer(order),
      now: new Date(order.t0 + 2000),
    });
    expect(canceled.state).toBe('canceled');
    expect(await stockOf(order.listingId)).toBe(2);
    const held = await current(order.tx.id);
    expect(held.moneyOp).toMatchObject({ op: 'refund', transition: 'cancel', attempts: 1 });
    expect(await dueItemsOf(held.id, 'money')).toHaveLength(1);
    expect(await eventTypes(held.id)).toEqual(['PaymentCaptured']);
    // The order is terminal; any transition is refused.
    expect(
      await codeOf(applyTransition(held.id, 'mark-delivered', { ...provider(order), now: new Date() })),
    ).toBe('transaction-invalid-transition');

    await sweepAt(held.moneyOp!.retryAt);
    const done = await current(held.id);
    expect(done.moneyOp).toBeUndefined();
    expect(done.payment?.refundId).toMatch(/^re_/);
    expect(await dueItemsOf(held.id, 'money')).toEqual([]);
    expect(refunds).toHaveBeenCalledTimes(2);
    expect(await eventTypes(held.id)).toEqual(['PaymentCaptured', 'RefundIssued']);
    await expectRefundedInFull(held.id, 'canceled');
    await sweepAt(held.moneyOp!.retryAt);
    expect(refunds).toHaveBeenCalledTimes(2);
    expect(await eventTypes(held.id)).toEqual(['PaymentCaptured', 'RefundIssued']);
    await expectFullyRefunded(order.intentId!);
  });
});

describe('a definite payout refusal', () => {
  it('a seller account without transfers: the lock released, the order kept, the error answered, no events', async () => {
    const unverified = await givenUnverifiedStripeSeller();
    const order = await givenCardOrder(unverified);
    const purchased = await purchase(order);
    const at = new Date(order.t0 + 5000);
    expect(
      await codeOf(
        applyTransition(order.tx.id, 'mark-received-from-purchased', { ...customer(order), now: at }),
      ),
    ).toBe('transaction-payment-failed');
    const tx = await current(order.tx.id);
    expect(tx.state).toBe('purchased');
    expect(tx.version).toBe(purchased.version);
    expect(tx.moneyOp).toBeUndefined();
    expect(tx.payment?.payoutId).toBeUndefined();
    expect(await dueItemsOf(tx.id, 'money')).toEqual([]);
    expect(await eventTypes(tx.id)).toEqual(['PaymentCaptured']);
    // Nothing holds the order: the seller can still mark it delivered.
    const delivered = await applyTransition(tx.id, 'mark-delivered', { ...provider(order), now: at });
    expect(delivered.state).toBe('delivered');
  });
});

describe('reconciliation', () => {
  it('every order of this file balances: completed = payout + commission; canceled and expired refunded in full', async () => {
    expect(madeOrders.length).toBeGreaterThanOrEqual(20);
    const closed: Awaited<ReturnType<typeof outboxEvents>> = [];
    for (const order of madeOrders) {
      const tx = await current(order.tx.id);
      const events = await outboxEvents(tx.id);
      const [balance] = balances(events);
      const sums = balance ?? { captured: 0, refunded: 0, paidOut: 0, commission: 0 };
      expect(tx.moneyOp, `${tx.id} holds no lock`).toBeUndefined();
      if (tx.state === 'completed') {
        expect(sums).toMatchObject({
          captured: tx.payinTotal.amount,
          refunded: 0,
          paidOut: tx.payoutTotal.amount,
          commission: tx.payinTotal.amount - tx.payoutTotal.amount,
        });
        closed.push(...events);
      } else if (tx.state === 'canceled' || tx.state === 'payment-expired') {
        expect(sums.captured, `${tx.id} (${tx.state})`).toBe(sums.refunded);
        expect(sums.paidOut).toBe(0);
        expect(sums.commission).toBe(0);
        // Refunded orders carry their reversal lines; a payment never captured (voided) has none.
        if (sums.captured > 0) {
          expect(tx.payinTotal.amount, `${tx.id} lines net to zero`).toBe(0);
          expect(tx.payoutTotal.amount).toBe(0);
        } else {
          expect(tx.lineItems.some((line) => line.reversal)).toBe(false);
        }
        closed.push(...events);
      } else {
        // Still open (purchased, delivered): captured, nothing moved yet.
        expect(sums).toMatchObject({
          captured: tx.payinTotal.amount,
          refunded: 0,
          paidOut: 0,
          commission: 0,
        });
      }
    }
    expect(reconcile(closed)).toEqual([]);
  });
});
