import { createHash } from 'node:crypto';
import { json, jsonBody, textField } from '../../../lib/http';
import { onSite } from '../../../lib/site-origin';
import { userHandler } from '../../../lib/user-handler';
import { ownTrackingId } from '../caller';
import { paypalPort } from '../index';
import { changePaypalState } from '../state';

/** Where PayPal sends the seller back by default: the PayPal settings page with its return type. */
export const defaultPaypalReturnPath = '/account/paypal?returnURLType=success';

/**
 * POST /api/get-paypal-onboarding-link (user) `{ trackingId, returnUrl? }` → `{ links }` (§7): a
 * partner referral for the caller's own tracking id (their user id; another's is 403). `returnUrl`
 * must be on the configured site origin (default the PayPal settings page). The page follows the
 * rel `action_url`.
 */
export const handler = userHandler({ fullSession: true }, async ({ event, profile: user }) => {
  const body = jsonBody(event);
  const trackingId = ownTrackingId(user, body.trackingId);
  const returnUrl = onSite(textField(body, 'returnUrl') ?? defaultPaypalReturnPath);
  const day = new Date().toISOString().slice(0, 10);
  const requestId = createHash('sha256')
    .update(`${trackingId}\n${returnUrl}\n${day}`)
    .digest('hex')
    .slice(0, 36);
  const { links } = await paypalPort().createPartnerReferral({
    trackingId,
    returnUrl,
    email: user.email,
    requestId: `referral-${requestId}`,
  });
  const current = user.paypal;
  if (
    current?.trackingId !== trackingId ||
    (!current.paypalOnboarded && current.requestOnboardingLinks !== true)
  ) {
    await changePaypalState(user, (state) => ({
      ...state,
      trackingId,
      requestOnboardingLinks: !state.paypalOnboarded || state.paypalOffboarded === true,
    }));
  }
  return json(200, { links });
});
