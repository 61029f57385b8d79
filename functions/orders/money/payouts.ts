/**
 * Payouts: money first, fenced by `moneyOp` (spec §4: disburse, then transition). The received paths
 * take the lock, pay the seller out (keyed), then their transition clears the lock. While the lock is
 * held every other transition is refused with 'Transition already in progress'; a payout once started
 * is always finished (by the caller, the order's timer or the sweeper), never refunded.
 */
import { lineItemCodes, sumOfCode } from '../../../shared/line-items';
import type { Money } from '../../../shared/money';
import { paysOut } from '../../../shared/process/effects';
import { type ProcessState, type TransitionName, transitionsFrom } from '../../../shared/process/graph';
import { getUser } from '../../accounts/repository';
import { ApiError } from '../../lib/errors';
import { reportError } from '../../lib/observability';
import { paypalPort } from '../../payments/paypal/index';
import { outboxPut } from '../outbox';
import type { TransitionRun, WriteAdditions } from '../plan-write';
import type { MoneyOp, TransactionRecord } from '../record';
import { deleteItem, getTransaction, putItem, type TransactItem } from '../repository';
import {
  isDefiniteRefusal,
  moneyDueItem,
  moneyDueKey,
  moneyKeys,
  moneyRetryAt,
  stripe,
  updateTransactionIf,
} from './common';

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

export async function payOut(run: TransitionRun): Promise<WriteAdditions> {
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
