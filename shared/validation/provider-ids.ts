/**
 * What a payment provider's object id can look like, checked before the id is sent to the provider
 * or used in a table key: Stripe's ids are at most 255 characters (its documented limit for ids),
 * PayPal's merchant ids 13; both are visible ASCII. A 100 kB "id" reached the simulated providers'
 * table keys and answered 500 (issue 28's fuzz suite); such an id names nothing.
 */
export const maxProviderIdLength = 255;

/** Whether `id` can be a provider's object id: 1 to 255 visible ASCII characters. */
export function isProviderId(id: string): boolean {
  return id.length <= maxProviderIdLength && /^[\x21-\x7E]+$/.test(id);
}
