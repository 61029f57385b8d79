/**
 * The write of one transition (docs/design/orders.md, "The write protocol"), planned without I/O:
 * from the transaction as read, the checked transition, its inputs and the clock, the ONE
 * TransactWrite that moves the order. Its condition is `state = :from AND version = :v` (plus the
 * money lock, a timer's due deadline and a party's window), so of two racing writes exactly one
 * commits; `applyTransition` (engine.ts) reads, plans, writes and maps a failed condition.
 */
import type { OrderData, PaymentMethodKind } from '../../shared/api/transactions';
import { deadlineFor, scaledWindow, type TimerSettings } from '../../shared/process/deadlines';
import { releasesStock } from '../../shared/process/effects';
import type { Actor, ProcessState, Transition, TransitionName } from '../../shared/process/graph';
import { providerNotificationTransitions } from '../../shared/process/labels';
import { tableName } from '../lib/aws';
import { keys } from '../lib/table-design';
import { reminderItemsFor } from './notifications/reminders';
import {
  type DueItem,
  dueItem,
  inboxKeys,
  saleActionItem,
  type TransactionPayment,
  type TransactionProtectedData,
  type TransactionRecord,
  type TransitionLogEntry,
} from './record';
import {
  deleteItem,
  type PricedOrder,
  putItem,
  stockRelease,
  stockReservation,
  type TransactItem,
} from './repository';
import { type ReviewInput, reviewWrites } from './reviews';
import { UpdateBuilder } from './update-builder';

/** The protected data a transition may carry (§3). */
export type TransitionProtectedData = Pick<
  TransactionProtectedData,
  | 'disputeReason'
  | 'disputeDetails'
  | 'disputePhotos'
  | 'carrier'
  | 'trackingNumber'
  | 'paypalTransactionId'
  | 'paypalDisbursementId'
  | 'paypalOrderId'
>;
const protectedDataKeys: readonly (keyof TransitionProtectedData)[] = [
  'disputeReason',
  'disputeDetails',
  'disputePhotos',
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

/** What the write takes besides the run: each found by I/O before it. */
export interface WriteInputs {
  /** request-payment-after-enquiry: the order priced from the listing (its stock is reserved). */
  priced?: PricedOrder;
  /** The money phase's additions. */
  additions?: WriteAdditions;
  /** The money lock this write finishes: the money phase's, else the caller's. */
  moneyOpKey?: string;
  /** Finance outbox Puts committed with the transition, or not at all. */
  outbox?: readonly TransactItem[];
}

/** The planned TransactWrite. */
export interface TransitionWrite {
  /** The TransactWrite elements; the transaction item's Update is the first. */
  items: TransactItem[];
  /** The index of the stock reservation in `items` (its failed condition is a stock refusal), or -1. */
  stockIndex: number;
  /** The due item of the new deadline, if the new state has a timer. */
  due?: DueItem;
}

/**
 * Plans the TransactWrite of `run`: the transaction item (state, version, log, entry time, deadline,
 * inbox keys, protected data, the priced order, the money phase's attributes, review types), then
 * the stock reservation or release, the due items, the seller's action item, the reminders, the
 * reviews, the outbox Puts and the money phase's items. Throws the §8 ApiError of an input the
 * write cannot take (a review transition without its review).
 */
export function planTransitionWrite(run: TransitionRun, inputs: WriteInputs = {}): TransitionWrite {
  const { transaction: tx, transition, to, actor, params, now, timers } = run;
  const { priced, moneyOpKey } = inputs;
  const additions = inputs.additions ?? {};
  const nowIso = now.toISOString();
  const txId = tx.id;

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
  if (actor === 'system') {
    const deadline = update.name('deadline');
    update.conditions.push(`${deadline}.${update.name('transition')} = ${update.value(transition.name)}`);
    update.conditions.push(`${deadline}.${update.name('dueAt')} <= ${update.value(nowIso)}`);
  }
  const window = scaledWindow(transition.name, actor, timers);
  if (window) {
    // The party's window (customer cancel within 3 h of purchase), checked again in the write.
    const cutoff = new Date(now.getTime() - window.withinMs).toISOString();
    update.conditions.push(
      `${update.name('entered')}.${update.name(window.since)} >= ${update.value(cutoff)}`,
    );
  }

  const logEntry: TransitionLogEntry = {
    transition: transition.name as TransitionName,
    by: actor,
    ...(run.userId !== undefined ? { userId: run.userId } : {}),
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
  items.push(...(inputs.outbox ?? []), ...(additions.items ?? []));

  return { items, stockIndex, ...(due ? { due } : {}) };
}
