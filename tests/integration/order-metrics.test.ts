import { beforeAll, describe, expect, it } from 'vitest';
import { captureEmf, metricValues } from '../../functions/lib/emf.test-helper';
import { flushMetrics } from '../../functions/lib/metrics';
import { applyTransition, fireTimer } from '../../functions/orders/engine';
import type { TransactionRecord } from '../../functions/orders/record';
import { cloudOrigin, givenCardOrder, givenStripeSeller, purchase, timers } from './order-money-fixtures';

// Issue 27: the business metrics are recorded by the money and timer code itself, once per fact and
// only after the write that makes it true (a lost race records nothing). The orders are real (the
// test cloud's table, the simulated Stripe behind the engine's money hooks); the handlers' wrappers
// would flush, here the test does.

const { emf } = captureEmf();
let seller: { id: string; stripeAccountId: string };

beforeAll(async () => {
  cloudOrigin();
  seller = await givenStripeSeller();
});

/** What the test has recorded so far (flushed now): how many of each (counts are 1s). */
function recorded() {
  flushMetrics();
  const lines = emf();
  const values = (name: string) => metricValues(lines, name);
  return {
    captured: values('PaymentsCaptured').length,
    refunds: values('RefundsIssued').length,
    payouts: values('PayoutsDisbursed').length,
    timers: values('TimerFires').length,
    stripeCalls: metricValues(
      lines.filter((line) => line.provider === 'stripe'),
      'PaymentProviderCalls',
    ).length,
    stripeFailures: metricValues(
      lines.filter((line) => line.provider === 'stripe'),
      'PaymentProviderFailures',
    ).length,
  };
}

const paymentDue = (tx: TransactionRecord) => Date.parse(tx.deadline!.dueAt);

describe('order metrics from the engine', () => {
  it('a capture, then a payout: one PaymentsCaptured, one PayoutsDisbursed, provider calls without failures', async () => {
    const order = await givenCardOrder(seller);
    await purchase(order);
    expect(recorded()).toMatchObject({ captured: 1, payouts: 0, refunds: 0, stripeFailures: 0 });
    const completed = await applyTransition(order.tx.id, 'mark-received-from-purchased', {
      actor: 'customer',
      userId: order.customerId,
      now: new Date(order.t0 + 5000),
      timers,
    });
    expect(completed.state).toBe('completed');
    const after = recorded();
    expect(after).toMatchObject({ captured: 1, payouts: 1, refunds: 0, stripeFailures: 0 });
    expect(after.stripeCalls).toBeGreaterThanOrEqual(3); // retrieve and capture, then the transfer
  });

  it('a cancel refunds: one RefundsIssued; expire-payment fired: one TimerFires, and a second fire records nothing', async () => {
    const bought = await givenCardOrder(seller);
    await purchase(bought);
    await applyTransition(bought.tx.id, 'cancel', {
      actor: 'customer',
      userId: bought.customerId,
      now: new Date(bought.t0 + 2000),
      timers,
    });
    expect(recorded()).toMatchObject({ captured: 1, refunds: 1 });

    const unpaid = await givenCardOrder(seller);
    const due = new Date(paymentDue(unpaid.tx) + 1000);
    const fired = await fireTimer(unpaid.tx.id, 'expire-payment', {
      expectedVersion: unpaid.tx.version,
      now: due,
      timers,
    });
    expect(fired.outcome).toBe('fired');
    expect((await fireTimer(unpaid.tx.id, 'expire-payment', { now: due, timers })).outcome).toBe(
      'already-moved',
    );
    const after = recorded();
    expect(after.timers).toBe(1);
    expect(after).toMatchObject({ captured: 1, refunds: 1 }); // an uncaptured payment is voided, not refunded
  });
});
