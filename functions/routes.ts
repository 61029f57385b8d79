/**
 * The route table: the one list of HTTP routes. The CDK API stack makes one Lambda and one
 * HTTP API route per entry; the local gateway serves the same entries with the same modules.
 * `handler` is a module under functions/ (without .ts) that exports `handler`. A path parameter
 * `{name+}` as the last segment is greedy (API Gateway's `{proxy+}`): it takes the rest of the path,
 * slashes included, and arrives as `pathParameters.name`.
 */
export type RouteAuth = 'public' | 'user';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: `/api/${string}`;
  handler: string;
  auth: RouteAuth;
}

export const routes = [
  { method: 'GET', path: '/api/listings', handler: 'listings/search', auth: 'public' },
  { method: 'GET', path: '/api/listings/{id}', handler: 'listings/show', auth: 'public' },
  { method: 'GET', path: '/api/users/{id}', handler: 'users/show', auth: 'public' },
  { method: 'GET', path: '/api/users/{id}/listings', handler: 'listings/by-author', auth: 'public' },
  { method: 'GET', path: '/api/users/{id}/reviews', handler: 'users/reviews', auth: 'public' },
  { method: 'GET', path: '/api/assets/{version}/{path+}', handler: 'content/get-asset', auth: 'public' },
  { method: 'GET', path: '/api/places', handler: 'places/search', auth: 'public' },
  { method: 'GET', path: '/api/static-map', handler: 'maps/static-map', auth: 'public' },
  { method: 'GET', path: '/api/me', handler: 'users/me', auth: 'user' },
  { method: 'PATCH', path: '/api/me', handler: 'users/update-me', auth: 'user' },
  { method: 'POST', path: '/api/me/email', handler: 'users/change-email', auth: 'user' },
  { method: 'POST', path: '/api/me/avatar-uploads', handler: 'users/create-avatar-upload', auth: 'user' },
  { method: 'PUT', path: '/api/me/avatar', handler: 'users/set-avatar', auth: 'user' },
  { method: 'POST', path: '/api/auth/signup', handler: 'auth/signup', auth: 'public' },
  {
    method: 'POST',
    path: '/api/auth/create-user-with-idp',
    handler: 'auth/create-user-with-idp',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset',
    handler: 'auth/request-password-reset',
    auth: 'public',
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    handler: 'auth/confirm-password-reset',
    auth: 'public',
  },
  { method: 'POST', path: '/api/auth/change-password', handler: 'auth/change-password', auth: 'user' },
  {
    method: 'POST',
    path: '/api/auth/verification-email',
    handler: 'auth/send-verification-email',
    auth: 'user',
  },
  { method: 'POST', path: '/api/auth/verify-email', handler: 'auth/verify-email', auth: 'user' },
  { method: 'POST', path: '/api/klaviyo/update-profile', handler: 'klaviyo/update-profile', auth: 'user' },
  { method: 'POST', path: '/api/klaviyo/track-event', handler: 'klaviyo/track-event', auth: 'user' },
  // Stripe: payouts (Connect) and the saved card (issue 6; functions/stripe, docs/payments.md).
  { method: 'GET', path: '/api/stripe/account', handler: 'stripe/get-account', auth: 'user' },
  { method: 'POST', path: '/api/stripe/account', handler: 'stripe/create-account', auth: 'user' },
  { method: 'PATCH', path: '/api/stripe/account', handler: 'stripe/update-account', auth: 'user' },
  { method: 'POST', path: '/api/stripe/account-links', handler: 'stripe/create-account-link', auth: 'user' },
  { method: 'POST', path: '/api/stripe/setup-intents', handler: 'stripe/create-setup-intent', auth: 'user' },
  { method: 'PUT', path: '/api/me/payment-method', handler: 'stripe/save-payment-method', auth: 'user' },
  { method: 'DELETE', path: '/api/me/payment-method', handler: 'stripe/delete-payment-method', auth: 'user' },
  { method: 'POST', path: '/api/webhooks/stripe', handler: 'webhooks/stripe', auth: 'public' },
  // The simulated Stripe (no keys): Stripe.js and hosted onboarding stand-ins; 404 with the real provider.
  {
    method: 'POST',
    path: '/api/simulated-stripe/tokens',
    handler: 'simulated-stripe/create-token',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/api/simulated-stripe/setup-intents/{id}/confirm',
    handler: 'simulated-stripe/confirm-setup-intent',
    auth: 'user',
  },
  {
    method: 'GET',
    path: '/api/simulated-stripe/onboarding',
    handler: 'simulated-stripe/onboarding-page',
    auth: 'public',
  },
  {
    method: 'POST',
    path: '/api/simulated-stripe/onboarding',
    handler: 'simulated-stripe/submit-onboarding',
    auth: 'public',
  },
  // PayPal (issue 6): the spec's onboarding calls, offboarding, webhooks and the simulated PayPal's page.
  {
    method: 'POST',
    path: '/api/get-paypal-onboarding-link',
    handler: 'paypal/get-onboarding-link',
    auth: 'user',
  },
  { method: 'POST', path: '/api/get-paypal-merchant-id', handler: 'paypal/get-merchant-id', auth: 'user' },
  {
    method: 'POST',
    path: '/api/get-paypal-onboarding-status',
    handler: 'paypal/get-onboarding-status',
    auth: 'user',
  },
  { method: 'POST', path: '/api/paypal/offboard', handler: 'paypal/offboard', auth: 'user' },
  { method: 'POST', path: '/api/webhooks/paypal', handler: 'webhooks/paypal', auth: 'public' },
  {
    method: 'GET',
    path: '/api/simulated-paypal/onboarding',
    handler: 'simulated-paypal/onboarding-page',
    auth: 'public',
  },
  {
    method: 'POST',
    path: '/api/simulated-paypal/onboarding',
    handler: 'simulated-paypal/onboarding-submit',
    auth: 'public',
  },
  // The seller's own listings (issue 7; functions/own-listings): §7 createDraft, update, publishDraft, show, query, open, close, stock.
  { method: 'GET', path: '/api/own-listings', handler: 'own-listings/list', auth: 'user' },
  { method: 'POST', path: '/api/own-listings', handler: 'own-listings/create', auth: 'user' },
  { method: 'GET', path: '/api/own-listings/{id}', handler: 'own-listings/show', auth: 'user' },
  { method: 'PATCH', path: '/api/own-listings/{id}', handler: 'own-listings/update', auth: 'user' },
  { method: 'DELETE', path: '/api/own-listings/{id}', handler: 'own-listings/delete', auth: 'user' },
  { method: 'POST', path: '/api/own-listings/{id}/publish', handler: 'own-listings/publish', auth: 'user' },
  { method: 'POST', path: '/api/own-listings/{id}/open', handler: 'own-listings/open', auth: 'user' },
  { method: 'POST', path: '/api/own-listings/{id}/close', handler: 'own-listings/close', auth: 'user' },
  { method: 'POST', path: '/api/own-listings/{id}/stock', handler: 'own-listings/stock', auth: 'user' },
  // Listing photos (issue 7; functions/listing-images): presigned upload, attach, reorder, remove.
  {
    method: 'POST',
    path: '/api/own-listings/{id}/image-uploads',
    handler: 'listing-images/create-upload',
    auth: 'user',
  },
  { method: 'POST', path: '/api/own-listings/{id}/images', handler: 'listing-images/add', auth: 'user' },
  { method: 'PATCH', path: '/api/own-listings/{id}/images', handler: 'listing-images/reorder', auth: 'user' },
  {
    method: 'DELETE',
    path: '/api/own-listings/{id}/images/{imageId}',
    handler: 'listing-images/remove',
    auth: 'user',
  },
  // Orders (issue 8; functions/orders over functions/transactions): spec §7 transaction calls, JSON bodies.
  { method: 'POST', path: '/api/transaction-line-items', handler: 'orders/line-items', auth: 'user' },
  { method: 'POST', path: '/api/initiate-privileged', handler: 'orders/initiate-privileged', auth: 'user' },
  {
    method: 'POST',
    path: '/api/transition-privileged',
    handler: 'orders/transition-privileged',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/api/disburse-paypal-funds',
    handler: 'orders/disburse-paypal-funds',
    auth: 'user',
  },
  { method: 'POST', path: '/api/transactions', handler: 'orders/enquire', auth: 'user' },
  { method: 'GET', path: '/api/transactions', handler: 'orders/query', auth: 'user' },
  { method: 'GET', path: '/api/transactions/{id}', handler: 'orders/show', auth: 'user' },
  { method: 'POST', path: '/api/transactions/{id}/transition', handler: 'orders/transition', auth: 'user' },
  { method: 'GET', path: '/api/transactions/{id}/transitions', handler: 'orders/transitions', auth: 'user' },
  { method: 'GET', path: '/api/transactions/{id}/messages', handler: 'orders/messages', auth: 'user' },
  { method: 'POST', path: '/api/transactions/{id}/messages', handler: 'orders/send-message', auth: 'user' },
  { method: 'GET', path: '/api/me/notifications', handler: 'orders/notifications', auth: 'user' },
  { method: 'POST', path: '/api/create-paypal-order', handler: 'paypal/create-order', auth: 'user' },
  { method: 'POST', path: '/api/get-paypal-order', handler: 'paypal/get-order', auth: 'user' },
  {
    method: 'POST',
    path: '/api/simulated-stripe/payment-intents/{id}/confirm',
    handler: 'simulated-stripe/confirm-payment-intent',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/api/simulated-paypal/orders/{id}/approve',
    handler: 'simulated-paypal/approve-order',
    auth: 'user',
  },
] as const satisfies readonly Route[];

/**
 * PascalCase of a stable name ("sweep-due" → "SweepDue"): the construct ids of workflow tasks and
 * event rules, which are named, not pathed. Handler modules get theirs from deploy-names.ts.
 */
export function handlerId(handler: string): string {
  return handler
    .split(/[/-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
