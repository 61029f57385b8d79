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
 */

import { lineItemCodes, payinTotal, payoutTotal, reverseLineItems, sumOfCode } from '../../shared/line-items';
import { fromPaypalAmount, type Money } from '../../shared/money';
import { capturesPayment, paysOut, type RefundReason, refundReasonOf } from '../../shared/process/effects';
import { type ProcessState, type TransitionName, transitionsFrom } from '../../shared/process/graph';
import { getUser } from '../accounts/repository';
import { tableName } from '../lib/aws';
import { ApiError } from '../lib/errors';
import { reportError } from '../lib/observability';
import { keys } from '../lib/table-design';
import { cancellationCodes, sendTransactWrite, type TransactWriteOptions } from '../lib/writes';
import { paypalPort } from '../payments/paypal/index';
import { paypalErrorCode } from '../payments/paypal/orders';
import { PaypalRefusal } from '../payments/paypal/port';
import { CardProcessorError, cardProvider } from '../payments/stripe';
import { paymentFailed } from '../payments/stripe/errors';
import type { MoneyHooks, TransitionRun, WriteAdditions } from './engine';
import { outboxPut } from './outbox';
import type { MoneyOp, TransactionPayment, TransactionRecord } from './record';
import { dueItem } from './record';
import { deleteItem, getTransaction, putItem, type TransactItem } from './repository';

/** The idempotency keys of an order's money movements (one of each per order). */
export const moneyKeys = {
  paymentIntent: (txId: string) => `pi-${txId}`,
  capture: (txId: string) => `capture-${txId}`,
  voidPayment: (txId: string) => `void-${txId}`,
  refund: (txId: string) => `refund-${txId}`,
  payout: (txId: string) => `payout-${txId}`,
};

const RETRY_BASE_MS = 2 * 60_000;

/** When an unfinished refund or payout is retried: 2 min × scale, doubling per attempt (≤ 1 h × scale), ≥ 1 s. */
export function moneyRetryAt(now: Date, scale: number, attempts = 0): string {
  const delay = Math.min(RETRY_BASE_MS * 2 ** attempts, 60 * 60_000) * scale;
  return new Date(now.getTime() + Math.max(1000, Math.round(delay))).toISOString();
}

function moneyDueItem(txId: string, op: MoneyOp) {
  return dueItem(txId, { transition: op.transition, dueAt: op.retryAt }, 'money');
}

function moneyDueKey(txId: string, op: MoneyOp) {
  return keys.due(txId, op.retryAt, 'money');
}

const stripe = () => cardProvider();

/** A provider answer that will not change on a retry (a refusal), as opposed to a timeout or a 5xx. */
function isDefiniteRefusal(error: unknown): boolean {
  if (error instanceof PaypalRefusal) return true;
  if (error instanceof CardProcessorError) {
    return (
      (error.type === 'card_error' || error.type === 'invalid_request_error') &&
      (error.options.statusCode ?? 400) < 500
    );
  }
  return false;
}

/** The §8 answer to a failed capture: the provider's own message kept in `meta`. */
function paymentFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof CardProcessorError) return paymentFailed(error);
  const paypal = paypalErrorCode(error);
  if (paypal) return paypal;
  throw error;
}

// ---- confirm-payment: capture, then the transition.

