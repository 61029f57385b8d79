import type { UserRecord } from '../user-record';
import type { MarketingEvent, MarketingProfile } from './port';

/** What the marketing service gets: the profile fields (§7) and the page-view event. Pure functions. */

/**
 * Whether the marketing service may hear of this user: only with a verified address (issue 25), as
 * anyone can sign up with someone else's address, and Klaviyo would then mail or profile them.
 */
export function isMarketable(user: Pick<UserRecord, 'emailVerified'>): boolean {
  return user.emailVerified === true;
}

/** Klaviyo takes phone numbers in E.164 only (+, country code, up to 15 digits) and refuses the rest. */
const e164 = /^\+[1-9]\d{6,14}$/;

export function marketingProfileOf(user: UserRecord): MarketingProfile {
  return {
    externalId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    ...(user.phoneNumber && e164.test(user.phoneNumber) ? { phoneNumber: user.phoneNumber } : {}),
    ...(user.klaviyoId ? { klaviyoId: user.klaviyoId } : {}),
  };
}

/** §7: an event for the profile's e-mail, metric `viewPage_{pathname}`, property value 1. */
export function pageViewEvent(email: string, pathname: string): MarketingEvent {
  return { email, metric: `viewPage_${pathname}`, properties: { value: 1 } };
}
