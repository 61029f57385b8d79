/**
 * Refunds: transition first. The cancel paths and expire-payment take the `moneyOp` lock in their
 * write (a refund intent, with a `DUE#…#money` retry item); after it, the payment is voided or
 * refunded and the lock is cleared with the RefundIssued event. The refund is never given up.
 */
import { payinTotal, payoutTotal, reverseLineItems } from '../../../shared/line-items';
import { fromPaypalAmount, type Money } from '../../../shared/money';
import { type RefundReason, refundReasonOf } from '../../../shared/process/effects';
import type { TransitionName } from '../../../shared/process/graph';
import { tableName } from '../../lib/aws';
import { type PlainMetricKey, recordMetric } from '../../lib/metrics';
import { reportError } from '../../lib/observability';
import { keys } from '../../lib/table-design';
import { cancellationCodes, sendTransactWrite } from '../../lib/writes';
import { paypalPort } from '../../payments/paypal/index';
import { outboxPut } from '../outbox';
import type { TransitionRun, WriteAdditions } from '../plan-write';
import type { MoneyOp, TransactionRecord } from '../record';
import { deleteItem, putItem, type TransactItem } from '../repository';
import {
  moneyDueItem,
  moneyDueKey,
  moneyKeys,
  moneyRetryAt,
  paymentCapturedPut,
  stripe,
  stripeCaptured,
  updateTransactionIf,
} from './common';

export function refundIntent(run: TransitionRun): WriteAdditions | undefined {
  const tx = run.transaction;
  if (!tx.payment) return undefined; // an enquiry: no money
  const op: MoneyOp = {
    op: 'refund',
    transition: run.transition.name as TransitionName,
    key: moneyKeys.refund(tx.id),
    startedAt: run.now.toISOString(),
    retryAt: moneyRetryAt(run.now, run.timers.scale ?? 1),
    attempts: 0,
  };
  return { set: { moneyOp: op }, items: [putItem({ ...moneyDueItem(tx.id, op) })] };
}

export interface RefundOutcome {
  captured: boolean;
  provider?: 'stripe' | 'paypal';
  providerPaymentId?: string;
  refundId?: string;
  /** What was captured, and so given back (never a total recomputed from the lines). */
  amount?: Money;
}

/**
 * Gives the customer's money back: voids a Stripe payment that was not captured (and refunds it if
 * the void lost to a capture), refunds a captured one; refunds a PayPal capture (an uncaptured PayPal
 * order needs nothing). The provider is asked, not the record: a capture whose write was lost is found.
 */
export async function refundPayment(tx: TransactionRecord, key: string): Promise<RefundOutcome> {
  const payment = tx.payment;
  if (payment?.method === 'card' && payment.stripePaymentIntentId) {
    const id = payment.stripePaymentIntentId;
    let intent = await stripe().retrievePaymentIntent(id);
    if (intent.status !== 'succeeded' && intent.status !== 'canceled') {
      try {
        intent = await stripe().cancelPaymentIntent(id, moneyKeys.voidPayment(tx.id));
      } catch (error) {
        intent = await stripe().retrievePaymentIntent(id);
        if (intent.status !== 'succeeded') throw error;
      }
    }
    if (intent.status !== 'succeeded') return { captured: false };
    const refund = await stripe().refundPayment({ paymentIntentId: id, idempotencyKey: key });
    const amount = payment.capturedAmount ?? stripeCaptured(intent, tx);
    return { captured: true, provider: 'stripe', providerPaymentId: id, refundId: refund.id, amount };
  }
  if (payment?.method === 'paypal') {
    let captureId = payment.paypalCaptureId ?? tx.protectedData.paypalTransactionId;
    let amount = payment.capturedAmount;
    const orderId = tx.protectedData.paypalOrderId;
    if (!captureId && orderId) {
      const order = await paypalPort().getOrder(orderId);
      if (order?.status === 'COMPLETED') {
        captureId = order.captureId;
        if (order.amount) amount ??= fromPaypalAmount(order.amount);
      }
    }
    if (!captureId) return { captured: false };
    const refund = await paypalPort().refundCapture({
      captureId,
      payeeMerchantId: payment.paypalPayeeMerchantId ?? '',
      requestId: key,
    });
    return {
      captured: true,
      provider: 'paypal',
      providerPaymentId: captureId,
      refundId: refund.refundId,
      ...(amount ? { amount } : {}),
    };
  }
  return { captured: false };
}

/**
 * Records a refund: the refund id and amount on the payment, the reversal line items (the
 * lines then sum to zero for both parties, and so do payinTotal and payoutTotal), the lock cleared
 * (when `op` holds it) with its retry item, and the RefundIssued event of the captured amount (plus
 * PaymentCaptured when the capture had never been recorded). One TransactWrite, so the lines and the
 * event always agree; if another path recorded it first, the outbox condition cancels it.
 */