async function capturePayment(run: TransitionRun): Promise<WriteAdditions> {
  const tx = run.transaction;
  const payment = tx.payment;
  const nowIso = run.now.toISOString();
  if (payment?.method === 'card') {
    const intentId = payment.stripePaymentIntentId;
    if (!intentId) throw new ApiError('transaction-payment-failed');
    let intent: Awaited<ReturnType<ReturnType<typeof stripe>['retrievePaymentIntent']>>;
    try {
      intent = await stripe().retrievePaymentIntent(intentId);
      if (intent.status === 'requires_capture') {
        intent = await stripe().capturePaymentIntent(intentId, moneyKeys.capture(tx.id));
      }
    } catch (error) {
      throw (await orderMovedOn(run)) ?? paymentFailure(error);
    }
    if (intent.status !== 'succeeded') {
      // expire-payment (or cancel-payment) won and voided the payment: the order is gone, not the card.
      const moved = await orderMovedOn(run);
      if (moved) throw moved;
      // Not confirmed by the buyer's card (or it needs 3-D Secure): §8 payment method authentication failed.
      throw new ApiError('transaction-payment-failed', undefined, {
        stripeCode:
          intent.status === 'requires_action' ? 'payment_intent_authentication_failure' : intent.status,
      });
    }
    const capturedAmount = stripeCaptured(intent, tx);
    return {
      set: {
        payment: {
          ...payment,
          ...(intent.latestChargeId ? { stripeChargeId: intent.latestChargeId } : {}),
          capturedAt: nowIso,
          capturedAmount,
        } satisfies TransactionPayment,
      },
      items: [paymentCapturedPut(tx, 'stripe', intentId, capturedAmount, run.now)],
    };
  }
  if (payment?.method === 'paypal') {
    const orderId = tx.protectedData.paypalOrderId;
    if (!orderId) throw new ApiError('transaction-payment-failed');
    let captureId: string | undefined;
    let capturedAmount: Money = tx.payinTotal;
    try {
      const order = await paypalPort().captureOrder(orderId, moneyKeys.capture(tx.id));
      captureId = order.status === 'COMPLETED' ? order.captureId : undefined;
      if (order.amount) capturedAmount = fromPaypalAmount(order.amount);
    } catch (error) {
      throw (await orderMovedOn(run)) ?? paymentFailure(error);
    }
    if (!captureId) throw new ApiError('transaction-payment-failed');
    return {
      set: { payment: { ...payment, paypalCaptureId: captureId, capturedAt: nowIso, capturedAmount } },
      protectedData: { paypalTransactionId: captureId },
      items: [paymentCapturedPut(tx, 'paypal', captureId, capturedAmount, run.now)],
    };
  }
  throw new ApiError('transaction-payment-failed');
}

/**
 * confirm-payment could not capture because the order moved on meanwhile (expire-payment committed
 * and voided the payment): answer as the lost race it is, 409 `transaction-invalid-transition` (the
 * §8 paymentExpired message), not as a card failure.
 */
async function orderMovedOn(run: TransitionRun): Promise<ApiError | undefined> {
  const tx = await getTransaction(run.transaction.id);
  if (!tx || tx.state !== run.transaction.state || tx.version !== run.transaction.version) {
    return new ApiError('transaction-invalid-transition');
  }
  return undefined;
}

/** What a Stripe PaymentIntent captured (the order's currency; the authorised amount if Stripe gave none). */
function stripeCaptured(
  intent: { amount: number; amountReceived: number },
  tx: Pick<TransactionRecord, 'payinTotal'>,
): Money {
  return { amount: intent.amountReceived || intent.amount, currency: tx.payinTotal.currency };
}

function paymentCapturedPut(
  tx: TransactionRecord,
  provider: 'stripe' | 'paypal',
  providerPaymentId: string,
  amount: Money,
  at: Date,
): TransactItem {
  return outboxPut({
    type: 'PaymentCaptured',
    data: { transactionId: tx.id, customerId: tx.customerId, provider, providerPaymentId, amount },
    occurredAt: at,
  });
}

/**
 * confirm-payment captured but its write failed. If the order has moved on (payment-expired won
 * the race) the captured money goes back at once, with the same refund key as every other path.
 */
async function refundIfOrderMovedOn(run: TransitionRun): Promise<void> {
  const tx = await getTransaction(run.transaction.id);
  if (!tx || tx.state === 'pending-payment' || tx.state === 'purchased') return;
  const refund = await refundPayment(tx, moneyKeys.refund(tx.id));
  const reason = refundReasonOf(tx.lastTransition) ?? 'payment-expired';
  if (refund.captured) await recordRefund(tx, refund, reason, run.now);
}

// ---- Refunds: the transition takes the lock; the refund follows.

