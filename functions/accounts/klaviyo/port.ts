/**
 * The marketing service (spec §7: Klaviyo): what the handlers ask of it. With `KLAVIYO_API_KEY` set
 * this is Klaviyo through its official client; without it (local cloud, tests, a deploy without a
 * key) a simulated provider records each call as one JSON line. The handlers only see this interface.
 */
export interface MarketingProfile {
  /** Our user id: the profile's external id. */
  externalId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** E.164 only (Klaviyo refuses anything else); absent when the user has none in that form. */
  phoneNumber?: string;
  /** The profile id stored earlier, if any: that profile is updated even after an e-mail change. */
  klaviyoId?: string;
}

export interface MarketingEvent {
  /** The profile the event belongs to, by e-mail. */
  email: string;
  /** The metric (event name), e.g. `viewPage_/s`. */
  metric: string;
  properties: Record<string, string | number | boolean>;
}

export interface MarketingProvider {
  /** Creates or updates the profile; answers its id at the marketing service. */
  upsertProfile(profile: MarketingProfile): Promise<{ id: string }>;
  trackEvent(event: MarketingEvent): Promise<void>;
}
