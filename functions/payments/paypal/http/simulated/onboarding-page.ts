import { type HttpEvent, httpHandler } from '../../../../lib/http';
import { paypalPort } from '../../index';
import { simulatedOnboardingPath } from '../../simulated';
import { escapeHtml, htmlPage } from '../../simulated-pages';
import { verifyOnboarding } from '../../simulated-signature';

/**
 * GET /api/simulated-paypal/onboarding?trackingId=…&returnUrl=…&sig=… (public): the simulated
 * PayPal's onboarding page, standing in for PayPal's (the partner referral's `action_url`). The
 * seller agrees or cancels; two checkboxes simulate PayPal's problem states for testing. The link
 * is signed by the API that made it, so the page only returns to a URL on this site.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  if (paypalPort().mode !== 'simulated') return htmlPage(404, 'Not found', '<h1>Not found</h1>');
  const query = event.queryStringParameters ?? {};
  const trackingId = query.trackingId ?? '';
  const returnUrl = query.returnUrl ?? '';
  const sig = query.sig ?? '';
  if (!trackingId || !returnUrl || !verifyOnboarding(trackingId, returnUrl, sig)) {
    return htmlPage(
      400,
      'Invalid onboarding link',
      '<h1>This onboarding link is not valid</h1><p>Go back to the marketplace and start linking your PayPal account again.</p>',
    );
  }
  return htmlPage(
    200,
    'Connect with PayPal (simulated)',
    `<h1>Connect your PayPal account</h1>
<p>Velo Exchange wants to connect to your PayPal business account to receive payments for your sales. This is the <strong>simulated PayPal</strong>: no real PayPal account is used.</p>
<form method="post" action="${simulatedOnboardingPath}">
<input type="hidden" name="trackingId" value="${escapeHtml(trackingId)}">
<input type="hidden" name="returnUrl" value="${escapeHtml(returnUrl)}">
<input type="hidden" name="sig" value="${escapeHtml(sig)}">
<fieldset>
<legend>Simulate a problem (for testing)</legend>
<label><input type="checkbox" name="emailUnconfirmed" value="true"> My primary e-mail address is not confirmed</label>
<label><input type="checkbox" name="paymentsNotReceivable" value="true"> My account cannot receive payments</label>
</fieldset>
<div class="buttons">
<button type="submit" name="action" value="agree">Agree and connect</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</div>
</form>
<p class="note">By agreeing you let the marketplace take payments and pay out to this account.</p>`,
  );
});
