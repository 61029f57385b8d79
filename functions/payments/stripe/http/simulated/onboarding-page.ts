import { type HttpEvent, httpHandler } from '../../../../lib/http';
import { siteOrigin, siteUrlOf } from '../../../../lib/site-origin';
import { simulatedCardProvider } from '../..';
import { escapeHtml, html } from '../../simulated-page';

/**
 * GET /api/simulated-stripe/onboarding?account=…&link=… (public): the simulated provider's hosted
 * onboarding page, standing in for Stripe's. "Submit verification" completes the requirements;
 * "Leave" goes back to the link's failure URL. 404 when the real provider runs or the link is unknown.
 * Every way back is on the configured site origin.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const provider = simulatedCardProvider();
  const accountId = event.queryStringParameters?.account ?? '';
  const linkId = event.queryStringParameters?.link ?? '';
  const link = provider ? await provider.onboardingLink(accountId, linkId) : undefined;
  const account = link && provider ? await provider.accountObject(accountId) : undefined;
  if (!link || !account) {
    return html(
      404,
      'Link not found',
      '<h1>This onboarding link is not valid</h1><p>Go back to the marketplace and try again.</p>',
    );
  }
  if (link.used || link.expires_at < Date.now() / 1000) {
    const back = siteUrlOf(link.refresh_url) ?? `${siteOrigin()}/`;
    return html(
      410,
      'Link expired',
      `<h1>This onboarding link has expired</h1><p><a href="${escapeHtml(back)}">Return to the marketplace</a> to get a new one.</p>`,
    );
  }
  const due = [...(account.requirements?.past_due ?? []), ...(account.requirements?.currently_due ?? [])];
  const items = due.length
    ? `<p>The payment processor still needs:</p><ul>${due.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
    : '<p>Nothing is missing: your details are complete.</p>';
  return html(
    200,
    'Verify your payout account (simulated)',
    `<h1>Verify your payout account</h1>
<p>This is the <strong>simulated</strong> payment processor's onboarding for account <code>${escapeHtml(account.id)}</code> (${escapeHtml(account.country ?? '')}). No real data is collected.</p>
${items}
<form method="post" action="/api/simulated-stripe/onboarding">
<input type="hidden" name="account" value="${escapeHtml(account.id)}">
<input type="hidden" name="link" value="${escapeHtml(link.id)}">
<button type="submit" name="action" value="submit">Submit verification</button>
<button type="submit" name="action" value="leave">Leave</button>
</form>`,
  );
});
