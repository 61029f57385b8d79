import { type HttpEvent, type HttpResult, httpHandler } from '../../../../lib/http';
import { siteUrlOf } from '../../../../lib/site-origin';
import { paypalPort } from '../../index';
import { simulatedOnboard, simulatedWebhook } from '../../simulated';
import { formFields, htmlPage } from '../../simulated-pages';
import { verifyOnboarding } from '../../simulated-signature';
import { receivePaypalWebhook } from '../../webhooks';
import { expiredOnboardingPage, invalidOnboardingPage } from './onboarding-page';

function redirect(url: string): HttpResult {
  return { statusCode: 303, headers: { location: url, 'cache-control': 'no-store' }, body: '' };
}

/**
 * POST /api/simulated-paypal/onboarding (public, the page's form): "Agree and connect" creates the
 * simulated merchant (with the problems ticked), sends MERCHANT.ONBOARDING.COMPLETED through the
 * webhook path (signed, idempotent, as PayPal would), and 303-redirects to the return URL with what
 * PayPal appends (merchantId = tracking id, merchantIdInPayPal, permissionsGranted, accountStatus,
 * consentStatus, isEmailConfirmed). "Cancel" returns with permissionsGranted=false. The return URL
 * is the signed path on the configured site origin; an expired link answers 410.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const port = paypalPort();
  if (port.mode !== 'simulated') return htmlPage(404, 'Not found', '<h1>Not found</h1>');
  const form = formFields(event);
  const grant = verifyOnboarding(form);
  if (grant === 'expired') return expiredOnboardingPage();
  const returnUrl = grant && siteUrlOf(grant.returnPath);
  if (!grant || !returnUrl) return invalidOnboardingPage();
  const { trackingId } = grant;
  const target = new URL(returnUrl);
  if (form.action === 'cancel') {
    target.searchParams.set('merchantId', trackingId);
    target.searchParams.set('permissionsGranted', 'false');
    return redirect(target.toString());
  }
  const merchant = await simulatedOnboard(trackingId, {
    emailUnconfirmed: form.emailUnconfirmed === 'true',
    paymentsNotReceivable: form.paymentsNotReceivable === 'true',
  });
  const webhook = simulatedWebhook('MERCHANT.ONBOARDING.COMPLETED', {
    merchant_id: merchant.merchantId,
    tracking_id: trackingId,
    partner_client_id: 'SIMULATED-PARTNER',
  });
  await receivePaypalWebhook(port, webhook.body, webhook.headers);
  target.searchParams.set('merchantId', trackingId);
  target.searchParams.set('merchantIdInPayPal', merchant.merchantId);
  target.searchParams.set('permissionsGranted', 'true');
  target.searchParams.set('accountStatus', 'BUSINESS_ACCOUNT');
  target.searchParams.set('consentStatus', 'true');
  target.searchParams.set('productIntentId', 'addipmt');
  target.searchParams.set('isEmailConfirmed', String(merchant.primaryEmailConfirmed));
  return redirect(target.toString());
});
