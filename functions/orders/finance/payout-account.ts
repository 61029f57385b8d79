import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { EventData } from '../../../shared/events/definitions';
import { type DomainEvent, payoutAccountUpdated } from '../../../shared/events/envelope';
import { dynamo, tableName } from '../../lib/aws';
import { ApiError } from '../../lib/errors';
import { keyPrefixes, keys, partitions } from '../../lib/table-design';
import { conditionalPut, type TransactPut } from '../../lib/writes';
import { outboxEntity } from '../outbox';

/**
 * `PayoutAccountUpdated` v1 (velo.finance) through the finance outbox: the item
 * `PAYOUT-ACCOUNT#<userId>` / `EVENT#<at>#<provider>` holds the validated envelope, and the outbox's
 * stream consumer publishes it on the bus like a transaction's finance events. Only that publisher
 * may put `velo.finance` events (issue 26: the `events:source` condition of its role), so a
 * finance event always has its item in the table, and the item's envelope id (a UUID chosen here)
 * is the same on every delivery: the ledger records it once.
 */
export type PayoutAccountEventData = Omit<EventData<'PayoutAccountUpdated'>, 'at'> & { at?: string };

/** The stored outbox item of a payout-account event. */
export interface PayoutAccountOutboxItem {
  PK: string;
  SK: string;
  entity: typeof outboxEntity;
  userId: string;
  eventType: 'PayoutAccountUpdated';
  occurredAt: string;
  detail: DomainEvent<'PayoutAccountUpdated'>;
}

/**
 * The conditional Put of a payout-account event's outbox item, for the TransactWriteItems that also
 * writes the readiness change (Stripe: functions/payments/stripe/service.ts `storeAccount`; PayPal:
 * functions/payments/paypal/state.ts `changePaypalState`): the change and its event are written
 * together or not at all, so a failed write leaves the flip for the provider's retry to find again.
 * The condition makes the same provider and moment twice one event. Throws EventValidationError for
 * an invalid payload.
 */
export function payoutAccountUpdatedPut(data: PayoutAccountEventData): {
  put: TransactPut;
  item: PayoutAccountOutboxItem;
} {
  const at = data.at ?? new Date().toISOString();
  const detail = payoutAccountUpdated({ ...data, at }, { occurredAt: at });
  const item: PayoutAccountOutboxItem = {
    ...keys.payoutAccountEvent(data.userId, data.provider, at),
    entity: outboxEntity,
    userId: data.userId,
    eventType: 'PayoutAccountUpdated',
    occurredAt: at,
    detail,
  };
  return {
    item,
    put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' },
  };
}

/**
 * The outbox item alone (tests, tools; the producers write it in their transaction). Answers the
 * envelope id of the stored item: the one written now, or, when the same provider and moment was
 * recorded before, that item's (a consistent read), never a fresh one nothing holds.
 */
export async function recordPayoutAccountUpdated(data: PayoutAccountEventData): Promise<string> {
  const { put, item } = payoutAccountUpdatedPut(data);
  try {
    await conditionalPut(put);
    return item.detail.id;
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'conflict')) throw error;
  }
  const stored = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: { PK: item.PK, SK: item.SK }, ConsistentRead: true }),
  );
  const storedId = (stored.Item as PayoutAccountOutboxItem | undefined)?.detail?.id;
  if (!storedId) throw new Error(`payout-account event ${item.PK} ${item.SK} exists without an envelope id`);
  return storedId;
}

/** Whether an item key is a payout-account outbox item (what the outbox's stream consumer publishes). */
export function isPayoutAccountEventKey(pk: unknown, sk: unknown): boolean {
  return (
    typeof pk === 'string' &&
    pk.startsWith(keyPrefixes.payoutAccountEvents) &&
    typeof sk === 'string' &&
    sk.startsWith(keyPrefixes.txEvent)
  );
}

/** Why a payout-account outbox item cannot be published (its envelope is validated by the caller). */
export function payoutAccountItemProblem(item: Record<string, unknown>): string | undefined {
  const detail = item.detail as DomainEvent<'PayoutAccountUpdated'> | undefined;
  if (item.eventType !== 'PayoutAccountUpdated')
    return `not a payout-account event: ${String(item.eventType)}`;
  if (detail?.data?.userId !== item.userId) return 'data.userId differs from the item';
  if (item.PK !== partitions.payoutAccount(String(item.userId))) return 'PK is not the user';
  return undefined;
}
