import type { EventData } from '../../../shared/events/definitions';
import { payoutAccountUpdated } from '../../../shared/events/envelope';
import { publishEvent } from '../../lib/events';

/**
 * Publishes `PayoutAccountUpdated` v1 (velo.finance) on the marketplace bus: call it whenever a
 * seller's payout readiness with a provider changed (PayPal: functions/payments/paypal/state.ts;
 * Stripe: the account webhook and account updates). The detail is the validated event envelope
 * `{ id, type, version, occurredAt, source, data }` (docs/finance-events.md). Answers the bus's event id.
 */
export async function publishPayoutAccountUpdated(
  data: Omit<EventData<'PayoutAccountUpdated'>, 'at'> & { at?: string },
): Promise<string> {
  const at = data.at ?? new Date().toISOString();
  const event = payoutAccountUpdated({ ...data, at }, { occurredAt: at });
  return publishEvent(event.source, event.type, event);
}
