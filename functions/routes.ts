import { type ApiRoute, type ApiRouteName, apiRoutes, type RouteAuth } from '../shared/api/routes';

/**
 * The route table: each named API route (shared/api/routes.ts: method, path, auth) with the handler
 * that serves it. The CDK API stack makes one Lambda and one HTTP API route per entry; the local
 * gateway serves the same entries with the same modules. `handler` is a module under functions/
 * (without .ts) that exports `handler`.
 */
export type { RouteAuth };

export interface Route extends ApiRoute {
  handler: string;
}

/** Each route's handler module: a route without one does not compile. */
export const routeHandlers = {
  searchListings: 'listings/http/search',
  showListing: 'listings/http/show',
  showUser: 'accounts/http/show',
  userListings: 'listings/http/by-author',
  userReviews: 'accounts/http/reviews',
  hostedAsset: 'content/http/get-asset',
  searchPlaces: 'places/http/search',
  staticMap: 'places/http/static-map',
  me: 'accounts/http/me',
  updateMe: 'accounts/http/update-me',
  changeEmail: 'accounts/http/change-email',
  createAvatarUpload: 'accounts/http/create-avatar-upload',
  setAvatar: 'accounts/http/set-avatar',
  signup: 'accounts/http/signup',
  createUserWithIdp: 'accounts/http/create-user-with-idp',
  requestPasswordReset: 'accounts/http/request-password-reset',
  confirmPasswordReset: 'accounts/http/confirm-password-reset',
  changePassword: 'accounts/http/change-password',
  sendVerificationEmail: 'accounts/http/send-verification-email',
  verifyEmail: 'accounts/http/verify-email',
  klaviyoUpdateProfile: 'accounts/http/update-profile',
  klaviyoTrackEvent: 'accounts/http/track-event',
  // Stripe: payouts (Connect) and the saved card (functions/payments/stripe/http,
  // docs/payments.md).
  stripeAccount: 'payments/stripe/http/get-account',
  createStripeAccount: 'payments/stripe/http/create-account',
  updateStripeAccount: 'payments/stripe/http/update-account',
  createStripeAccountLink: 'payments/stripe/http/create-account-link',
  createSetupIntent: 'payments/stripe/http/create-setup-intent',
  savePaymentMethod: 'payments/stripe/http/save-payment-method',
  deletePaymentMethod: 'payments/stripe/http/delete-payment-method',
  stripeWebhook: 'payments/stripe/http/webhook',
  // The simulated Stripe (no keys): Stripe.js and hosted onboarding stand-ins; 404 with the real provider.
  simulatedStripeToken: 'payments/stripe/http/simulated/create-token',
  simulatedStripeConfirmSetupIntent: 'payments/stripe/http/simulated/confirm-setup-intent',
  simulatedStripeOnboardingPage: 'payments/stripe/http/simulated/onboarding-page',
  simulatedStripeSubmitOnboarding: 'payments/stripe/http/simulated/submit-onboarding',
  // PayPal: the spec's onboarding calls, offboarding, webhooks and the simulated PayPal's page.
  paypalOnboardingLink: 'payments/paypal/http/get-onboarding-link',
  paypalMerchantId: 'payments/paypal/http/get-merchant-id',
  paypalOnboardingStatus: 'payments/paypal/http/get-onboarding-status',
  paypalOffboard: 'payments/paypal/http/offboard',
  paypalWebhook: 'payments/paypal/http/webhook',
  simulatedPaypalOnboardingPage: 'payments/paypal/http/simulated/onboarding-page',
  simulatedPaypalSubmitOnboarding: 'payments/paypal/http/simulated/onboarding-submit',
  // The seller's own listings (functions/listings/http/own): §7 createDraft, update, publishDraft,
  // show, query, open, close, stock.
  ownListings: 'listings/http/own/list',
  createDraft: 'listings/http/own/create',
  ownListing: 'listings/http/own/show',
  updateListing: 'listings/http/own/update',
  deleteListing: 'listings/http/own/delete',
  publishDraft: 'listings/http/own/publish',
  openListing: 'listings/http/own/open',
  closeListing: 'listings/http/own/close',
  setStock: 'listings/http/own/stock',
  // Listing photos (functions/listings/http/images): presigned upload, attach, reorder, remove.
  createImageUpload: 'listings/http/images/create-upload',
  addImage: 'listings/http/images/add',
  reorderImages: 'listings/http/images/reorder',
  removeImage: 'listings/http/images/remove',
  // Orders (functions/orders): spec §7 transaction calls, JSON bodies.
  lineItems: 'orders/http/line-items',
  initiatePrivileged: 'orders/http/initiate-privileged',
  transitionPrivileged: 'orders/http/transition-privileged',
  disbursePaypalFunds: 'orders/http/disburse-paypal-funds',
  enquire: 'orders/http/enquire',
  transactions: 'orders/http/query',
  transaction: 'orders/http/show',
  transition: 'orders/http/transition',
  transitionsOf: 'orders/http/transitions',
  messages: 'orders/http/messages',
  sendMessage: 'orders/http/send-message',
  notifications: 'orders/http/notifications',
  createPaypalOrder: 'payments/paypal/http/create-order',
  paypalOrder: 'payments/paypal/http/get-order',
  simulatedStripeConfirmPaymentIntent: 'payments/stripe/http/simulated/confirm-payment-intent',
  simulatedPaypalApproveOrder: 'payments/paypal/http/simulated/approve-order',
  createDisputePhotoUpload: 'orders/http/create-dispute-photo-upload',
} as const satisfies Record<ApiRouteName, string>;

/** The route table as one list of `{ method, path, handler, auth }` (CDK, the local gateway, tools). */
export const routes: readonly Route[] = (Object.keys(apiRoutes) as ApiRouteName[]).map((name) => ({
  ...apiRoutes[name],
  handler: routeHandlers[name],
}));

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
