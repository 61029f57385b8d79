import { type HttpEvent, httpHandler, json, jsonBody } from '../../../lib/http';
import { ownTrackingId, paypalCaller } from '../caller';
import { paypalPort } from '../index';

/**
 * POST /api/get-paypal-merchant-id (user) `{ trackingId }` → `{ merchant_id }` (§7): the merchant
 * PayPal onboarded with the caller's own tracking id (another's is 403); `merchant_id` is null
 * while there is none.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const user = paypalCaller(event);
  const trackingId = ownTrackingId(user, jsonBody(event).trackingId);
  const merchantId = await paypalPort().merchantIdByTrackingId(trackingId);
  return json(200, { merchant_id: merchantId ?? null });
});
