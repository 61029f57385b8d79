import { isTrackablePathname } from '../../../shared/validation/marketing';
import { ApiError, jsonBody, noContent, requireProfile } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { marketingProvider } from '../klaviyo';
import { isMarketable, pageViewEvent } from '../klaviyo/marketing';

/**
 * POST /api/klaviyo/track-event (user) `{ "pathname": "/s" }` → 204: a page view of the signed-in
 * user for the marketing service (§7: metric `viewPage_{pathname}`, property value 1, on the
 * profile's e-mail). A pathname that does not start with `/`, is longer than 200 characters or has
 * whitespace is 400 validation-invalid-params (`meta.param: 'pathname'`). Not for an operator's
 * limited session (403): impersonation must not show up in marketing data. An unverified address is
 * not tracked (204, nothing sent).
 */
export const handler = userHandler({ fullSession: true, profile: 'optional' }, async ({ event, user }) => {
  const pathname = jsonBody(event).pathname;
  if (!isTrackablePathname(pathname)) {
    throw new ApiError('validation-invalid-params', undefined, { param: 'pathname' });
  }
  const profile = requireProfile(user);
  if (!isMarketable(profile)) return noContent(); // only verified addresses (issue 25)
  await marketingProvider().trackEvent(pageViewEvent(profile.email, pathname));
  return noContent();
});
