import { json } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { marketingProvider } from '../klaviyo';
import { isMarketable, marketingProfileOf } from '../klaviyo/marketing';
import { setKlaviyoId } from '../repository';

/**
 * POST /api/klaviyo/update-profile (user) → 200 `{ data: { klaviyoId } }`: creates or updates the
 * caller's marketing profile from their own profile item (e-mail, phone number, first and last
 * name; external id = user id) and keeps the returned profile id as `klaviyoId` (written only when
 * it changed, conditionally). The web app calls it after sign-up, login and e-mail verification;
 * an unverified address is not sent (200, nothing created). Not for an operator's limited session (403).
 */
export const handler = userHandler({ fullSession: true }, async ({ user, profile }) => {
  // Klaviyo gets only verified addresses (issue 25): anyone can sign up with anyone's address. The
  // web app calls this again once the address is verified, which creates the profile then.
  if (!isMarketable(profile)) return json(200, { data: { klaviyoId: profile.klaviyoId ?? null } });
  const { id } = await marketingProvider().upsertProfile(marketingProfileOf(profile));
  if (id !== profile.klaviyoId) await setKlaviyoId(user.id, id, profile.klaviyoId);
  return json(200, { data: { klaviyoId: id } });
});
