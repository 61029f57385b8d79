/**
 * What a cancelled transition write means (docs/design/orders.md, "The write protocol"): the §8 code
 * of the condition that failed, found by reading the order again. The transaction item is always the
 * write's first element; a stock reservation's index is the plan's.
 */
import { ApiError } from '../lib/errors';
import { cancellationCodes, isTransactionConflict } from '../lib/writes';
import type { TransactionRecord } from './record';
import { getTransaction, stockFailure } from './repository';

/**
 * After losing the transaction's condition: a race lost to another transition (the order moved on
 * from the version `seen`, even if the winner now holds a refund lock), or the money lock.
 */
export function transactionFailure(
  current: TransactionRecord,
  seen: TransactionRecord,
  moneyOpKey: string | undefined,
): ApiError {
  if (current.state !== seen.state || current.version !== seen.version) {
    return new ApiError('transaction-invalid-transition');
  }
  if (current.moneyOp && current.moneyOp.key !== moneyOpKey) return new ApiError('transition-in-progress');
  return new ApiError('transaction-invalid-transition');
}

/**
 * The §8 error for a cancelled transition write: `transaction-invalid-transition` (a lost race, or a
 * deadline not due), `transition-in-progress` (money lock), the stock refusals, `conflict` (another
 * element, such as an outbox event that exists). Any other error is given back as it is.
 */
export async function writeFailure(
  error: unknown,
  seen: TransactionRecord,
  write: { stockIndex: number; moneyOpKey: string | undefined },
): Promise<unknown> {
  const codes = cancellationCodes(error);
  if (!codes) return error;
  if (isTransactionConflict(error)) {
    // Every retry lost to a concurrent write (issue 28: never a 500). The order as it is now says
    // whether the race was lost (it moved on) or only crowded (409 conflict: try again).
    const tx = await getTransaction(seen.id);
    if (!tx) return new ApiError('not-found');
    const moved = tx.state !== seen.state || tx.version !== seen.version;
    const locked = tx.moneyOp !== undefined && tx.moneyOp.key !== write.moneyOpKey;
    return moved || locked ? transactionFailure(tx, seen, write.moneyOpKey) : new ApiError('conflict');
  }
  if (write.stockIndex >= 0 && codes[write.stockIndex] === 'ConditionalCheckFailed') {
    const tx = await getTransaction(seen.id);
    return codes[0] === 'ConditionalCheckFailed' && tx
      ? transactionFailure(tx, seen, write.moneyOpKey)
      : stockFailure(tx?.listingId ?? '');
  }
  if (codes[0] === 'ConditionalCheckFailed') {
    const tx = await getTransaction(seen.id);
    return tx ? transactionFailure(tx, seen, write.moneyOpKey) : new ApiError('not-found');
  }
  if (codes.includes('ConditionalCheckFailed')) return new ApiError('conflict');
  return error;
}

/** The order as the other holder of payout lock `key` left it, if it committed transition `name`. */
export async function finishedElsewhere(
  error: unknown,
  seen: TransactionRecord,
  name: string,
  key: string,
): Promise<TransactionRecord | undefined> {
  if (cancellationCodes(error)?.[0] !== 'ConditionalCheckFailed') return undefined;
  const tx = await getTransaction(seen.id);
  if (!tx || tx.moneyOp?.key === key) return undefined;
  const since = tx.transitions.slice(seen.transitions.length);
  return since.some((entry) => entry.transition === name) ? tx : undefined;
}
