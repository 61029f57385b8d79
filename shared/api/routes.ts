/**
 * The API's routes by name: method, path and who may call it. The one list the server's route
 * table (functions/routes.ts: each name's handler), CDK, the local gateway and the web client
 * (web/src/api/: calls by name, typed by ./contracts.ts) read, so a path is written once. A path parameter `{name+}` as the
 * last segment is greedy (API Gateway's `{proxy+}`): it takes the rest of the path, slashes
 * included, and arrives as `pathParameters.name`.
 */
export type RouteAuth = 'public' | 'user';
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: ApiMethod;
  path: `/api/${string}`;
  auth: RouteAuth;
}

export const apiRoutes = {
  searchListings: { method: 'GET', path: '/api/listings', auth: 'public' },
  showListing: { method: 'GET', path: '/api/listings/{id}', auth: 'public' },
  showUser: { method: 'GET', path: '/api/users/{id}', auth: 'public' },
  userListings: { method: 'GET', path: '/api/users/{id}/listings', auth: 'public' },
  userReviews: { method: 'GET', path: '/api/users/{id}/reviews', auth: 'public' },
  hostedAsset: { method: 'GET', path: '/api/assets/{version}/{path+}', auth: 'public' },
  searchPlaces: { method: 'GET', path: '/api/places', auth: 'public' },
  staticMap: { method: 'GET', path: '/api/static-map', auth: 'public' },
  me: { method: 'GET', path: '/api/me', auth: 'user' },
  updateMe: { method: 'PATCH', path: '/api/me', auth: 'user' },
  changeEmail: { method: 'POST', path: '/api/me/email', auth: 'user' },
  createAvatarUpload: { method: 'POST', path: '/api/me/avatar-uploads', auth: 'user' },
  setAvatar: { method: 'PUT', path: '/api/me/avatar', auth: 'user' },
  signup: { method: 'POST', path: '/api/auth/signup', auth: 'public' },
  createUserWithIdp: { method: 'POST', path: '/api/auth/create-user-with-idp', auth: 'user' },
  requestPasswordReset: { method: 'POST', path: '/api/auth/password-reset', auth: 'public' },
  confirmPasswordReset: { method: 'POST', path: '/api/auth/password-reset/confirm', auth: 'public' },
  changePassword: { method: 'POST', path: '/api/auth/change-password', auth: 'user' },
  sendVerificationEmail: { method: 'POST', path: '/api/auth/verification-email', auth: 'user' },
  verifyEmail: { method: 'POST', path: '/api/auth/verify-email', auth: 'user' },
  klaviyoUpdateProfile: { method: 'POST', path: '/api/klaviyo/update-profile', auth: 'user' },
  klaviyoTrackEvent: { method: 'POST', path: '/api/klaviyo/track-event', auth: 'user' },
  // Stripe: payouts (Connect) and the saved card (functions/payments/stripe/http,
  // docs/payments.md).
  stripeAccount: { method: 'GET', path: '/api/stripe/account', auth: 'user' },
  createStripeAccount: { method: 'POST', path: '/api/stripe/account', auth: 'user' },
  updateStripeAccount: { method: 'PATCH', path: '/api/stripe/account', auth: 'user' },
  createStripeAccountLink: { method: 'POST', path: '/api/stripe/account-links', auth: 'user' },
  createSetupIntent: { method: 'POST', path: '/api/stripe/setup-intents', auth: 'user' },
  savePaymentMethod: { method: 'PUT', path: '/api/me/payment-method', auth: 'user' },
  deletePaymentMethod: { method: 'DELETE', path: '/api/me/payment-method', auth: 'user' },
  stripeWebhook: { method: 'POST', path: '/api/webhooks/stripe', auth: 'public' },
  // The simulated Stripe (no keys): Stripe.js and hosted onboarding stand-ins; 404 with the real provider.
  simulatedStripeToken: { method: 'POST', path: '/api/simulated-stripe/tokens', auth: 'user' },
  simulatedStripeConfirmSetupIntent: {
    method: 'POST',
    path: '/api/simulated-stripe/setup-intents/{id}/confirm',
    auth: 'user',
  },
  simulatedStripeOnboardingPage: { method: 'GET', path: '/api/simulated-stripe/onboarding', auth: 'public' },
  simulatedStripeSubmitOnboarding: {
    method: 'POST',
    path: '/api/simulated-stripe/onboarding',
    auth: 'public',
  },
  // PayPal: the spec's onboarding calls, offboarding, webhooks and the simulated PayPal's page.
  paypalOnboardingLink: { method: 'POST', path: '/api/get-paypal-onboarding-link', auth: 'user' },
  paypalMerchantId: { method: 'POST', path: '/api/get-paypal-merchant-id', auth: 'user' },
  paypalOnboardingStatus: { method: 'POST', path: '/api/get-paypal-onboarding-status', auth: 'user' },
  paypalOffboard: { method: 'POST', path: '/api/paypal/offboard', auth: 'user' },
  paypalWebhook: { method: 'POST', path: '/api/webhooks/paypal', auth: 'public' },
  simulatedPaypalOnboardingPage: { method: 'GET', path: '/api/simulated-paypal/onboarding', auth: 'public' },
  simulatedPaypalSubmitOnboarding: {
    method: 'POST',
    path: '/api/simulated-paypal/onboarding',
    auth: 'public',
  },
  // The seller's own listings (functions/listings/http/own): §7 createDraft, update, publishDraft,
  // show, query, open, close, stock.
  ownListings: { method: 'GET', path: '/api/own-listings', auth: 'user' },
  createDraft: { method: 'POST', path: '/api/own-listings', auth: 'user' },
  ownListing: { method: 'GET', path: '/api/own-listings/{id}', auth: 'user' },
  updateListing: { method: 'PATCH', path: '/api/own-listings/{id}', auth: 'user' },
  deleteListing: { method: 'DELETE', path: '/api/own-listings/{id}', auth: 'user' },
  publishDraft: { method: 'POST', path: '/api/own-listings/{id}/publish', auth: 'user' },
  openListing: { method: 'POST', path: '/api/own-listings/{id}/open', auth: 'user' },
  closeListing: { method: 'POST', path: '/api/own-listings/{id}/close', auth: 'user' },
  setStock: { method: 'POST', path: '/api/own-listings/{id}/stock', auth: 'user' },
  // Listing photos (functions/listings/http/images): presigned upload, attach, reorder, remove.
  createImageUpload: { method: 'POST', path: '/api/own-listings/{id}/image-uploads', auth: 'user' },
  addImage: { method: 'POST', path: '/api/own-listings/{id}/images', auth: 'user' },
  reorderImages: { method: 'PATCH', path: '/api/own-listings/{id}/images', auth: 'user' },
  removeImage: { method: 'DELETE', path: '/api/own-listings/{id}/images/{imageId}', auth: 'user' },
  // Orders (functions/orders): spec §7 transaction calls, JSON bodies.
  lineItems: { method: 'POST', path: '/api/transaction-line-items', auth: 'user' },
  initiatePrivileged: { method: 'POST', path: '/api/initiate-privileged', auth: 'user' },
  transitionPrivileged: { method: 'POST', path: '/api/transition-privileged', auth: 'user' },
  disbursePaypalFunds: { method: 'POST', path: '/api/disburse-paypal-funds', auth: 'user' },
  enquire: { method: 'POST', path: '/api/transactions', auth: 'user' },
  transactions: { method: 'GET', path: '/api/transactions', auth: 'user' },
  transaction: { method: 'GET', path: '/api/transactions/{id}', auth: 'user' },
  transition: { method: 'POST', path: '/api/transactions/{id}/transition', auth: 'user' },
  transitionsOf: { method: 'GET', path: '/api/transactions/{id}/transitions', auth: 'user' },
  messages: { method: 'GET', path: '/api/transactions/{id}/messages', auth: 'user' },
  sendMessage: { method: 'POST', path: '/api/transactions/{id}/messages', auth: 'user' },
  notifications: { method: 'GET', path: '/api/me/notifications', auth: 'user' },
  createPaypalOrder: { method: 'POST', path: '/api/create-paypal-order', auth: 'user' },
  paypalOrder: { method: 'POST', path: '/api/get-paypal-order', auth: 'user' },
  simulatedStripeConfirmPaymentIntent: {
    method: 'POST',
    path: '/api/simulated-stripe/payment-intents/{id}/confirm',
    auth: 'user',
  },
  simulatedPaypalApproveOrder: {
    method: 'POST',
    path: '/api/simulated-paypal/orders/{id}/approve',
    auth: 'user',
  },
  // A dispute's photos (issue 25): a presigned POST into the private evidence prefix.
  createDisputePhotoUpload: {
    method: 'POST',
    path: '/api/transactions/{id}/dispute-photo-uploads',
    auth: 'user',
  },
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof apiRoutes;

/** The parameter names of a path template: `/api/listings/{id}/images/{imageId}` → `id | imageId`. */
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? (Name extends `${infer Greedy}+` ? Greedy : Name) | ParamNames<Rest>
  : never;

/** The path parameters route `N` needs, by name. */
export type PathParams<N extends ApiRouteName> = Record<ParamNames<(typeof apiRoutes)[N]['path']>, string>;

/** `[params]` for a route with path parameters, `[]` for one without. */
export type PathArgs<N extends ApiRouteName> = [ParamNames<(typeof apiRoutes)[N]['path']>] extends [never]
  ? []
  : [params: PathParams<N>];

/** One call's target: a named route with its path filled in (`route('showListing', { id })`). */
export interface RouteTarget<N extends ApiRouteName = ApiRouteName> {
  name: N;
  method: ApiMethod;
  path: string;
}

export function route<N extends ApiRouteName>(name: N, ...params: PathArgs<N>): RouteTarget<N> {
  return { name, method: apiRoutes[name].method, path: apiPath(name, ...params) };
}

/**
 * Route `name`'s path with its parameters filled in, each encoded (a greedy one segment by
 * segment, its slashes kept): `apiPath('showListing', { id })` → `/api/listings/<id>`.
 */
export function apiPath<N extends ApiRouteName>(name: N, ...[params]: PathArgs<N>): string {
  const values = (params ?? {}) as Record<string, string>;
  return apiRoutes[name].path.replace(/\{(\w+)(\+?)\}/g, (_match, key: string, greedy: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`${name}: no value for the path parameter ${key}`);
    return greedy ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
}
