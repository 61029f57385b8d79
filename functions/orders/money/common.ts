/**
 * What the money phases share (functions/orders/money/): the idempotency keys of an order's money
 * movements, when an unfinished refund or payout is retried (its `DUE#…#money` item), how a provider
 * answer is read, the PaymentCaptured event, and the conditional update of the transaction item.
 */
import type { Money } from '../../../shared/money';
import { tableName } from '../../lib/aws';
import { keys } from '../../lib/table-design';
import { cancellationCodes, sendTransactWrite, type TransactWriteOptions } from '../../lib/writes';
import { PaypalRefusal } from '../../payments/paypal/port';
import { CardProcessorError, cardProvider } from '../../payments/stripe';
import { outboxPut } from '../outbox';
import type { MoneyOp, TransactionRecord } from '../record';
import { dueItem } from '../record';
import type { TransactItem } from '../repository';

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

export function moneyDueItem(txId: string, op: MoneyOp) {
  return dueItem(txId, { transition: op.transition, dueAt: op.retryAt }, 'money');
}

export function moneyDueKey(txId: string, op: MoneyOp) {
  return keys.due(txId, op.retryAt, 'money');
}

export const stripe = () => cardProvider();

/** A provider answer that will not change on a retry (a refusal), as opposed to a timeout or a 5xx. */
export function isDefiniteRefusal(error: unknown): boolean {
  if (error instanceof PaypalRefusal) return true;
  if (error instanceof CardProcessorError) {
    return (
      (error.type === 'card_error' || error.type === 'invalid_request_error') &&
      (error.options.statusCode ?? 400) < 500
    );
  }
  return false;
}

/** What a Stripe PaymentIntent captured (the order's currency; the authorised amount if Stripe gave none). */
export function stripeCaptured(
  intent: { amount: number; amountReceived: number },
  tx: Pick<TransactionRecord, 'payinTotal'>,
): Money {
  return { amount: intent.amountReceived || intent.amount, currency: tx.payinTotal.currency };
}

export function paymentCapturedPut(
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

type TransactionUpdate = Omit<NonNullable<TransactItem['Update']>, 'TableName' | 'Key'>;

/**
 * A conditional update of the transaction item and the items written with it, in one TransactWrite;
 * false when the condition failed (the order or its money lock moved on: nothing was written).
 */
export async function updateTransactionIf(
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