function refundIntent(run: TransitionRun): WriteAdditions | undefined {
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

interface RefundOutcome {
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
async function refundPayment(tx: TransactionRecord, key: string): Promise<RefundOutcome> {
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
async function recordRefund(
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
  if (refund.captured && refund.provider && refund.providerPaymentId && refund.refundId) {
    if (!tx.payment?.capturedAt)
      items.push(paymentCapturedPut(tx, refund.provider, refund.providerPaymentId, amount, now));
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

type TransactionUpdate = Omit<NonNullable<TransactItem['Update']>, 'TableName' | 'Key'>;

/**
 * A conditional update of the transaction item and the items written with it, in one TransactWrite;
 * false when the condition failed (the order or its money lock moved on: nothing was written).
 */
async function updateTransactionIf(
  txId: string,
  update: TransactionUpdate,
  others: TransactItem[] = [],
  options: TransactWriteOptions = {},
): Promise<boolean> {
  try {
    await sendTransactWrite(
      {
        TransactItems: [
          { Update: { TableName: tableName(), Key: keys.transaction(txId), ...update } },
          ...others,
        ],
      },
      options,
    );
    return true;
  } catch (error) {
    if (!cancellationCodes(error)?.includes('ConditionalCheckFailed')) throw error;
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

// ---- Payouts: the lock, the payout, then the transition (which clears the lock).

async function takePayoutLock(run: TransitionRun, key: string): Promise<MoneyOp> {
  const tx = run.transaction;
  const op: MoneyOp = {
    op: 'payout',
    transition: run.transition.name as TransitionName,
    key,
    startedAt: run.now.toISOString(),
    retryAt: moneyRetryAt(run.now, run.timers.scale ?? 1),
    actor: run.actor,
    ...(run.userId !== undefined ? { userId: run.userId } : {}),
    attempts: 0,
  };
  const locked = await updateTransactionIf(
    tx.id,
    {
      UpdateExpression: 'SET #moneyOp = :op',
      ConditionExpression: '#state = :state AND #version = :version AND attribute_not_exists(#moneyOp)',
      ExpressionAttributeNames: { '#moneyOp': 'moneyOp', '#state': 'state', '#version': 'version' },
      ExpressionAttributeValues: { ':op': op, ':state': tx.state, ':version': tx.version },
    },
    [putItem({ ...moneyDueItem(tx.id, op) })],
    { retryConflicts: true },
  );
  if (!locked) {
    const current = await getTransaction(tx.id);
    // The same payout asked twice at once (a double click): both finish it, with the same key.
    if (current?.moneyOp?.op === 'payout' && current.moneyOp.transition === op.transition)
      return current.moneyOp;
    throw new ApiError(current?.moneyOp ? 'transition-in-progress' : 'transaction-invalid-transition');
  }
  return op;
}

/** Gives the lock back after a definite refusal (nothing was paid out). */
async function releaseLock(txId: string, op: MoneyOp): Promise<void> {
  await updateTransactionIf(
    txId,
    {
      UpdateExpression: 'REMOVE #moneyOp',
      ConditionExpression: '#moneyOp.#key = :key',
      ExpressionAttributeNames: { '#moneyOp': 'moneyOp', '#key': 'key' },
      ExpressionAttributeValues: { ':key': op.key },
    },
    [deleteItem(moneyDueKey(txId, op))],
  );
}

/** Pays the seller once (keyed): a Stripe transfer funded by the charge, or a PayPal disbursement. */
export async function disburse(
  tx: TransactionRecord,
  key: string,
): Promise<{ provider: 'stripe' | 'paypal'; payoutId: string }> {
  const payment = tx.payment;
  if (payment?.method === 'paypal') {
    if (tx.protectedData.paypalDisbursementId) {
      return { provider: 'paypal', payoutId: tx.protectedData.paypalDisbursementId };
    }
    const captureId = payment.paypalCaptureId ?? tx.protectedData.paypalTransactionId;
    if (!captureId) throw new Error(`Order ${tx.id} has no PayPal capture to disburse`);
    const result = await paypalPort().disburse({ captureId, requestId: key });
    return { provider: 'paypal', payoutId: result.disbursementId };
  }
  if (payment?.method === 'card' && payment.stripeChargeId) {
    const seller = await getUser(tx.providerId);
    const destination = seller?.stripeAccount?.stripeAccountId;
    if (!destination) throw new ApiError('transaction-missing-stripe-account');
    const transfer = await stripe().createTransfer({
      amount: tx.payoutTotal.amount,
      currency: tx.payoutTotal.currency,
      destination,
      sourceTransaction: payment.stripeChargeId,
      transferGroup: tx.id,
      idempotencyKey: key,
    });
    return { provider: 'stripe', payoutId: transfer.id };
  }
  throw new Error(`Order ${tx.id} has no captured payment to pay out`);
}

async function payOut(run: TransitionRun): Promise<WriteAdditions> {
  const tx = run.transaction;
  if (!tx.payment?.capturedAt) {
    throw new Error(`Order ${tx.id} reached ${run.transition.name} with no captured payment`);
  }
  const key = moneyKeys.payout(tx.id);
  const offered = run.params.protectedData?.paypalDisbursementId;
  if (offered !== undefined && offered !== tx.protectedData.paypalDisbursementId) {
    throw new ApiError('validation-invalid-params', 'The PayPal disbursement does not belong to this order.');
  }
  const op = tx.moneyOp?.key === key ? tx.moneyOp : await takePayoutLock(run, key);
  let payout: Awaited<ReturnType<typeof disburse>>;
  try {
    payout = await disburse(tx, key);
  } catch (error) {
    if (error instanceof ApiError || isDefiniteRefusal(error)) {
      await releaseLock(tx.id, op);
      if (error instanceof ApiError) throw error;
      throw new ApiError(
        tx.payment.method === 'paypal' ? 'paypal-disbursement-failed' : 'transaction-payment-failed',
      );
    }
    // Ambiguous (a timeout, a 5xx): the lock stays and the retry item finishes the payout.
    await reportError(error, { task: 'payout', transactionId: tx.id });
    throw new ApiError('transition-in-progress');
  }
  return {
    moneyOpKey: key,
    set: { payment: { ...tx.payment, payoutId: payout.payoutId, paidOutAt: run.now.toISOString() } },
    ...(payout.provider === 'paypal' ? { protectedData: { paypalDisbursementId: payout.payoutId } } : {}),
    items: [deleteItem(moneyDueKey(tx.id, op)), ...payoutEvents(tx, payout, run.now)],
  };
}

function payoutEvents(
  tx: TransactionRecord,
  payout: { provider: 'stripe' | 'paypal'; payoutId: string },
  at: Date,
): TransactItem[] {
  const magnitude = (m: Money): Money => ({ amount: Math.abs(m.amount), currency: m.currency });
  const currency = tx.payinTotal.currency;
  return [
    outboxPut({
      type: 'PayoutDisbursed',
      data: {
        transactionId: tx.id,
        sellerId: tx.providerId,
        provider: payout.provider,
        providerPayoutId: payout.payoutId,
        amount: tx.payoutTotal,
      },
      occurredAt: at,
    }),
    outboxPut({
      type: 'CommissionEarned',
      data: {
        transactionId: tx.id,
        providerCommission: magnitude(sumOfCode(tx.lineItems, lineItemCodes.providerCommission, currency)),
        customerCommission: magnitude(sumOfCode(tx.lineItems, lineItemCodes.customerCommission, currency)),
        total: { amount: tx.payinTotal.amount - tx.payoutTotal.amount, currency },
      },
      occurredAt: at,
    }),
  ];
}

/** The payout the customer takes from `state` (mark-received-from-purchased or mark-received), if any. */
function customerPayout(state: ProcessState) {
  return transitionsFrom(state).find((tr) => paysOut(tr.name) && tr.actors.includes('customer'));
}

/**
 * `/api/disburse-paypal-funds` (spec §7): the customer pays the seller out of the PayPal capture
 * before marking the order received. Takes the payout lock for the transition that will follow
 * (mark-received-from-purchased or mark-received), disburses with the order's payout key and stores
 * the disbursement id; that transition then finds the id and clears the lock. Repeated: the same id.
 */
export async function disbursePaypalFunds(
  tx: TransactionRecord,
  userId: string,
  now: Date,
  scale: number,
): Promise<string> {
  if (tx.protectedData.paypalDisbursementId) return tx.protectedData.paypalDisbursementId;
  const transition = customerPayout(tx.state);
  if (!transition) throw new ApiError('transaction-invalid-transition');
  const key = moneyKeys.payout(tx.id);
  if (tx.moneyOp && tx.moneyOp.key !== key) throw new ApiError('transition-in-progress');
  const run: TransitionRun = {
    transaction: tx,
    transition,
    to: transition.to,
    actor: 'customer',
    userId,
    params: {},
    now,
    timers: { scale },
  };
  const op = tx.moneyOp ?? (await takePayoutLock(run, key));
  let payout: Awaited<ReturnType<typeof disburse>>;
  try {
    payout = await disburse(tx, key);
  } catch (error) {
    if (!isDefiniteRefusal(error)) {
      await reportError(error, { task: 'paypal-disbursement', transactionId: tx.id });
      throw new ApiError('transition-in-progress');
    }
    await releaseLock(tx.id, op);
    throw new ApiError('paypal-disbursement-failed');
  }
  // A failed condition: the transition already finished this payout (it disbursed with the same key).
  await updateTransactionIf(tx.id, {
    UpdateExpression: 'SET #protected.#disbursement = :id',
    ConditionExpression: '#moneyOp.#key = :key',
    ExpressionAttributeNames: {
      '#protected': 'protectedData',
      '#disbursement': 'paypalDisbursementId',
      '#moneyOp': 'moneyOp',
      '#key': 'key',
    },
    ExpressionAttributeValues: { ':id': payout.payoutId, ':key': key },
  });
  return payout.payoutId;
}

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
    const op = committed.moneyOp;
    if (op?.op === 'refund' && op.transition === run.transition.name) {
      await settleRefund(committed, run.now, run.timers.scale ?? 1);
    }
  },
  async writeFailed(run, additions) {
    if (capturesPayment(run.transition.name) && additions) await refundIfOrderMovedOn(run);
  },
};
