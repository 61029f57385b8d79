/**
 * Money for orders (docs/design/orders.md: "Money ordering" in "The write protocol", and "Money"):
 * the engine's money hooks.
 * - confirm-payment: money first. Capture (Stripe manual capture, PayPal order capture), then the
 *   transition writes `purchased` with the PaymentCaptured event.
 * - the cancel paths and expire-payment: transition first. The write takes the `moneyOp` lock (a
 *   refund intent, with a `DUE#…#money` retry item); after it, the payment is voided or refunded and
 *   the lock is cleared with the RefundIssued event.
 * - the received paths: money first, fenced by `moneyOp` (spec §4: disburse, then transition). While
 *   the lock is held every other transition is refused with 'Transition already in progress'; a payout
 *   once started is always finished (by the caller, the order's timer or the sweeper), never refunded.
 * Every provider call is keyed by the transaction, so a retry never moves money twice.
 * One module per phase (confirm-payment.ts, refunds.ts, payouts.ts); common.ts holds what they share.
 */
import { capturesPayment, paysOut, refundReasonOf } from '../../../shared/process/effects';
import { recordMetric } from '../../lib/metrics';
import type { MoneyHooks } from '../engine';
import { capturePayment, refundIfOrderMovedOn } from './confirm-payment';
import { payOut } from './payouts';
import { refundIntent, settleRefund } from './refunds';

/** The engine's money hooks for orders (the default of `applyTransition`). */
export const orderMoney: MoneyHooks = {
  async beforeWrite(run) {
    const name = run.transition.name;
    if (capturesPayment(name)) return capturePayment(run);
    if (refundReasonOf(name)) return refundIntent(run);
    if (paysOut(name)) return payOut(run);
    return undefined;
  },
  async afterWrite(run, committed) {
    // The transition's write committed the capture's or the payout's finance event with it.
    if (capturesPayment(run.transition.name)) recordMetric('paymentsCaptured');
    if (paysOut(run.transition.name)) recordMetric('payoutsDisbursed');
    const op = committed.moneyOp;
    if (op?.op === 'refund' && op.transition === run.transition.name) {
      await settleRefund(committed, run.now, run.timers.scale ?? 1);
    }
  },
  async writeFailed(run, additions) {
    if (capturesPayment(run.transition.name) && additions) await refundIfOrderMovedOn(run);
  },
};
