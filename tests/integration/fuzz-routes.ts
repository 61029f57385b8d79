import type { ApiContracts } from '../../shared/api/contracts';
import { type ApiRouteName, apiRoutes } from '../../shared/api/routes';
import { searchFilters } from '../../shared/config/search-filters';

/**
 * What the fuzz suite (fuzz.test.ts) needs to know of each route beyond shared/api/routes.ts: the
 * fields of its request body and the query parameters it reads. The table is typed by the route
 * table and the contracts, so a new route does not compile until it is here (and is then fuzzed),
 * and a body field that is not in the contract does not compile either. Kept apart from the
 * authorization suite's helpers on purpose (each suite states its own view of the routes).
 */

/** The top-level keys of a request body type (every member of a union; any name for `unknown`). */
type FieldsOf<B> = unknown extends B
  ? string
  : B extends undefined
    ? never
    : B extends readonly unknown[]
      ? never
      : B extends object
        ? Extract<keyof B, string>
        : never;

export interface RouteShape<N extends ApiRouteName> {
  /** The body's top-level fields; empty for routes without a body. */
  fields: readonly FieldsOf<ApiContracts[N]['body']>[];
  /** The query string parameters the handler reads. */
  query: readonly string[];
}

const pageQuery = ['page', 'perPage'] as const;
const searchQuery = [
  'keywords',
  'sort',
  'bounds',
  'origin',
  'address',
  ...pageQuery,
  ...searchFilters.map((filter) => filter.queryParamNames[0]),
];
const onboardingQuery = ['trackingId', 'returnUrl', 'expires', 'sig', 'account', 'link'];
const listingChanges = [
  'title',
  'description',
  'category',
  'condition',
  'brand',
  'size',
  'model',
  'year',
  'colour',
  'frameSizeCm',
  'price',
  'pickupEnabled',
  'shippingEnabled',
  'shipsTo',
  'location',
  'geolocation',
  'shippingFee',
  'features',
] as const;
const orderFields = ['listingId', 'orderData', 'checkoutKey'] as const;
const none = { fields: [], query: [] } as const;
const upload = { fields: ['contentType', 'size'], query: [] } as const;
const cardFields = ['number', 'expMonth', 'expYear', 'cvc', 'postalCode', 'authenticate'] as const;

