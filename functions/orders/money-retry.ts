/**
 * Finishing an unfinished money operation (docs/design/orders.md, "The write protocol"): the
 * sweeper's `DUE#…#money` items, and a timer that finds its order held by a payout. A refund is
 * retried until it is done; a payout is finished by applying its own transition again, in the name
 * of whoever asked for it (the payout is keyed, so the provider pays once).
 */
import type { TimerSettings } from '../../shared/process/deadlines';
import { ApiError } from '../lib/errors';
import { reportError } from '../lib/observability';
import { applyTransition } from './engine';
import { postponeMoneyOp, settleRefund } from './money/refunds';
import { getTransaction } from './repository';

export type MoneyRetryOutcome = 'done' | 'pending' | 'none';

/**
 * `postpone` (the sweeper, which owns the `DUE#…#money` item): a payout that fails ambiguously again
 * moves its retry later (2 min × 2^attempts, scaled), as a refund does; else the item stays due and
 * every sweep hits the provider again.
 */
export async function retryMoney(
  txId: string,
  now: Date,
  timers: TimerSettings,
  options: { postpone?: boolean } = {},
): Promise<MoneyRetryOutcome> {
  const tx = await getTransaction(txId);
  const op = tx?.moneyOp;
  if (!tx || !op) return 'none';
  if (op.op === 'refund') return (await settleRefund(tx, now, timers.scale ?? 1)) ? 'done' : 'pending';
  try {
    await applyTransition(tx.id, op.transition, {
      actor: op.actor ?? 'system',
      ...(op.userId !== undefined ? { userId: op.userId } : {}),
      moneyOpKey: op.key,
      now,
      timers,
    });
    return 'done';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await reportError(error, { task: 'payout-retry', transactionId: tx.id });
    // Still held (an ambiguous failure again): the next try waits longer, as a refund's does.
    if (options.postpone) {
      const held = await getTransaction(tx.id);
      if (held?.moneyOp?.key === op.key) await postponeMoneyOp(held, held.moneyOp, now, timers.scale ?? 1);
    }
    return 'pending';
  }
}
