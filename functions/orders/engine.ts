/**
 * The transition engine (docs/design/orders.md, "The write protocol"): the one way a transaction
 * changes state, used by the API, the workflow tasks, the sweeper and the operator. Every
 * transition is ONE conditional TransactWriteItems on `state = :from AND version = :v` (plus the
 * money lock and, for timers, the deadline), so of two racing transitions exactly one commits. The
 * money phases are hooks.
 */
import type { OrderData, PaymentMethodKind } from '../../shared/api/transactions';
import type { ApiErrorCode } from '../../shared/errors/catalogue';
import { chargeRefusalFor } from '../../shared/process/charges';
import {
  deadlineFor,
  isDue,
  scaledWindow,
  type TimerSettings,
  timerSettingsFromEnv,
  windowClock,
} from '../../shared/process/deadlines';
import { releasesStock, reservesStock } from '../../shared/process/effects';
import type { Actor, ProcessState, Transition, TransitionName } from '../../shared/process/graph';
import { providerNotificationTransitions } from '../../shared/process/labels';
import { checkTransition, partyRole, refusalErrorCode } from '../../shared/process/permissions';
import { tableName } from '../lib/aws';
import { ApiError } from '../lib/errors';
import { reportError } from '../lib/observability';
import { keys } from '../lib/table-design';
import { cancellationCodes, sendTransactWrite } from '../lib/writes';
import { orderMoney } from './money';
import { reminderItemsFor } from './notifications/reminders';
import {
  dueItem,
  inboxKeys,
  saleActionItem,
  type TransactionPayment,
  type TransactionProtectedData,
  type TransactionRecord,
  type TransitionLogEntry,
} from './record';
import {
  createTransaction,
  deleteItem,
  getListingConsistent,
  getTransaction,
  type PricedOrder,
  priceOrder,
  putItem,
  stockFailure,
  stockRelease,
  stockReservation,
  type TransactItem,
} from './repository';
import { type ReviewInput, reviewWrites } from './reviews';
import { settleTaskToken, taskTokenAnsweringEnabled, workflowSettings } from './workflow/wait-plan';

export { createTransaction };

/** The protected data a transition may carry (§3). */
export type TransitionProtectedData = Pick<
  TransactionProtectedData,
  | 'disputeReason'
  | 'carrier'
  | 'trackingNumber'
  | 'paypalTransactionId'
  | 'paypalDisbursementId'
  | 'paypalOrderId'
>;
const protectedDataKeys: readonly (keyof TransitionProtectedData)[] = [
  'disputeReason',
  'carrier',
  'trackingNumber',
  'paypalTransactionId',
  'paypalDisbursementId',
  'paypalOrderId',
];

export interface TransitionParams {
  /** request-payment-after-enquiry: what is ordered (priced on the server). */
  orderData?: OrderData;
  paymentMethod?: PaymentMethodKind;
  /** Review transitions: the review (rating 1–5 and text, checked by the route). */
  review?: ReviewInput;
  /** request-payment-after-enquiry: payment references made before the write (the PaymentIntent). */
  payment?: Omit<TransactionPayment, 'method'>;
  protectedData?: TransitionProtectedData;
}

/** What the engine knows when the money phase runs (after every check, before the write). */
export interface TransitionRun {
  transaction: TransactionRecord;
  transition: Transition;
  to: ProcessState;
  actor: Actor;
  userId?: string;
  params: TransitionParams;
  now: Date;
  timers: TimerSettings;
}

/** What a money phase adds to the transition's write. */
export interface WriteAdditions {
  /** Top-level attributes to SET (e.g. `payment`, `moneyOp`). */
  set?: Record<string, unknown>;
  /** Top-level attributes to REMOVE. */
  remove?: readonly string[];
  /** `protectedData.<key>` values to SET (e.g. the PayPal capture id). */
  protectedData?: Record<string, unknown>;
  /** More TransactWrite elements (finance outbox Puts, a money due item). */
  items?: readonly TransactItem[];
  /** The money lock this write finishes (a payout): condition `moneyOp.key = :key`, and REMOVE moneyOp. */
  moneyOpKey?: string;
}

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