export const routeShapes: { [N in ApiRouteName]: RouteShape<N> } = {
  searchListings: { fields: [], query: searchQuery },
  showListing: none,
  showUser: none,
  userListings: { fields: [], query: pageQuery },
  userReviews: { fields: [], query: ['type'] },
  hostedAsset: none,
  searchPlaces: { fields: [], query: ['q', 'bounds', 'limit'] },
  staticMap: { fields: [], query: ['center', 'zoom', 'width', 'height', 'scale', 'marker'] },
  me: none,
  updateMe: {
    fields: [
      'firstName',
      'lastName',
      'displayName',
      'bio',
      'phoneNumber',
      'shippingAddress',
      'notificationSettings',
      'seenMissingInformation',
    ],
    query: [],
  },
  changeEmail: { fields: ['email', 'currentPassword'], query: [] },
  createAvatarUpload: upload,
  setAvatar: { fields: ['uploadId'], query: [] },
  signup: { fields: ['email', 'password', 'firstName', 'lastName'], query: [] },
  createUserWithIdp: { fields: ['firstName', 'lastName'], query: [] },
  requestPasswordReset: { fields: ['email'], query: [] },
  confirmPasswordReset: { fields: ['email', 'passwordResetToken', 'newPassword'], query: [] },
  changePassword: { fields: ['currentPassword', 'newPassword'], query: [] },
  sendVerificationEmail: none,
  verifyEmail: { fields: ['verificationToken'], query: [] },
  klaviyoUpdateProfile: none,
  klaviyoTrackEvent: { fields: ['pathname'], query: [] },
  stripeAccount: none,
  createStripeAccount: {
    fields: ['country', 'accountType', 'accountToken', 'bankAccountToken'],
    query: [],
  },
  updateStripeAccount: { fields: ['bankAccountToken'], query: [] },
  createStripeAccountLink: { fields: ['type', 'failureURL', 'successURL'], query: [] },
  createSetupIntent: none,
  savePaymentMethod: { fields: ['stripePaymentMethodId'], query: [] },
  deletePaymentMethod: none,
  stripeWebhook: { fields: ['id', 'type', 'data', 'object', 'created'], query: [] },
  simulatedStripeToken: {
    fields: ['kind', 'country', 'currency', 'fields', 'businessType', 'tosShownAndAccepted'],
    query: [],
  },
  simulatedStripeConfirmSetupIntent: { fields: cardFields, query: [] },
  simulatedStripeOnboardingPage: { fields: [], query: onboardingQuery },
  simulatedStripeSubmitOnboarding: { fields: ['account', 'link', 'action'], query: onboardingQuery },
  paypalOnboardingLink: { fields: ['trackingId'], query: [] },
  paypalMerchantId: { fields: ['trackingId'], query: [] },
  paypalOnboardingStatus: { fields: ['merchantId', 'updateUserMaybe'], query: [] },
  paypalOffboard: none,
  paypalWebhook: { fields: ['id', 'event_type', 'resource', 'create_time'], query: [] },
  simulatedPaypalOnboardingPage: { fields: [], query: onboardingQuery },
  simulatedPaypalSubmitOnboarding: { fields: ['trackingId', 'action'], query: onboardingQuery },
  ownListings: { fields: [], query: pageQuery },
  createDraft: { fields: listingChanges, query: [] },
  ownListing: none,
  updateListing: { fields: listingChanges, query: [] },
  deleteListing: none,
  publishDraft: none,
  openListing: none,
  closeListing: none,
  setStock: { fields: ['oldTotal', 'newTotal'], query: [] },
  createImageUpload: upload,
  addImage: { fields: ['uploadId'], query: [] },
  reorderImages: { fields: ['order'], query: [] },
  removeImage: none,
  lineItems: { fields: ['listingId', 'orderData', 'paymentMethod'], query: [] },
  initiatePrivileged: { fields: ['isSpeculative', 'checkoutKey', 'bodyParams'], query: [] },
  transitionPrivileged: {
    fields: ['transactionId', 'transition', 'isSpeculative', 'expectedVersion', 'params'],
    query: [],
  },
  disbursePaypalFunds: { fields: ['paypalTransactionId', 'sharetribeTransactionId'], query: [] },
  enquire: { fields: ['transition', 'params', 'checkoutKey'], query: [] },
  transactions: { fields: [], query: [...pageQuery, 'only'] },
  transaction: none,
  transition: { fields: ['transition', 'expectedVersion', 'params'], query: [] },
  transitionsOf: none,
  messages: { fields: [], query: pageQuery },
  sendMessage: { fields: ['content'], query: [] },
  notifications: none,
  createPaypalOrder: {
    fields: [
      ...orderFields,
      'subtotal',
      'item_total',
      'shipping',
      'tax',
      'platform_fee',
      'currency',
      'payee',
    ],
    query: [],
  },
  paypalOrder: { fields: ['orderId'], query: [] },
  simulatedStripeConfirmPaymentIntent: { fields: [...cardFields, 'paymentMethodId'], query: [] },
  simulatedPaypalApproveOrder: { fields: ['action'], query: [] },
  createDisputePhotoUpload: upload,
};

/**
 * Routes whose answers are pages for a browser (the simulated providers' hosted pages): their
 * non-2xx answers may be HTML; a JSON answer must still be the catalogue's shape.
 */
export const browserPageRoutes: ReadonlySet<ApiRouteName> = new Set([
  'simulatedStripeOnboardingPage',
  'simulatedStripeSubmitOnboarding',
  'simulatedPaypalOnboardingPage',
  'simulatedPaypalSubmitOnboarding',
]);

/** The names of a route's path parameters, in order (`{path+}` → `path`). */
export function pathParamNames(name: ApiRouteName): string[] {
  return [...apiRoutes[name].path.matchAll(/\{(\w+)\+?\}/g)].map((match) => match[1]!);
}

/** Whether the route takes a request body (GET never does; fetch and API Gateway drop it). */
export function takesBody(name: ApiRouteName): boolean {
  return apiRoutes[name].method !== 'GET';
}

/**
 * A route's path with each parameter replaced by its raw (already encoded) text: the fuzz sends
 * paths exactly as written, so it can send what `apiPath` would have encoded.
 */
export function rawPath(name: ApiRouteName, rawParams: Record<string, string>): string {
  return apiRoutes[name].path.replace(/\{(\w+)\+?\}/g, (_match, key: string) => rawParams[key] ?? '');
}
