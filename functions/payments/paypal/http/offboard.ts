import { paypalStateOf } from '../../../accounts/user-record';
import { json } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import { changePaypalState, forgetMerchant } from '../state';

/**
 * POST /api/paypal/offboard (user) → 200 `{ data: PaypalStateView }`: the modal's "Proceed & Unlink
 * My Account From PayPal". paypalOffboarded becomes true and the merchant id and flags are cleared
 * (the tracking id stays: linking again starts a new onboarding with it). Repeating it is harmless.
 */
export const handler = userHandler({ fullSession: true }, async ({ profile: user }) => {
  const merchantId = user.paypal?.merchantId;
  const updated = await changePaypalState(user, (state) => ({
    trackingId: state.trackingId ?? user.id,
    merchantId: null,
    paypalOffboarded: true,
    paypalOnboarded: false,
    isPaymentsReceivable: false,
    isPrimaryEmailValidated: false,
    isExpressCheckoutActive: false,
    hasOAuthPermissions: false,
    requestOnboardingLinks: true,
  }));
  if (merchantId) await forgetMerchant(merchantId);
  return json(200, { data: paypalStateOf(updated) });
});
