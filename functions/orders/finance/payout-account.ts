import type { EventData } from '../../../shared/events/definitions';
import { type DomainEvent, payoutAccountUpdated } from '../../../shared/events/envelope';
import { tableName } from '../../lib/aws';
import { ApiError } from '../../lib/errors';
import { keyPrefixes, keys } from '../../lib/table-design';
import { conditionalPut } from '../../lib/writes';
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
 * Call it whenever a seller's payout readiness with a provider changed (PayPal:
 * functions/payments/paypal/state.ts; Stripe: the account webhook and account updates). Writes the
 * outbox item (conditional: the same provider and moment twice is one event) and answers the
 * envelope's id. Throws EventValidationError for an invalid payload.
 */
export async function recordPayoutAccountUpdated(data: PayoutAccountEventData): Promise<string> {
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
  try {
    await conditionalPut({
      TableName: tableName(),
      Item: item,
      ConditionExpression: 'attribute_not_exists(PK)',
    });
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'conflict')) throw error;
  }
  return detail.id;
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
  if (item.PK !== keys.payoutAccountEvent(String(item.userId), '', '').PK) return 'PK is not the user';
  return undefined;
}