export interface ApplyOptions {
  actor: Actor;
  /** The acting user; required for party actors (customer, provider). */
  userId?: string;
  params?: TransitionParams;
  /** The version the caller saw; a different current version is refused as an invalid transition. */
  expectedVersion?: number;
  now?: Date;
  /** Finance outbox Puts (`outboxPut(...)`) committed with the transition, or not at all. */
  outbox?: readonly TransactItem[];
  /** Timer scale and overrides; default from the environment (VELO_TIMER_SCALE, VELO_TIMER_OVERRIDES). */
  timers?: TimerSettings;
  /** Default: `orderMoney` (capture, refund, payout). */
  money?: MoneyHooks;
  /** Finishes the money operation holding this key: condition `moneyOp.key = :mine`, and REMOVE moneyOp. */
  moneyOpKey?: string;
  /** Take a 0-second timer of the new state (received → auto-complete) at once; default true. */
  followImmediateTimers?: boolean;
  /**
   * After the write, answer the order workflow's waiting task token (SendTaskSuccess with the new plan,
   * or SendTaskFailure `Order.Closed`) and remove it (§2 "After the write"). Default: only when
   * ORDER_STATE_MACHINE_ARN is set (a deployment with the workflow); false never, true always.
   */
  answerTaskToken?: boolean;
}

/** The review transitions refused because a review was already given (§8 already-reviewed codes). */
function alreadyReviewedCode(state: ProcessState, name: string): ApiErrorCode | undefined {
  const match = /^review-[12]-by-(customer|provider)$/.exec(name);
  if (!match) return undefined;
  const reviewer = match[1];
  const other = reviewer === 'customer' ? 'provider' : 'customer';
  if (state === 'reviewed' || state === `reviewed-by-${reviewer}`) {
    return `transaction-already-reviewed-by-${reviewer}` as ApiErrorCode;
  }
  if (state === `reviewed-by-${other}` && name.startsWith('review-1-')) {
    return `transaction-already-reviewed-by-${other}` as ApiErrorCode;
  }
  return undefined;
}

/** The checks before any write; throws the §8 ApiError of the first refusal. */
function check(tx: TransactionRecord, name: string, options: ApplyOptions, now: Date, timers: TimerSettings) {
  if (options.expectedVersion !== undefined && options.expectedVersion !== tx.version) {
    throw new ApiError('transaction-invalid-transition');
  }
  const clock = windowClock(name, options.actor, tx.entered, now, timers);
  const result = checkTransition(tx.state, name, options.actor, { now: clock, entered: tx.entered });
  if (!result.ok) {
    const reviewed = result.reason === 'invalid-transition' ? alreadyReviewedCode(tx.state, name) : undefined;
    throw new ApiError(reviewed ?? refusalErrorCode(result.reason));
  }
  if (options.actor === 'customer' || options.actor === 'provider') {
    if (partyRole(tx, options.userId) !== options.actor) throw new ApiError('forbidden');
  }
  if (options.actor === 'system') {
    // A timer fires only when its deadline is due (the write checks the same).
    if (!tx.deadline || tx.deadline.transition !== name || !isDue(tx.deadline, now)) {
      throw new ApiError('transaction-invalid-transition');
    }
  }
  if (tx.moneyOp && tx.moneyOp.key !== options.moneyOpKey && !continuesPayout(tx, name)) {
    throw new ApiError('transition-in-progress');
  }
  // request-payment-after-enquiry is priced (and its charge checked) from the listing, not the enquiry.
  const refusal = reservesStock(name) ? undefined : chargeRefusalFor(name, tx);
  if (refusal) throw new ApiError(refusal);
  return result;
}

/** The payout held by the lock is this very transition (asked again, or retried): it may finish it. */
function continuesPayout(tx: TransactionRecord, name: string): boolean {
  return tx.moneyOp?.op === 'payout' && tx.moneyOp.transition === name;
}

