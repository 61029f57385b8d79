import type { EventBridgeEvent } from 'aws-lambda';
import { tableName } from '../lib/aws';
import { ApiError } from '../lib/http';
import { conditionalPut } from '../lib/writes';

/**
 * Rule target for finance events: appends each to the ledger in the table, once. EventBridge
 * delivers at least once, so the write is conditional on the event id and a repeat is a no-op.
 */
export async function handler(event: EventBridgeEvent<string, Record<string, unknown>>) {
  const month = event.time.slice(0, 7);
  try {
    await conditionalPut({
      TableName: tableName(),
      Item: {
        PK: `LEDGER#${month}`,
        SK: `${event.time}#${event.id}`,
        entity: 'ledger-entry',
        eventId: event.id,
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
