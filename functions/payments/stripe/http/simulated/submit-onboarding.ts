import { ApiError, type HttpEvent, type HttpResult, httpHandler } from '../../../../lib/http';
import { CardProviderError, simulatedCardProvider } from '../..';
import { requestOrigin } from '../../service';
import { html } from '../../simulated-page';

/** The form (urlencoded, as the page posts it) or a JSON body. */
function formOf(event: HttpEvent): Record<string, string> {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const type = event.headers?.['content-type'] ?? '';
  if (type.includes('application/json')) {
    try {
      const value = JSON.parse(text);
      return typeof value === 'object' && value !== null ? (value as Record<string, string>) : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

const seeOther = (location: string): HttpResult => ({
  statusCode: 303,
  headers: { location, 'cache-control': 'no-store' },
  body: '',
});

/**
 * POST /api/simulated-stripe/onboarding (public) `account`, `link`, `action` (submit | leave):
 * submit completes the account's requirements (transfers active), sends account.updated through
 * the webhook path, and answers 303 to the link's success URL; leave answers 303 to its failure URL.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const provider = simulatedCardProvider({ origin: requestOrigin(event) });
  if (!provider) throw new ApiError('not-found');
  const form = formOf(event);
  const account = String(form.account ?? '');
  const link = String(form.link ?? '');
  try {
    if (form.action === 'leave') return seeOther((await provider.leaveOnboarding(account, link)).refresh_url);
    if (form.action === 'submit')
      return seeOther((await provider.completeOnboarding(account, link)).return_url);
  } catch (error) {
    if (!(error instanceof CardProviderError)) throw error;
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
