import type { EventBridgeEvent } from 'aws-lambda';
import { isIsoTimestamp } from '../../../shared/events/schema';
import { tableName } from '../../lib/aws';
import { ApiError } from '../../lib/errors';
import { loggedHandler } from '../../lib/lambda-handler';
import { partitions } from '../../lib/table-design';
import { conditionalPut } from '../../lib/writes';

/** The ledger key of an event: `LEDGER#<yyyy-mm>` / `<occurredAt>#<detail.id>` (docs/finance-events.md). */
export function ledgerKey(event: EventBridgeEvent<string, Record<string, unknown>>): {
  PK: string;
  SK: string;
  dedupeId: string;
} {
  const detail = event.detail ?? {};
  const id = typeof detail.id === 'string' && detail.id !== '' ? detail.id : undefined;
  const occurredAt = isIsoTimestamp(detail.occurredAt) ? detail.occurredAt : undefined;
  // An envelope carries its own id and time: every delivery of it (a retry, a stream redelivery
  // republished, an archive replay) has the same key. Anything else falls back to EventBridge's.
  const at = id && occurredAt ? occurredAt : event.time;
  const dedupeId = id && occurredAt ? id : event.id;
  return { PK: partitions.ledger(at.slice(0, 7)), SK: `${at}#${dedupeId}`, dedupeId };
}

/**
 * Rule target for finance events: appends each to the ledger in the table, once. EventBridge
 * delivers at least once, and the outbox may publish an event again (stream redelivery, replay),
 * so the write is conditional on the event's own id (`detail.id`) and a repeat is a no-op.
 * Items written before this keyed on the EventBridge id (`SK = <time>#<eventId>`); they keep their
 * keys and attributes and are read the same way (Query `LEDGER#<yyyy-mm>`).
 */
export async function recordEvent(event: EventBridgeEvent<string, Record<string, unknown>>) {
  const { PK, SK, dedupeId } = ledgerKey(event);
  try {
    await conditionalPut({
      TableName: tableName(),
      Item: {
        PK,
        SK,
        entity: 'ledger-entry',
        /** The EventBridge id of the delivery that was recorded (as before). */
        eventId: event.id,
        /** What the entry is unique on: `detail.id` (or the EventBridge id for a non-envelope detail). */
        dedupeId,
        source: event.source,
        detailType: event['detail-type'],
        detail: event.detail,
        recordedAt: new Date().toISOString(),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    return { recorded: true };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'conflict') return { recorded: false };
    throw error;
  }
}

/** A finance event's order (`detail.data.transactionId`), for the log. */
function transactionIdIn(detail: Record<string, unknown> | undefined): string | undefined {
  const data = detail?.data as { transactionId?: unknown } | undefined;
  return typeof data?.transactionId === 'string' ? data.transactionId : undefined;
}

/** The Lambda entry: each invocation logs with its own keys (functions/lib/logger.ts). */
export const handler = loggedHandler(recordEvent, (event) => ({
  transactionId: transactionIdIn(event.detail),
}));
