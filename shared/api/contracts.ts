/**
 * What each named API route (./routes.ts) takes and answers: `body` is its JSON request body
 * (`undefined`: it takes none), `response` its JSON answer (`void`: none the caller reads). The web
 * client types every call from this table, so a body of the wrong shape or a misread answer does
 * not compile. Routes only providers call (webhooks, the simulated providers' hosted pages) answer
 * `unknown`: nothing in the app reads them.
 */

import type { Place } from '../maps';
import type {
  AvatarSetRequest,
  AvatarUpload,
  AvatarUploadRequest,
  CurrentUser,
  EmailChangeRequest,
  IdpSignupRequest,
  PasswordChangeRequest,
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  PasswordResetRequested,
  ProfileUpdateRequest,
  PublicProfile,
  SignupRequest,
  SignupResponse,
  VerifyEmailRequest,
} from './account';
import type {
  PaypalLink,
  PaypalOnboardingStatus,
  SavedCard,
  SavePaymentMethodRequest,
  SetupIntentView,
  SimulatedCardRequest,
  SimulatedTokenRequest,
  StripeAccountCreateRequest,
  StripeAccountLinkRequest,
  StripeAccountUpdateRequest,
  StripeAccountView,
} from './payments';
import type { ApiRouteName } from './routes';
import type {
  AllowedTransitionView,
  CreatePaypalOrderRequest,
  DisbursePaypalFundsRequest,
  EnquireRequest,
  GetPaypalOrderRequest,
  InitiateAnswer,
  InitiateRequest,
  LineItemsAnswer,
  LineItemsRequest,
  MessageView,
  NotificationsView,
  PaypalOrderView,
  PublicReview,
  SendMessageRequest,
  TransactionPage,
  TransactionRow,
  TransactionShow,
  TransactionView,
  TransitionPrivilegedRequest,
  TransitionRequest,
  UserReviewsMeta,
} from './transactions';
import type {
  Listing,
  ListingImage,
  ListingSummary,
  OwnListing,
  OwnListingChanges,
  Page,
  SearchPage,
} from './types';

/** Most answers: `{ data }`. */
export type Data<T> = { data: T };

/** A route without a request body, answering `R`. */
interface Get<R> {
  body: undefined;
  response: R;
}
/** A route taking body `B`, answering `R`. */
interface Send<B, R> {
  body: B;
  response: R;
}

/** A hosted asset (`GET /api/assets/{version}/{path}`): its JSON and the version it came from. */
export interface HostedAsset<T> {
  data: T;
  meta: { version: string };
}

/** PayPal's partner calls answer in PayPal's own shape, or wrapped in `{ data }` (the spec allows both). */
type PaypalAnswer<T> = T & { data?: T };

