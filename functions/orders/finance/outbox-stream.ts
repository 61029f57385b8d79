import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { transactionEventId, validateEvent } from '../../../shared/events/envelope';
import { dynamo, tableName } from '../../lib/aws';
import { publishEvent } from '../../lib/events';
import { type FinanceOutboxItem, isOutboxKey, outboxEntity, outboxEventTypes } from '../outbox';
import { isPayoutAccountEventKey, payoutAccountItemProblem } from './payout-account';

/**
 * The finance outbox's part of the transaction stream dispatcher (functions/orders/transaction-stream.ts):
 * every INSERT of a `TX#<txId>/EVENT#<type>` item (functions/orders/outbox.ts), and of a seller's
 * `PAYOUT-ACCOUNT#<userId>/EVENT#…` item (functions/orders/finance/payout-account.ts), is published
 * on the bus as it was validated at write time, with `detail.id` from the item and EventBridge
 * `Time = occurredAt`. Modifications and removals are ignored (the items are written once and never
 * change), and so is every other record.
 *
 * Delivery is at least once: a record that is delivered again (a retried batch) is published again,
 * and the finance ledger (functions/orders/finance/ledger.ts) records each `detail.id` once.
 *
 * The item is read back by key (consistently) rather than decoded from the record's NewImage, so
 * what is published is exactly what the table holds (and no attribute-value decoder is needed).
 * An item that is missing or not a valid outbox event throws: the dispatcher reports the record as a
 * batch item failure, so in AWS the stream retries from it and finally sends it to the dead-letter queue.
 */
export async function publishOutboxRecord(record: DynamoDBRecord): Promise<{ published: number }> {
  if (!isOutboxInsert(record)) return { published: 0 };
  const pk = record.dynamodb?.Keys?.PK?.S as string;
  const sk = record.dynamodb?.Keys?.SK?.S as string;
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: { PK: pk, SK: sk }, ConsistentRead: true }),
  );
  const problem = checkItem(Item);
  if (problem) throw new Error(`Finance outbox item not published: ${pk}/${sk}: ${problem}`);
  const item = Item as FinanceOutboxItem;
  await publishEvent(item.detail.source, item.detail.type, item.detail, { time: item.occurredAt });
  return { published: 1 };
}

/**
 * The records it publishes: inserted outbox items, a transaction's (PK `TX#…`, SK `EVENT#…`) and a
 * seller's payout-account events (PK `PAYOUT-ACCOUNT#…`, SK `EVENT#…`).
 */
export function isOutboxInsert(record: DynamoDBRecord): boolean {
  const pk = record.dynamodb?.Keys?.PK?.S;
  const sk = record.dynamodb?.Keys?.SK?.S;
  return record.eventName === 'INSERT' && (isOutboxKey(pk, sk) || isPayoutAccountEventKey(pk, sk));
}

/** Why an item cannot be published, or undefined when it is a valid outbox item. */
function checkItem(item: Record<string, unknown> | undefined): string | undefined {
  if (!item) return 'the item is gone';
  if (item.entity !== outboxEntity) return `entity is ${String(item.entity)}`;
  if (isPayoutAccountEventKey(item.PK, item.SK)) {
    const validation = validateEvent(item.detail);
    if (!validation.ok) return validation.errors.join(', ');
    if (item.occurredAt !== validation.event.occurredAt) return 'occurredAt differs from detail.occurredAt';
    return payoutAccountItemProblem(item);
  }
  const type = item.eventType;
  if (!(outboxEventTypes as readonly unknown[]).includes(type))
    return `not an outbox event type: ${String(type)}`;
  const validation = validateEvent(item.detail);
  if (!validation.ok) return validation.errors.join(', ');
  const detail = validation.event;
  if (detail.type !== type) return `detail.type ${detail.type} is not ${String(type)}`;
  if (typeof item.txId !== 'string' || detail.id !== transactionEventId(item.txId, detail.type)) {
    return `detail.id ${detail.id} is not <txId>:<type>`;
  }
  if (item.occurredAt !== detail.occurredAt) return 'occurredAt differs from detail.occurredAt';
  return undefined;
}