/** Builds `SET`/`REMOVE`, names and values of one UpdateExpression. */
class UpdateBuilder {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  readonly sets: string[] = [];
  readonly removes: string[] = [];
  readonly conditions: string[] = [];
  private n = 0;

  name(attribute: string): string {
    const placeholder = `#n${this.n++}`;
    this.names[placeholder] = attribute;
    return placeholder;
  }

  value(value: unknown): string {
    const placeholder = `:v${this.n++}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** `path` is a list of attribute names (a nested path). */
  set(path: readonly string[], value: unknown, ifNotExists = false): void {
    const target = path.map((part) => this.name(part)).join('.');
    const v = this.value(value);
    this.sets.push(`${target} = ${ifNotExists ? `if_not_exists(${target}, ${v})` : v}`);
  }

  remove(path: readonly string[]): void {
    this.removes.push(path.map((part) => this.name(part)).join('.'));
  }

  expression(): string {
    return [
      this.sets.length ? `SET ${this.sets.join(', ')}` : '',
      this.removes.length ? `REMOVE ${this.removes.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' ');
  }
}

/**
 * Applies transition `name` to transaction `txId` for `actor` (docs/design/orders.md, "The write
 * protocol"): consistent read; `checkTransition` (scaled windows); party role; charge refusals;
 * money lock; the money phase (hook); then ONE TransactWrite of the state, version, log, entry
 * time, deadline and its `DUE#` item, inbox keys, sale-action item, stock reservation or release,
 * and the outbox Puts. A failed condition is the §8 code: `transaction-invalid-transition` (lost a
 * race, or the deadline is not due), `transition-in-progress` (money lock),
 * `transaction-listing-insufficient-stock` / `transaction-listing-not-found` (stock). Returns the
 * transaction as re-read after the write.
 */
