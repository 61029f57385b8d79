import { type HttpEvent, type HttpResult, httpHandler } from '../../../../lib/http';
import { paypalPort } from '../../index';
import { simulatedOnboardingPath } from '../../simulated';
import { escapeHtml, htmlPage } from '../../simulated-pages';
import { verifyOnboarding } from '../../simulated-signature';

export function invalidOnboardingPage(): HttpResult {
  return htmlPage(
    400,
    'Invalid onboarding link',
    '<h1>This onboarding link is not valid</h1><p>Go back to the marketplace and start linking your PayPal account again.</p>',
  );
}

export function expiredOnboardingPage(): HttpResult {
  return htmlPage(
    410,
    'Onboarding link expired',
    '<h1>This onboarding link has expired</h1><p>Go back to the marketplace and start linking your PayPal account again.</p>',
  );
}

/**
 * GET /api/simulated-paypal/onboarding?trackingId=…&returnUrl=…&expires=…&sig=… (public): the
 * simulated PayPal's onboarding page, standing in for PayPal's (the partner referral's
 * `action_url`). The seller agrees or cancels; two checkboxes simulate PayPal's problem states for
 * testing. The link is signed by the API that made it, with an expiry (410 after it), and carries
 * only a return path: the page returns to the configured site origin.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  if (paypalPort().mode !== 'simulated') return htmlPage(404, 'Not found', '<h1>Not found</h1>');
  const query = event.queryStringParameters ?? {};
  const grant = verifyOnboarding(query);
  if (grant === 'expired') return expiredOnboardingPage();
  if (!grant) return invalidOnboardingPage();
  return htmlPage(
    200,
    'Connect with PayPal (simulated)',
    `<h1>Connect your PayPal account</h1>
<p>Velo Exchange wants to connect to your PayPal business account to receive payments for your sales. This is the <strong>simulated PayPal</strong>: no real PayPal account is used.</p>
<form method="post" action="${simulatedOnboardingPath}">
<input type="hidden" name="trackingId" value="${escapeHtml(grant.trackingId)}">
<input type="hidden" name="returnUrl" value="${escapeHtml(grant.returnPath)}">
<input type="hidden" name="expires" value="${grant.expires}">
<input type="hidden" name="sig" value="${escapeHtml(query.sig ?? '')}">
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
