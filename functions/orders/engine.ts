/**
 * The transition engine (docs/design/orders.md, "The write protocol"): the one way a transaction
 * changes state, used by the API, the workflow tasks, the sweeper and the operator. Every
 * transition is ONE conditional TransactWriteItems on `state = :from AND version = :v` (plus the
 * money lock and, for timers, the deadline), so of two racing transitions exactly one commits. The
 * checks (transition-checks.ts) and the write (plan-write.ts) are pure; this module does the I/O
 * around them, and the money phases are hooks.
 */
import { isDue, type TimerSettings, timerSettingsFromEnv } from '../../shared/process/deadlines';
import { reservesStock } from '../../shared/process/effects';
import type { TransitionName } from '../../shared/process/graph';
import { ApiError } from '../lib/errors';
import { recordMetric } from '../lib/metrics';
import { reportError } from '../lib/observability';
import { sendTransactWrite } from '../lib/writes';
import { orderMoney } from './money';
import {
  planTransitionWrite,
  type TransitionParams,
  type TransitionRun,
  type WriteAdditions,
} from './plan-write';
import type { TransactionRecord } from './record';
import {
  createTransaction,
  getListingConsistent,
  getTransaction,
  priceOrder,
  type TransactItem,
} from './repository';
import { checkTransitionRequest, type TransitionRequest } from './transition-checks';
import { settleTaskToken, taskTokenAnsweringEnabled, workflowSettings } from './workflow/wait-plan';
import { finishedElsewhere, writeFailure } from './write-failures';

export { createTransaction };

/**
 * The money phases (functions/orders/money/: capture before confirm-payment, payout before
 * the received transitions, refund after the cancel paths). `noMoney` runs none (engine tests).
 */
export interface MoneyHooks {
  beforeWrite?(run: TransitionRun): Promise<WriteAdditions | undefined>;
  afterWrite?(run: TransitionRun, committed: TransactionRecord): Promise<void>;
  /** The write failed after `beforeWrite` moved money (e.g. a capture that lost the race to expire-payment). */
  writeFailed?(run: TransitionRun, additions: WriteAdditions | undefined): Promise<void>;
}

export const noMoney: MoneyHooks = {};

export interface ApplyOptions extends TransitionRequest {
  params?: TransitionParams;
  now?: Date;
  /** Finance outbox Puts (`outboxPut(...)`) committed with the transition, or not at all. */
  outbox?: readonly TransactItem[];
  /** Timer scale and overrides; default from the environment (VELO_TIMER_SCALE, VELO_TIMER_OVERRIDES). */
  timers?: TimerSettings;
  /** Default: `orderMoney` (capture, refund, payout). */
  money?: MoneyHooks;
  /** Take a 0-second timer of the new state (received → auto-complete) at once; default true. */
  followImmediateTimers?: boolean;
  /**
   * After the write, answer the order workflow's waiting task token (SendTaskSuccess with the new plan,
   * or SendTaskFailure `Order.Closed`) and remove it (§2 "After the write"). Default: only when
   * ORDER_STATE_MACHINE_ARN is set (a deployment with the workflow); false never, true always.
   */
  answerTaskToken?: boolean;
}

/**
 * Applies transition `name` to transaction `txId` for `actor` (docs/design/orders.md, "The write
 * protocol"): consistent read; the checks (`checkTransitionRequest`); the priced order and the money
 * phase (hook); then ONE TransactWrite (`planTransitionWrite`). A failed condition is the §8 code
 * (`writeFailure`). Returns the transaction as re-read after the write, its workflow's task token
 * answered and a 0-second timer of the new state taken.
 */
