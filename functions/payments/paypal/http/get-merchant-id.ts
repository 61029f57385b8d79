import { json, jsonBody } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import { ownTrackingId } from '../caller';
import { paypalPort } from '../index';

/**
 * POST /api/get-paypal-merchant-id (user) `{ trackingId }` → `{ merchant_id }` (§7): the merchant
 * PayPal onboarded with the caller's own tracking id (another's is 403); `merchant_id` is null
 * while there is none.
 */
export const handler = userHandler({ fullSession: true }, async ({ event, profile: user }) => {
  const trackingId = ownTrackingId(user, jsonBody(event).trackingId);
  const merchantId = await paypalPort().merchantIdByTrackingId(trackingId);
  return json(200, { merchant_id: merchantId ?? null });
});
