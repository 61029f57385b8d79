import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { transactionEventId, validateEvent } from '../../../shared/events/envelope';
import { dynamo, tableName } from '../../lib/aws';
import { publishEvent } from '../../lib/events';
import { loggedHandler } from '../../lib/lambda-handler';
import { type FinanceOutboxItem, isOutboxKey, outboxEntity, outboxEventTypes } from '../outbox';
import { isPayoutAccountEventKey, payoutAccountItemProblem } from './payout-account';

/**
 * Stream consumer of the finance outbox (functions/orders/outbox.ts): every INSERT of a
 * `TX#<txId>/EVENT#<type>` item (and of a seller's `PAYOUT-ACCOUNT#<userId>/EVENT#…` item:
 * functions/orders/finance/payout-account.ts) is published on the bus as it was validated at write time, with
 * `detail.id = <txId>:<type>` and EventBridge `Time = occurredAt`. Modifications and removals are
 * ignored (the items are written once and never change).
 *
 * Delivery is at least once: a stream batch that is retried publishes its events again, and the
 * finance ledger (functions/orders/finance/ledger.ts) records each `detail.id` once.
 *
 * The item is read back by key (consistently) rather than decoded from the record's NewImage, so
 * what is published is exactly what the table holds (and no attribute-value decoder is needed).
 * An item that is missing or not a valid outbox event is reported after the others were published:
 * the batch fails, so in AWS it is retried, bisected and finally sent to the dead-letter queue.
 */
async function publishOutbox(event: DynamoDBStreamEvent): Promise<{ published: number }> {
  let published = 0;
  const problems: string[] = [];
  for (const record of outboxInserts(event.Records)) {
    const pk = record.dynamodb?.Keys?.PK?.S as string;
    const sk = record.dynamodb?.Keys?.SK?.S as string;
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: { PK: pk, SK: sk }, ConsistentRead: true }),
    );
    const problem = checkItem(Item);
    if (problem) {
      problems.push(`${pk}/${sk}: ${problem}`);
      continue;
    }
    const item = Item as FinanceOutboxItem;
    await publishEvent(item.detail.source, item.detail.type, item.detail, { time: item.occurredAt });
    published++;
  }
  if (problems.length > 0) {
    throw new Error(`Finance outbox items not published: ${problems.join('; ')}`);
  }
  return { published };
}

/** The Lambda entry: each invocation logs with its own keys (functions/lib/logger.ts). */
export const handler = loggedHandler(publishOutbox);

/**
 * The records the consumer publishes: inserted outbox items, a transaction's (PK `TX#…`, SK
 * `EVENT#…`) and a seller's payout-account events (PK `PAYOUT-ACCOUNT#…`, SK `EVENT#…`).
 */
export function outboxInserts(records: DynamoDBRecord[]): DynamoDBRecord[] {
  return records.filter((record) => {
    const pk = record.dynamodb?.Keys?.PK?.S;
    const sk = record.dynamodb?.Keys?.SK?.S;
    return record.eventName === 'INSERT' && (isOutboxKey(pk, sk) || isPayoutAccountEventKey(pk, sk));
  });
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
