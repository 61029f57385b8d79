/**
 * The error-report tags spec §8 names ("Failures are reported with tags such as …", quoted in
 * `specErrorTagsSentence`), in its order;
 * "create/update/fetch-stripe-account-failed" is three tags. Each one is sent by a `reportError`
 * call somewhere in web/src, with the tag written out at the call (or in the table it picks from),
 * so a search finds it: error-tags.test.ts fails if one is no longer sent. Other failures have
 * tags of ours (e.g. logout-failed, review-failed).
 */
export const specErrorTagsSentence =
  'fetch-current-user-failed, auth-info-failed, signup-failed, create-user-with-idp-failed, app-asset-fetch-failed, page-asset-fetch-failed, create/update/fetch-stripe-account-failed, get-stripe-account-link-failed, mark-received-failed, dispute-failed, initiate-order-failed, speculate-transaction-failed';

export const specErrorTags = [
  'fetch-current-user-failed',
  'auth-info-failed',
  'signup-failed',
  'create-user-with-idp-failed',
  'app-asset-fetch-failed',
  'page-asset-fetch-failed',
  'create-stripe-account-failed',
  'update-stripe-account-failed',
  'fetch-stripe-account-failed',
  'get-stripe-account-link-failed',
  'mark-received-failed',
  'dispute-failed',
  'initiate-order-failed',
  'speculate-transaction-failed',
] as const;

export type SpecErrorTag = (typeof specErrorTags)[number];
