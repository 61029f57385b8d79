import { ApiError, type HttpEvent, httpHandler } from '../../../../lib/http';
import { CardProcessorError, simulatedCardProvider } from '../..';
import { backToSite, formOf, html } from '../../simulated-page';

/**
 * POST /api/simulated-stripe/onboarding (public) `account`, `link`, `action` (submit | leave):
 * submit completes the account's requirements (transfers active), sends account.updated through
 * the webhook path, and answers 303 to the link's success URL; leave answers 303 to its failure URL.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const provider = simulatedCardProvider();
  if (!provider) throw new ApiError('not-found');
  const form = formOf(event);
  const account = String(form.account ?? '');
  const link = String(form.link ?? '');
  try {
    if (form.action === 'leave')
      return backToSite((await provider.leaveOnboarding(account, link)).refresh_url);
    if (form.action === 'submit')
      return backToSite((await provider.completeOnboarding(account, link)).return_url);
  } catch (error) {
    if (!(error instanceof CardProcessorError)) throw error;
    return html(
      error.code === 'resource_missing' ? 404 : 410,
      'Onboarding link',
      '<h1>This onboarding link is not valid any more</h1><p>Go back to the marketplace and try again.</p>',
    );
  }
  throw new ApiError('validation-invalid-params', undefined, {
    fields: { action: 'Must be submit or leave.' },
  });
});
