import type { PaypalOnboardingStatus } from '../../../../shared/api/payments';
import { isProviderId } from '../../../../shared/validation/provider-ids';
import { ApiError, json, jsonBody, textField } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import { paypalPort } from '../index';
import { onboardingStatusOf } from '../port';
import { storeOnboardingStatus } from '../state';

/**
 * POST /api/get-paypal-onboarding-status (user) `{ merchantId, updateUserMaybe }` → the five flags
 * (§7). Only the caller's own merchant: the one PayPal onboarded with their tracking id, or the one
 * already stored on them (anything else is 403). With `updateUserMaybe` the flags and the merchant
 * id are stored on the user (and paypalOffboarded cleared).
 */
export const handler = userHandler({ fullSession: true }, async ({ event, profile: user }) => {
  const body = jsonBody(event);
  const merchantId = textField(body, 'merchantId')?.trim();
  if (!merchantId) throw new ApiError('validation-invalid-params', 'merchantId is required.');
  if (!isProviderId(merchantId)) {
    throw new ApiError('validation-invalid-params', 'merchantId is not a PayPal merchant id.');
  }
  const port = paypalPort();
  const integration = await port.merchantStatus(merchantId);
  const trackingId = user.paypal?.trackingId ?? user.id;
  const own =
    merchantId === user.paypal?.merchantId ||
    integration?.tracking_id === trackingId ||
    (await port.merchantIdByTrackingId(trackingId)) === merchantId;
  if (!own) throw new ApiError('forbidden', 'That PayPal merchant is not linked to your account.');
  const status: PaypalOnboardingStatus = onboardingStatusOf(integration);
  if (body.updateUserMaybe === true) await storeOnboardingStatus(user, merchantId, status);
  return json(200, status);
});
