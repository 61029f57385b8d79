import { recordMetric } from '../../lib/metrics';
import type { DueItem } from '../record';
import { getTransaction } from '../repository';

/**
 * The sweeper's two gauges, recorded on every run (0 when there is nothing): how long past its due
 * time the oldest timer still unfired is (OldestOverdueDueItemAge), and how long ago the oldest
 * refund or payout still unfinished started (OldestUnfinishedMoneyOperationAge, from the order's
 * `moneyOp.startedAt`). `settled`: the due items this run fired, finished or found stale.
 */
export async function recordSweepGauges(
  items: readonly DueItem[],
  settled: ReadonlySet<DueItem>,
  now: Date,
): Promise<{ overdueSeconds: number; moneyOpSeconds: number }> {
  const open = items.filter((item) => !settled.has(item));
  const overdueSeconds = secondsSince(
    open
      .filter((item) => item.kind === 'timer' && Date.parse(item.dueAt) <= now.getTime())
      .map((i) => i.dueAt),
    now,
  );
  // A money item's due time is its next retry; when the operation started is on the order.
  const moneyOrders = [...new Set(open.filter((item) => item.kind === 'money').map((i) => i.transactionId))];
  const started = await Promise.all(
    moneyOrders.map(async (id) => (await getTransaction(id))?.moneyOp?.startedAt),
  );
  const moneyOpSeconds = secondsSince(
    started.filter((at): at is string => at !== undefined),
    now,
  );
  recordMetric('oldestOverdueDue', overdueSeconds);
  recordMetric('oldestUnfinishedMoneyOp', moneyOpSeconds);
  return { overdueSeconds, moneyOpSeconds };
}

/** Whole seconds from the earliest of `times` to `now`; 0 for none (or one in the future). */
function secondsSince(times: readonly string[], now: Date): number {
  const earliest = Math.min(...times.map((at) => Date.parse(at)));
  return Number.isFinite(earliest) ? Math.max(0, Math.floor((now.getTime() - earliest) / 1000)) : 0;
}