interface ContractTable {
  searchListings: Get<SearchPage>;
  showListing: Get<Data<Listing>>;
  showUser: Get<Data<PublicProfile>>;
  userListings: Get<Page<ListingSummary>>;
  userReviews: Get<{ data: PublicReview[]; meta: UserReviewsMeta }>;
  hostedAsset: Get<HostedAsset<unknown>>;
  searchPlaces: Get<Data<Place[]>>;
  staticMap: Get<unknown>;
  me: Get<Data<CurrentUser>>;
  updateMe: Send<ProfileUpdateRequest, Data<CurrentUser>>;
  changeEmail: Send<EmailChangeRequest, Data<CurrentUser>>;
  createAvatarUpload: Send<AvatarUploadRequest, AvatarUpload | Data<AvatarUpload>>;
  setAvatar: Send<AvatarSetRequest, Data<CurrentUser>>;
  signup: Send<SignupRequest, SignupResponse>;
  createUserWithIdp: Send<IdpSignupRequest, Data<CurrentUser>>;
  requestPasswordReset: Send<PasswordResetRequest, Data<PasswordResetRequested> | undefined>;
  confirmPasswordReset: Send<PasswordResetConfirmRequest, void>;
  changePassword: Send<PasswordChangeRequest, void>;
  sendVerificationEmail: Get<void>;
  verifyEmail: Send<VerifyEmailRequest, Data<CurrentUser>>;
  klaviyoUpdateProfile: Get<void>;
  klaviyoTrackEvent: Send<{ pathname: string }, void>;
  stripeAccount: Get<Data<StripeAccountView | null> | undefined>;
  createStripeAccount: Send<StripeAccountCreateRequest, Data<StripeAccountView>>;
  updateStripeAccount: Send<StripeAccountUpdateRequest, Data<StripeAccountView>>;
  createStripeAccountLink: Send<StripeAccountLinkRequest, Data<{ url: string }>>;
  createSetupIntent: Get<Data<SetupIntentView>>;
  savePaymentMethod: Send<SavePaymentMethodRequest, Data<SavedCard>>;
  deletePaymentMethod: Get<void>;
  stripeWebhook: Send<unknown, unknown>;
  simulatedStripeToken: Send<SimulatedTokenRequest, Data<{ id: string }>>;
  simulatedStripeConfirmSetupIntent: Send<
    SimulatedCardRequest,
    Data<{ paymentMethodId: string; status: string }>
  >;
  simulatedStripeOnboardingPage: Get<unknown>;
  simulatedStripeSubmitOnboarding: Send<unknown, unknown>;
  paypalOnboardingLink: Send<{ trackingId: string }, PaypalAnswer<{ links?: PaypalLink[] }>>;
  paypalMerchantId: Send<{ trackingId: string }, PaypalAnswer<{ merchant_id?: string }>>;
  paypalOnboardingStatus: Send<
    { merchantId: string; updateUserMaybe?: boolean },
    PaypalAnswer<PaypalOnboardingStatus>
  >;
  paypalOffboard: Get<void>;
  paypalWebhook: Send<unknown, unknown>;
  simulatedPaypalOnboardingPage: Get<unknown>;
  simulatedPaypalSubmitOnboarding: Send<unknown, unknown>;
  ownListings: Get<Page<OwnListing>>;
  createDraft: Send<OwnListingChanges, Data<OwnListing>>;
  ownListing: Get<Data<OwnListing>>;
  updateListing: Send<OwnListingChanges, Data<OwnListing>>;
  deleteListing: Get<void>;
  publishDraft: Get<Data<OwnListing>>;
  openListing: Get<Data<OwnListing>>;
  closeListing: Get<Data<OwnListing>>;
  setStock: Send<{ oldTotal: number; newTotal: number }, Data<OwnListing>>;
  createImageUpload: Send<AvatarUploadRequest, Data<AvatarUpload>>;
  addImage: Send<{ uploadId: string }, Data<ListingImage[]>>;
  reorderImages: Send<{ order: readonly string[] }, Data<ListingImage[]>>;
  removeImage: Get<Data<ListingImage[]>>;
  lineItems: Send<LineItemsRequest, Data<LineItemsAnswer>>;
  initiatePrivileged: Send<InitiateRequest, Data<InitiateAnswer>>;
  transitionPrivileged: Send<TransitionPrivilegedRequest, Data<InitiateAnswer>>;
  disbursePaypalFunds: Send<DisbursePaypalFundsRequest, Data<{ paypalDisbursementId: string }>>;
  enquire: Send<EnquireRequest, Data<TransactionView>>;
  transactions: Get<TransactionPage<TransactionRow>>;
  transaction: Get<Data<TransactionShow>>;
  transition: Send<TransitionRequest, Data<TransactionView>>;
  transitionsOf: Get<Data<AllowedTransitionView[]>>;
  messages: Get<TransactionPage<MessageView>>;
  sendMessage: Send<SendMessageRequest, Data<MessageView>>;
  notifications: Get<Data<NotificationsView>>;
  createPaypalOrder: Send<CreatePaypalOrderRequest, Data<PaypalOrderView>>;
  paypalOrder: Send<GetPaypalOrderRequest, Data<PaypalOrderView>>;
  simulatedStripeConfirmPaymentIntent: Send<
    SimulatedCardRequest | { paymentMethodId: string },
    Data<{ id: string; status: string; paymentMethodId?: string }>
  >;
  simulatedPaypalApproveOrder: Send<{ action: 'approve' | 'cancel' }, Data<PaypalOrderView>>;
  createDisputePhotoUpload: Send<AvatarUploadRequest, Data<AvatarUpload>>;
}

/** Every named route has a contract and every contract names a route (else this does not compile). */
type Complete<T extends Record<ApiRouteName, { body: unknown; response: unknown }>> =
  Exclude<keyof T, ApiRouteName> extends never ? T : never;
export type ApiContracts = Complete<ContractTable>;

export type RequestBody<N extends ApiRouteName> = ApiContracts[N]['body'];
export type ResponseBody<N extends ApiRouteName> = ApiContracts[N]['response'];
