import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { EventData } from '../../shared/events/definitions';
import { createEvent, type DomainEvent, transactionEventId } from '../../shared/events/envelope';
import { tableName } from '../lib/aws';
import { keyPrefixes, keys } from '../lib/table-design';

/**
 * The transactional outbox of finance events (docs/design/orders.md, "The write protocol" and
 * "Money").
 *
 * A transition that moves money puts one `TX#<txId>/EVENT#<type>` item per finance event in the
 * same TransactWriteItems as its state (or `moneyOp`-clearing) change, so the event exists exactly
 * when the change committed. The stream consumer `functions/orders/finance/outbox-stream.ts` publishes
 * each inserted item on the bus with `detail.id = <txId>:<type>` and `Time = occurredAt`; the
 * finance ledger deduplicates on that id.
 *
 * **One event of a type per order.** The Put is conditional on `attribute_not_exists(PK)`: a
 * second event of the same type for the same transaction fails the whole TransactWrite
 * (`ConditionalCheckFailed` at the Put's index). Orders never need two: an order is captured
 * once, refunded in full at most once, paid out once, and earns its commission once.
 * `PayoutScheduled` is not emitted (payouts happen at once), so it is not an outbox type.
 *
 * The items stay under the transaction (nothing deletes them): `Query PK = TX#<txId>,
 * begins_with(SK, EVENT#)` lists the order's finance events, e.g. for `reconcile`.
 */

/** The finance events a transaction writes through the outbox. */
export const outboxEventTypes = [
  'PaymentCaptured',
  'RefundIssued',
  'PayoutDisbursed',
  'CommissionEarned',
] as const;
export type OutboxEventType = (typeof outboxEventTypes)[number];

/** What a transition hands to `outboxPut`: the type, its latest-version payload and when it happened. */
export type OutboxEvent = {
  [T in OutboxEventType]: {
    type: T;
    /** `data.transactionId` is the transaction the item is written under. */
    data: EventData<T>;
    /** When the money moved; the transition's own `now` (default: the current time). */
    occurredAt?: Date | string;
  };
}[OutboxEventType];

export const outboxSortKeyPrefix = keyPrefixes.txEvent;
export const outboxEntity = 'finance-outbox';

/** The stored outbox item. `detail` is the validated event envelope, published as it is. */
export interface FinanceOutboxItem<T extends OutboxEventType = OutboxEventType> {
  /** `keys.txEvent(txId, eventType)`. */
  PK: string;
  SK: string;
  entity: typeof outboxEntity;
  txId: string;
  eventType: T;
  /** ISO 8601; the envelope's `occurredAt` and the EventBridge `Time` of the published event. */
  occurredAt: string;
  /** `{ id: '<txId>:<type>', type, version, occurredAt, source: 'velo.finance', data }`. */
  detail: DomainEvent<T>;
}

/** The key of a transaction's outbox item of one type: `TX#<txId>` / `EVENT#<type>` (`keys.txEvent`). */
export function outboxKey<T extends OutboxEventType>(
  txId: string,
  type: T,
): Pick<FinanceOutboxItem<T>, 'PK' | 'SK'> {
  return keys.txEvent(txId, type) as Pick<FinanceOutboxItem<T>, 'PK' | 'SK'>;
}

/** Whether an item key is an outbox item (what the stream consumer looks for). */
export function isOutboxKey(pk: unknown, sk: unknown): boolean {
  return (
    typeof pk === 'string' &&
    pk.startsWith(keyPrefixes.transaction) &&
    typeof sk === 'string' &&
    sk.startsWith(outboxSortKeyPrefix)
  );
}

/**
 * Builds the outbox item of an event: validates the payload (throws `EventValidationError`) and
 * gives it the id `<txId>:<type>`.
 */
export function outboxItem(event: OutboxEvent): FinanceOutboxItem {
  const txId = event.data.transactionId;
  const detail = createEvent(event.type, event.data as never, {
    id: transactionEventId(txId, event.type),
    ...(event.occurredAt !== undefined ? { occurredAt: event.occurredAt } : {}),
  }) as DomainEvent<OutboxEventType>;
  return {
    ...outboxKey(txId, event.type),
    entity: outboxEntity,
    txId,
    eventType: event.type,
    occurredAt: detail.occurredAt,
    detail,
  };
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
/** One element of `TransactWriteCommandInput.TransactItems` (DocumentClient) holding a Put. */
export type OutboxTransactPut = TransactItem & { Put: NonNullable<TransactItem['Put']> };

/**
 * The TransactWriteItems element that writes one finance event into the outbox, for the
 * transition's own TransactWrite. Conditional on `attribute_not_exists(PK)`: one event of a type
 * per transaction (a second one cancels the whole transaction).
 */
export function outboxPut(event: OutboxEvent): OutboxTransactPut {
  return {
    Put: {
      TableName: tableName(),
      Item: outboxItem(event),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}
