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
  { method: 'GET', path: '/api/listings', handler: 'listings/http/search', auth: 'public' },
  { method: 'GET', path: '/api/listings/{id}', handler: 'listings/http/show', auth: 'public' },
  { method: 'GET', path: '/api/users/{id}', handler: 'accounts/http/show', auth: 'public' },
  { method: 'GET', path: '/api/users/{id}/listings', handler: 'listings/http/by-author', auth: 'public' },
  { method: 'GET', path: '/api/users/{id}/reviews', handler: 'accounts/http/reviews', auth: 'public' },
  { method: 'GET', path: '/api/assets/{version}/{path+}', handler: 'content/http/get-asset', auth: 'public' },
  { method: 'GET', path: '/api/places', handler: 'places/http/search', auth: 'public' },
  { method: 'GET', path: '/api/static-map', handler: 'places/http/static-map', auth: 'public' },
  { method: 'GET', path: '/api/me', handler: 'accounts/http/me', auth: 'user' },
  { method: 'PATCH', path: '/api/me', handler: 'accounts/http/update-me', auth: 'user' },
  { method: 'POST', path: '/api/me/email', handler: 'accounts/http/change-email', auth: 'user' },
  {
    method: 'POST',
    path: '/api/me/avatar-uploads',
    handler: 'accounts/http/create-avatar-upload',
    auth: 'user',
  },
  { method: 'PUT', path: '/api/me/avatar', handler: 'accounts/http/set-avatar', auth: 'user' },
  { method: 'POST', path: '/api/auth/signup', handler: 'accounts/http/signup', auth: 'public' },
  {
    method: 'POST',
    path: '/api/auth/create-user-with-idp',
    handler: 'accounts/http/create-user-with-idp',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset',
    handler: 'accounts/http/request-password-reset',
    auth: 'public',
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    handler: 'accounts/http/confirm-password-reset',
    auth: 'public',
  },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    handler: 'accounts/http/change-password',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/api/auth/verification-email',
    handler: 'accounts/http/send-verification-email',
    auth: 'user',
  },
  { method: 'POST', path: '/api/auth/verify-email', handler: 'accounts/http/verify-email', auth: 'user' },
  {
    method: 'POST',
    path: '/api/klaviyo/update-profile',
    handler: 'accounts/http/update-profile',
    auth: 'user',
  },
  { method: 'POST', path: '/api/klaviyo/track-event', handler: 'accounts/http/track-event', auth: 'user' },
  // Stripe: payouts (Connect) and the saved card (functions/payments/stripe/http,
  // docs/payments.md).
  { method: 'GET', path: '/api/stripe/account', handler: 'payments/stripe/http/get-account', auth: 'user' },
  {
    method: 'POST',
    path: '/api/stripe/account',
    handler: 'payments/stripe/http/create-account',
    auth: 'user',
  },
  {
    method: 'PATCH',
    path: '/api/stripe/account',
    handler: 'payments/stripe/http/update-account',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/api/stripe/account-links',
    handler: 'payments/stripe/http/create-account-link',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/api/stripe/setup-intents',
    handler: 'payments/stripe/http/create-setup-intent',
    auth: 'user',
  },
  {
    method: 'PUT',
    path: '/api/me/payment-method',
    handler: 'payments/stripe/http/save-payment-method',
    auth: 'user',
  },
  {
    method: 'DELETE',
    path: '/api/me/payment-method',
    handler: 'payments/stripe/http/delete-payment-method',
    auth: 'user',
  },
  { method: 'POST', path: '/api/webhooks/stripe', handler: 'payments/stripe/http/webhook', auth: 'public' },
  // The simulated Stripe (no keys): Stripe.js and hosted onboarding stand-ins; 404 with the real provider.
  {
    method: 'POST',
    path: '/api/simulated-stripe/tokens',
    handler: 'payments/stripe/http/simulated/create-token',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/api/simulated-stripe/setup-intents/{id}/confirm',
    handler: 'payments/stripe/http/simulated/confirm-setup-intent',
    auth: 'user',
  },
  {
    method: 'GET',
    path: '/api/simulated-stripe/onboarding',
    handler: 'payments/stripe/http/simulated/onboarding-page',
    auth: 'public',
  },
  {
    method: 'POST',
    path: '/api/simulated-stripe/onboarding',
    handler: 'payments/stripe/http/simulated/submit-onboarding',
    auth: 'public',
  },
  // PayPal: the spec's onboarding calls, offboarding, webhooks and the simulated PayPal's page.
  {
    method: 'POST',
    path: '/api/get-paypal-onboarding-link',
    handler: 'payments/paypal/http/get-onboarding-link',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/api/get-paypal-merchant-id',
    handler: 'payments/paypal/http/get-merchant-id',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/api/get-paypal-onboarding-status',
    handler: 'payments/paypal/http/get-onboarding-status',
    auth: 'user',
  },
  { method: 'POST', path: '/api/paypal/offboard', handler: 'payments/paypal/http/offboard', auth: 'user' },
  { method: 'POST', path: '/api/webhooks/paypal', handler: 'payments/paypal/http/webhook', auth: 'public' },
  {
    method: 'GET',
    path: '/api/simulated-paypal/onboarding',
    handler: 'payments/paypal/http/simulated/onboarding-page',
    auth: 'public',
  },
  {
    method: 'POST',
    path: '/api/simulated-paypal/onboarding',
    handler: 'payments/paypal/http/simulated/onboarding-submit',
    auth: 'public',
  },
  // The seller's own listings (functions/listings/http/own): §7 createDraft, update, publishDraft,
  // show, query, open, close, stock.
  { method: 'GET', path: '/api/own-listings', handler: 'listings/http/own/list', auth: 'user' },
  { method: 'POST', path: '/api/own-listings', handler: 'listings/http/own/create', auth: 'user' },
  { method: 'GET', path: '/api/own-listings/{id}', handler: 'listings/http/own/show', auth: 'user' },
  { method: 'PATCH', path: '/api/own-listings/{id}', handler: 'listings/http/own/update', auth: 'user' },
  { method: 'DELETE', path: '/api/own-listings/{id}', handler: 'listings/http/own/delete', auth: 'user' },
  {
    method: 'POST',
    path: '/api/own-listings/{id}/publish',
    handler: 'listings/http/own/publish',
    auth: 'user',
  },
  { method: 'POST', path: '/api/own-listings/{id}/open', handler: 'listings/http/own/open', auth: 'user' },
  { method: 'POST', path: '/api/own-listings/{id}/close', handler: 'listings/http/own/close', auth: 'user' },
  { method: 'POST', path: '/api/own-listings/{id}/stock', handler: 'listings/http/own/stock', auth: 'user' },
  // Listing photos (functions/listings/http/images): presigned upload, attach, reorder, remove.
  {
    method: 'POST',
    path: '/api/own-listings/{id}/image-uploads',
    handler: 'listings/http/images/create-upload',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/api/own-listings/{id}/images',
    handler: 'listings/http/images/add',
    auth: 'user',
  },
  {
    method: 'PATCH',
    path: '/api/own-listings/{id}/images',
    handler: 'listings/http/images/reorder',
    auth: 'user',
  },
  {
    method: 'DELETE',
    path: '/api/own-listings/{id}/images/{imageId}',
    handler: 'listings/http/images/remove',
    auth: 'user',
  },
  // Orders (functions/orders): spec §7 transaction calls, JSON bodies.
  { method: 'POST', path: '/api/transaction-line-items', handler: 'orders/http/line-items', auth: 'user' },
  {
    method: 'POST',
    path: '/api/initiate-privileged',
    handler: 'orders/http/initiate-privileged',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/api/transition-privileged',
    handler: 'orders/http/transition-privileged',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/api/disburse-paypal-funds',
    handler: 'orders/http/disburse-paypal-funds',
    auth: 'user',
  },
  { method: 'POST', path: '/api/transactions', handler: 'orders/http/enquire', auth: 'user' },
  { method: 'GET', path: '/api/transactions', handler: 'orders/http/query', auth: 'user' },
  { method: 'GET', path: '/api/transactions/{id}', handler: 'orders/http/show', auth: 'user' },
  {
    method: 'POST',
    path: '/api/transactions/{id}/transition',
    handler: 'orders/http/transition',
    auth: 'user',
  },
  {
    method: 'GET',
    path: '/api/transactions/{id}/transitions',
    handler: 'orders/http/transitions',
    auth: 'user',
  },
  { method: 'GET', path: '/api/transactions/{id}/messages', handler: 'orders/http/messages', auth: 'user' },
  {
    method: 'POST',
    path: '/api/transactions/{id}/messages',
    handler: 'orders/http/send-message',
    auth: 'user',
  },
  { method: 'GET', path: '/api/me/notifications', handler: 'orders/http/notifications', auth: 'user' },
  {
    method: 'POST',
    path: '/api/create-paypal-order',
    handler: 'payments/paypal/http/create-order',
    auth: 'user',
  },
  { method: 'POST', path: '/api/get-paypal-order', handler: 'payments/paypal/http/get-order', auth: 'user' },
  {
    method: 'POST',
    path: '/api/simulated-stripe/payment-intents/{id}/confirm',
    handler: 'payments/stripe/http/simulated/confirm-payment-intent',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/api/simulated-paypal/orders/{id}/approve',
    handler: 'payments/paypal/http/simulated/approve-order',
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