export async function applyTransition(
  txId: string,
  name: string,
  options: ApplyOptions,
): Promise<TransactionRecord> {
  const now = options.now ?? new Date();
  const timers = options.timers ?? timerSettingsFromEnv(process.env);
  const tx = await getTransaction(txId);
  if (!tx) throw new ApiError('not-found');
  const checked = checkTransitionRequest(tx, name, options, { now, timers });
  if (!checked.ok) throw new ApiError(checked.refusal);
  const { transition, to } = checked;
  const params = options.params ?? {};

  const priced = reservesStock(transition.name)
    ? priceOrder(
        await getListingConsistent(tx.listingId),
        tx.customerId,
        params.orderData,
        transition.name as TransitionName,
      )
    : undefined;

  const run: TransitionRun = {
    transaction: tx,
    transition,
    to,
    actor: options.actor,
    ...(options.userId !== undefined ? { userId: options.userId } : {}),
    params,
    now,
    timers,
  };
  const money = options.money ?? orderMoney;
  const moved = await money.beforeWrite?.(run);
  const moneyOpKey = moved?.moneyOpKey ?? options.moneyOpKey;
  const write = planTransitionWrite(run, {
    ...(priced ? { priced } : {}),
    ...(moved ? { additions: moved } : {}),
    ...(moneyOpKey !== undefined ? { moneyOpKey } : {}),
    ...(options.outbox ? { outbox: options.outbox } : {}),
  });

  try {
    await sendTransactWrite({ TransactItems: write.items }, { retryConflicts: true });
  } catch (error) {
    // Money undone after a lost write (a capture refunded); its own failure must not hide the answer.
    await money
      .writeFailed?.(run, moved)
      .catch((undo: unknown) => reportError(undo, { task: 'money-after-failed-write', transactionId: txId }));
    // A payout finished by another caller holding the same lock (a double click, the timer, the
    // sweeper): the same transition committed with the same keyed payout, so this call succeeded too.
    const finished = moved?.moneyOpKey
      ? await finishedElsewhere(error, tx, transition.name, moved.moneyOpKey)
      : undefined;
    if (finished) return finished;
    throw await writeFailure(error, tx, { stockIndex: write.stockIndex, moneyOpKey });
  }

  const committed = await getTransaction(txId);
  if (!committed) throw new Error(`Transaction ${txId} vanished after its transition`);
  await money.afterWrite?.(run, committed);

  // The workflow's token is answered once, after the last write: the followed 0-second timer answers it.
  const settle = (current: TransactionRecord) =>
    (options.answerTaskToken ?? taskTokenAnsweringEnabled())
      ? settleTaskToken(current, now, workflowSettings(timers))
      : Promise.resolve(current);

  const due = write.due;
  if (due && options.followImmediateTimers !== false && isDue(due, now) && due.transition) {
    // received → completed at once (a 0-second timer); if this is lost the due item is swept.
    try {
      return await applyTransition(txId, due.transition, {
        actor: 'system',
        expectedVersion: committed.version,
        now,
        timers,
        money,
        ...(options.answerTaskToken !== undefined ? { answerTaskToken: options.answerTaskToken } : {}),
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return settle((await getTransaction(txId)) ?? committed);
    }
  }
  return settle(committed);
}

/** Applies a due timer (fire-timer, the sweeper): `already-moved` when the order moved on first. */
export async function fireTimer(
  txId: string,
  name: TransitionName,
  options: Omit<ApplyOptions, 'actor' | 'userId'> = {},
): Promise<{ outcome: 'fired'; transaction: TransactionRecord } | { outcome: 'already-moved' | 'not-due' }> {
  try {
    const transaction = await applyTransition(txId, name, { ...options, actor: 'system' });
    // After the conditional write that fired it (the workflow's FireTimer and the sweeper both come here).
    recordMetric('timerFires');
    return { outcome: 'fired', transaction };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === 'transaction-invalid-transition' || error.code === 'transition-in-progress') {
      const tx = await getTransaction(txId);
      const pending = tx?.deadline?.transition === name && !isDue(tx.deadline, options.now ?? new Date());
      return { outcome: pending ? 'not-due' : 'already-moved' };
    }
    throw error;
  }
}