export async function applyTransition(
  txId: string,
  name: string,
  options: ApplyOptions,
): Promise<TransactionRecord> {
  const now = options.now ?? new Date();
  const nowIso = now.toISOString();
  const timers = options.timers ?? timerSettingsFromEnv(process.env);
  const tx = await getTransaction(txId);
  if (!tx) throw new ApiError('not-found');
  const { transition, to } = check(tx, name, options, now, timers);
  const params = options.params ?? {};

  let priced: PricedOrder | undefined;
  if (reservesStock(transition.name)) {
    priced = priceOrder(
      await getListingConsistent(tx.listingId),
      tx.customerId,
      params.orderData,
      transition.name as TransitionName,
    );
  }

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
  const additions = moved ?? {};
  const moneyOpKey = additions.moneyOpKey ?? options.moneyOpKey;

  // 1. The transaction item.
  const update = new UpdateBuilder();
  const version = tx.version;
  update.conditions.push(`${update.name('state')} = ${update.value(tx.state)}`);
  update.conditions.push(`${update.name('version')} = ${update.value(version)}`);
  if (moneyOpKey !== undefined) {
    update.conditions.push(`${update.name('moneyOp')}.${update.name('key')} = ${update.value(moneyOpKey)}`);
    update.remove(['moneyOp']);
  } else {
    update.conditions.push(`attribute_not_exists(${update.name('moneyOp')})`);
  }
  if (options.actor === 'system') {
    const deadline = update.name('deadline');
    update.conditions.push(`${deadline}.${update.name('transition')} = ${update.value(transition.name)}`);
    update.conditions.push(`${deadline}.${update.name('dueAt')} <= ${update.value(nowIso)}`);
  }
  const window = scaledWindow(transition.name, options.actor, timers);
  if (window) {
    // The party's window (customer cancel within 3 h of purchase), checked again in the write.
    const cutoff = new Date(now.getTime() - window.withinMs).toISOString();
    update.conditions.push(
      `${update.name('entered')}.${update.name(window.since)} >= ${update.value(cutoff)}`,
    );
  }

  const logEntry: TransitionLogEntry = {
    transition: transition.name as TransitionName,
    by: options.actor,
    ...(options.userId !== undefined ? { userId: options.userId } : {}),
    createdAt: nowIso,
  };
  update.set(['state'], to);
  update.set(['version'], version + 1);
  update.set(['lastTransition'], transition.name);
  update.set(['lastTransitionedAt'], nowIso);
  update.set(['entered', to], nowIso, true);
  update.sets.push(
    `${update.name('transitions')} = list_append(${update.name('transitions')}, ${update.value([logEntry])})`,
  );

  const entered = { ...tx.entered, [to]: tx.entered[to] ?? nowIso };
  const order = priced?.orderData ?? tx.orderData;
  const next = deadlineFor(to, entered, timers, order);
  const due = next && dueItem(txId, { transition: next.transition, dueAt: next.dueAt.toISOString() });
  if (due) {
    update.set(['deadline'], {
      transition: due.transition,
      dueAt: due.dueAt,
      dueKey: { PK: due.PK, SK: due.SK },
    });
  } else {
    update.remove(['deadline']);
  }

  const inbox = inboxKeys(tx, to, nowIso);
  if (inbox) {
    for (const [attribute, value] of Object.entries(inbox)) update.set([attribute], value);
  } else {
    for (const attribute of ['GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK']) update.remove([attribute]);
  }

  for (const key of protectedDataKeys) {
    const value = params.protectedData?.[key];
    // The money phase's value wins (a PayPal disbursement id it checked): one path, set once.
    if (value !== undefined && !(key in (additions.protectedData ?? {}))) {
      update.set(['protectedData', key], value);
    }
  }
  for (const [key, value] of Object.entries(additions.protectedData ?? {})) {
    update.set(['protectedData', key], value);
  }
  if (priced) {
    update.set(['orderData'], priced.orderData);
    update.set(['lineItems'], priced.lineItems);
    update.set(['payinTotal'], priced.payinTotal);
    update.set(['payoutTotal'], priced.payoutTotal);
    update.set(['payment'], { ...params.payment, method: params.paymentMethod ?? 'card' });
    if (priced.pickupLocation) update.set(['protectedData', 'pickupLocation'], priced.pickupLocation);
  }
  for (const [attribute, value] of Object.entries(additions.set ?? {})) update.set([attribute], value);
  const reviews = reviewWrites(tx, transition.name as TransitionName, to, params.review, nowIso);
  if (reviews.reviewTypes) update.set(['reviewTypes'], reviews.reviewTypes);
  for (const attribute of additions.remove ?? []) update.remove([attribute]);

  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.transaction(txId),
        UpdateExpression: update.expression(),
        ConditionExpression: update.conditions.join(' AND '),
        ExpressionAttributeNames: update.names,
        ExpressionAttributeValues: update.values,
      },
    },
  ];

  // 2. Stock: reserve (request-payment-after-enquiry) or give back (expire and cancel paths).
  let stockIndex = -1;
  if (priced) {
    stockIndex = items.push(stockReservation(tx.listingId, priced.orderData.quantity!)) - 1;
  } else if (releasesStock(transition.name)) {
    const quantity = tx.orderData.quantity ?? 0;
    if (quantity > 0) items.push(stockRelease(tx.listingId, quantity));
  }

  // 3, 4. The due item follows the deadline: delete the old one, put the new one (one op per key).
  const oldKey = tx.deadline?.dueKey;
  const sameKey = oldKey && due && oldKey.PK === due.PK && oldKey.SK === due.SK;
  if (oldKey && !sameKey) items.push(deleteItem(oldKey));
  if (due) items.push(putItem({ ...due }));

  // 5. The provider's notification: a sale that reached purchased needs action until it leaves it.
  if (providerNotificationTransitions.includes(transition.name)) {
    items.push(putItem({ ...saleActionItem(tx.providerId, txId, nowIso) }));
  } else if (tx.state === 'purchased') {
    items.push(deleteItem(keys.saleAction(tx.providerId, txId)));
  }

  // 5b. E-mail reminders of the state entered (purchased: ship; delivered: report a problem).
  items.push(...reminderItemsFor(to, { ...tx, orderData: order }, now, timers));

  // 6+. Reviews (written, or published on entering `reviewed`), the finance outbox and the money phase's items.
  items.push(...reviews.items);
  items.push(...(options.outbox ?? []), ...(additions.items ?? []));

  try {
    await sendTransactWrite({ TransactItems: items }, { retryConflicts: true });
  } catch (error) {
    // Money undone after a lost write (a capture refunded); its own failure must not hide the answer.
    await money
      .writeFailed?.(run, moved)
      .catch((undo: unknown) => reportError(undo, { task: 'money-after-failed-write', transactionId: txId }));
    // A payout finished by another caller holding the same lock (a double click, the timer, the
    // sweeper): the same transition committed with the same keyed payout, so this call succeeded too.
    const finished = additions.moneyOpKey
      ? await finishedElsewhere(error, tx, transition.name, additions.moneyOpKey)
      : undefined;
    if (finished) return finished;
    throw await writeFailure(
      error,
      txId,
      { ...options, ...(moneyOpKey ? { moneyOpKey } : {}) },
      stockIndex,
      tx,
    );
  }

  const committed = await getTransaction(txId);
  if (!committed) throw new Error(`Transaction ${txId} vanished after its transition`);
  await money.afterWrite?.(run, committed);

  // The workflow's token is answered once, after the last write: the followed 0-second timer answers it.
  const settle = (current: TransactionRecord) =>
    (options.answerTaskToken ?? taskTokenAnsweringEnabled())
      ? settleTaskToken(current, now, workflowSettings(timers))
      : Promise.resolve(current);

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

