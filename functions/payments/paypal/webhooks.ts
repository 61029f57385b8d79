import { getUser } from '../../accounts/repository';
import type { UserRecord } from '../../accounts/user-record';
import { ApiError, invalidWebhookSignature } from '../../lib/errors';
import { paypalKeys } from '../../lib/table-design';
import { recordOnce } from '../../lib/writes';
import { onboardingStatusOf, type PaypalPort } from './port';
import { changePaypalState, storeOnboardingStatus, userOfMerchant } from './state';

export interface PaypalWebhookEvent {
  id: string;
  event_type: string;
  resource?: { merchant_id?: string; tracking_id?: string; [key: string]: unknown };
}

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * POST /api/webhooks/paypal's work, also used by the simulated onboarding (the same path): the
 * signature is checked on the raw body (400 when wrong), the event id is recorded with a
 * conditional put (a replay or duplicate changes nothing), then the event is applied.
 */
export async function receivePaypalWebhook(
  port: PaypalPort,
  rawBody: string,
  headers: Record<string, string | undefined>,
): Promise<WebhookOutcome> {
  if (!(await port.verifyWebhook(rawBody, headers))) {
    throw invalidWebhookSignature();
  }
  let event: PaypalWebhookEvent;
  try {
    event = JSON.parse(rawBody) as PaypalWebhookEvent;
  } catch {
    throw new ApiError('validation-invalid-params', 'The webhook body must be JSON.');
  }
  if (typeof event.id !== 'string' || !event.id || typeof event.event_type !== 'string') {
    throw new ApiError('validation-invalid-params', 'The webhook event needs an id and an event_type.');
  }
  const once = await recordOnce(
    {
      ...paypalKeys.webhookEvent(event.id),
      entity: 'paypal-webhook-event',
      eventId: event.id,
      eventType: event.event_type,
      receivedAt: new Date().toISOString(),
    },
    // Not applied: the record goes again, so PayPal's retry applies it.
    () => applyWebhook(port, event),
  );
  return once.duplicate ? 'duplicate' : once.result;
}

async function userOf(event: PaypalWebhookEvent): Promise<UserRecord | undefined> {
  const merchantId = event.resource?.merchant_id;
  const byMerchant = merchantId ? await userOfMerchant(merchantId) : undefined;
  if (byMerchant) return byMerchant;
  // Our tracking id is the user id.
  const trackingId = event.resource?.tracking_id;
  return trackingId ? getUser(trackingId) : undefined;
}

async function applyWebhook(port: PaypalPort, event: PaypalWebhookEvent): Promise<WebhookOutcome> {
  switch (event.event_type) {
    case 'MERCHANT.ONBOARDING.COMPLETED': {
      const merchantId = event.resource?.merchant_id;
      const user = await userOf(event);
      if (!merchantId || !user) return 'ignored';
      const status = onboardingStatusOf(await port.merchantStatus(merchantId));
      await storeOnboardingStatus(user, merchantId, status);
      return 'processed';
    }
    case 'MERCHANT.PARTNER-CONSENT.REVOKED': {
      const user = await userOf(event);
      if (!user?.paypal?.merchantId) return 'ignored';
      await changePaypalState(user, (current) => ({
        ...current,
        hasOAuthPermissions: false,
        paypalOnboarded: false,
        requestOnboardingLinks: true,
      }));
      return 'processed';
    }
    default:
      return 'ignored';
  }
}