export async function recordRefund(
  tx: TransactionRecord,
  refund: RefundOutcome,
  reason: RefundReason,
  now: Date,
  op?: MoneyOp,
): Promise<void> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  let condition = 'attribute_exists(PK)';
  // Orders captured before the amount was kept: their pay-in, unchanged since the capture.
  const amount = refund.amount ?? tx.payinTotal;
  if (refund.captured && refund.refundId) {
    const lines = [...tx.lineItems, ...reverseLineItems(tx.lineItems)];
    names['#payment'] = 'payment';
    names['#refundId'] = 'refundId';
    names['#refundedAt'] = 'refundedAt';
    names['#refundedAmount'] = 'refundedAmount';
    names['#lineItems'] = 'lineItems';
    names['#payinTotal'] = 'payinTotal';
    names['#payoutTotal'] = 'payoutTotal';
    values[':refundId'] = refund.refundId;
    values[':refundedAt'] = now.toISOString();
    values[':refundedAmount'] = amount;
    values[':lines'] = lines;
    values[':payin'] = payinTotal(lines);
    values[':payout'] = payoutTotal(lines);
    sets.push(
      '#payment.#refundId = :refundId',
      '#payment.#refundedAt = :refundedAt',
      '#payment.#refundedAmount = :refundedAmount',
      '#lineItems = :lines',
      '#payinTotal = :payin',
      '#payoutTotal = :payout',
    );
    if (!tx.payment?.capturedAt) {
      names['#capturedLate'] = 'capturedLate';
      values[':late'] = true;
      sets.push('#payment.#capturedLate = :late');
    }
  }
  const removes: string[] = [];
  if (op) {
    names['#moneyOp'] = 'moneyOp';
    names['#key'] = 'key';
    values[':key'] = op.key;
    removes.push('#moneyOp');
    condition = '#moneyOp.#key = :key';
  }
  const update = [
    sets.length ? `SET ${sets.join(', ')}` : '',
    removes.length ? `REMOVE ${removes.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const items: TransactItem[] = [];
  if (update) {
    items.push({
      Update: {
        TableName: tableName(),
        Key: keys.transaction(tx.id),
        UpdateExpression: update,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
      },
    });
  }
  if (op) items.push(deleteItem(moneyDueKey(tx.id, op)));
  /** The metrics of the finance events this write holds: facts once it commits. */
  const facts: PlainMetricKey[] = [];
  if (refund.captured && refund.provider && refund.providerPaymentId && refund.refundId) {
    if (!tx.payment?.capturedAt) {
      items.push(paymentCapturedPut(tx, refund.provider, refund.providerPaymentId, amount, now));
      facts.push('paymentsCaptured');
    }
    facts.push('refundsIssued');
    items.push(
      outboxPut({
        type: 'RefundIssued',
        data: {
          transactionId: tx.id,
          customerId: tx.customerId,
          provider: refund.provider,
          providerRefundId: refund.refundId,
          amount,
          reason,
        },
        occurredAt: now,
      }),
    );
  }
  if (!items.length) return;
  try {
    await sendTransactWrite({ TransactItems: items }, { retryConflicts: true });
    for (const fact of facts) recordMetric(fact);
  } catch (error) {
    // Someone else finished this refund (the lock is gone or the event exists): nothing to do.
    const codes = cancellationCodes(error);
    if (!codes?.includes('ConditionalCheckFailed')) throw error;
    // Our lock held but the events were already written (confirm-payment refunded its own late
    // capture with the same key): the refund is done, so release the lock and its retry item, or
    // the sweeper would retry it forever.
    if (op && codes[0] !== 'ConditionalCheckFailed') {
      await recordRefund(tx, { captured: false }, reason, now, op);
    }
  }
}

/**
 * Finishes the refund whose lock `tx` holds (after a cancel path's write, and on the sweeper's
 * retry). A failure leaves the lock and moves its retry later; the refund is never given up.
 */
export async function settleRefund(tx: TransactionRecord, now = new Date(), scale = 1): Promise<boolean> {
  const op = tx.moneyOp;
  if (op?.op !== 'refund') return false;
  try {
    const refund = await refundPayment(tx, op.key);
    await recordRefund(tx, refund, refundReasonOf(op.transition) ?? 'canceled', now, op);
    return true;
  } catch (error) {
    await reportError(error, { task: 'refund', transactionId: tx.id });
    // The order's transition has committed: a failure here only delays the retry (the due item stays).
    await postponeMoneyOp(tx, op, now, scale).catch((postponed: unknown) =>
      reportError(postponed, { task: 'refund-postpone', transactionId: tx.id }),
    );
    return false;
  }
}

/** Moves an unfinished money operation's retry later (the lock stays). */
export async function postponeMoneyOp(
  tx: TransactionRecord,
  op: MoneyOp,
  now: Date,
  scale: number,
): Promise<void> {
  const attempts = (op.attempts ?? 0) + 1;
  // Always later than the current retry: the due item's key changes (one TransactWrite may not
  // delete and put the same item).
  const later = Math.max(Date.parse(moneyRetryAt(now, scale, attempts)), Date.parse(op.retryAt) + 1000);
  const next: MoneyOp = { ...op, attempts, retryAt: new Date(later).toISOString() };
  await updateTransactionIf(
    tx.id,
    {
      UpdateExpression: 'SET #moneyOp = :next',
      ConditionExpression: '#moneyOp.#key = :key AND #moneyOp.#retryAt = :retryAt',
      ExpressionAttributeNames: { '#moneyOp': 'moneyOp', '#key': 'key', '#retryAt': 'retryAt' },
      ExpressionAttributeValues: { ':next': next, ':key': op.key, ':retryAt': op.retryAt },
    },
    [deleteItem(moneyDueKey(tx.id, op)), putItem({ ...moneyDueItem(tx.id, next) })],
    { retryConflicts: true },
  );
}