/** The order as the other holder of payout lock `key` left it, if it committed transition `name`. */
async function finishedElsewhere(
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

/** The §8 error for a cancelled transition write (the tx item is index 0). */
async function writeFailure(
  error: unknown,
  txId: string,
  options: ApplyOptions,
  stockIndex: number,
  seen: TransactionRecord,
): Promise<unknown> {
  const codes = cancellationCodes(error);
  if (!codes) return error;
  if (stockIndex >= 0 && codes[stockIndex] === 'ConditionalCheckFailed') {
    const tx = await getTransaction(txId);
    return codes[0] === 'ConditionalCheckFailed' && tx
      ? transactionFailure(tx, options, seen)
      : stockFailure(tx?.listingId ?? '');
  }
  if (codes[0] === 'ConditionalCheckFailed') {
    const tx = await getTransaction(txId);
    return tx ? transactionFailure(tx, options, seen) : new ApiError('not-found');
  }
  if (codes.includes('ConditionalCheckFailed')) return new ApiError('conflict');
  return error;
}

/**
 * After losing the transaction's condition: a race lost to another transition (the order moved on
 * from the version `seen`, even if the winner now holds a refund lock), or the money lock.
 */
function transactionFailure(tx: TransactionRecord, options: ApplyOptions, seen: TransactionRecord): ApiError {
  if (tx.state !== seen.state || tx.version !== seen.version) {
    return new ApiError('transaction-invalid-transition');
  }
  if (tx.moneyOp && tx.moneyOp.key !== options.moneyOpKey) return new ApiError('transition-in-progress');
  return new ApiError('transaction-invalid-transition');
}

/** Applies a due timer (fire-timer, the sweeper): `already-moved` when the order moved on first. */
export async function fireTimer(
  txId: string,
  name: TransitionName,
  options: Omit<ApplyOptions, 'actor' | 'userId'> = {},
): Promise<{ outcome: 'fired'; transaction: TransactionRecord } | { outcome: 'already-moved' | 'not-due' }> {
  try {
    return {
      outcome: 'fired',
      transaction: await applyTransition(txId, name, { ...options, actor: 'system' }),
    };
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
