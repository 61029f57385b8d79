import type { SavedShippingAddress } from '../validation/addresses';
import type { ListingImage, PublicUser } from './types';

/**
 * Request and response shapes of the account API, shared by the handlers and the web app.
 * Sign-in, sign-out and token refresh go straight to Cognito from the browser (Amplify, loaded on
 * demand); everything that needs a server-side rule (validation, limits, profile) goes through here.
 */

/**
 * POST /api/auth/signup (public) → 201 { data: CurrentUser }. Errors: email-taken, validation-invalid-params,
 * too-many-requests (429, `DailyLimitMeta`: more than 5 sign-ups a day with this address).
 */
export interface SignupRequest {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * The 201 body of POST /api/auth/signup. The API sends the first verification e-mail itself (it
 * counts towards the 5 a day); `verificationEmailSent: false` means it could not, and the app
 * offers a resend (POST /api/auth/verification-email) instead.
 */
export interface SignupResponse {
  data: CurrentUser;
  meta: { verificationEmailSent: boolean };
}

/**
 * POST /api/auth/create-user-with-idp (user) → 201 { data: CurrentUser }: the profile of someone who
 * signed in with Google or Facebook (the Cognito user exists; the e-mail and its verified flag come
 * from Cognito). Errors: conflict (409: the caller has a profile already; checked before the body),
 * validation-invalid-params (the signup form's name messages).
 */
export interface IdpSignupRequest {
  firstName: string;
  lastName: string;
}

/** The identity providers the web app can offer (runtime config `idps`; only those configured in Cognito). */
export type IdentityProviderName = 'Google' | 'Facebook';

/**
 * POST /api/auth/password-reset (public) → 202. Errors: email-not-found, too-many-requests (429,
 * `DailyLimitMeta`: more than 5 a day for this address, whether or not it has an account).
 */
export interface PasswordResetRequest {
  email: string;
}
/** The 202 body of POST /api/auth/password-reset: where the code went (the 'check your e-mail' state). */
export interface PasswordResetRequested {
  email: string;
}

/** POST /api/auth/password-reset/confirm (public) → 204. Errors: validation-invalid-value (wrong or expired code). */
export interface PasswordResetConfirmRequest {
  email: string;
  passwordResetToken: string;
  newPassword: string;
}

/** POST /api/auth/change-password (user) → 204. Errors: validation-invalid-value (wrong current password). */
export interface PasswordChangeRequest {
  currentPassword: string;
  newPassword: string;
}

/**
 * POST /api/auth/verification-email (user) → 202: sends a new verification code.
 * Errors: email-too-many-verification-requests (more than 5 a day, or one already being sent).
 */

/**
 * `meta` of 429 too-many-requests from a daily limit (issue 25: enquiries, messages, password resets
 * and sign-ups per address; functions/lib/daily-limits.ts).
 */
export interface DailyLimitMeta {
  limit: number;
  period: 'day';
}

/** `meta` of email-too-many-verification-requests: which limit refused the send. */
export interface VerificationLimitMeta {
  /** 'daily-limit': 5 sent today (UTC); 'in-flight': another send for this user is still running. */
  reason: 'daily-limit' | 'in-flight';
  limit: number;
}

/** POST /api/auth/verify-email (user) → 200 { data: CurrentUser }. Errors: validation-invalid-value. */
export interface VerifyEmailRequest {
  verificationToken: string;
}

/**
 * POST /api/me/email (user) → 200 { data: CurrentUser }: needs the current password; re-verification follows.
 * Each change counts as a verification e-mail: email-too-many-verification-requests past 5 a day.
 */
export interface EmailChangeRequest {
  email: string;
  currentPassword: string;
}

/** PATCH /api/me (user) → 200 { data: CurrentUser }. Every field optional; text is sanitised server-side. */
export interface ProfileUpdateRequest {
  firstName?: string;
  lastName?: string;
  displayName?: string;
  bio?: string;
  /** protectedData.phoneNumber; empty string removes it. */
  phoneNumber?: string;
  /** The saved shipping address (the whole address; null removes it). */
  shippingAddress?: SavedShippingAddress | null;
  /** The e-mails the user wants; either flag may be given alone. Booleans only, else 400. */
  notificationSettings?: Partial<NotificationSettings>;
  /** The missing-information modal was closed (§4): it does not open again. */
  seenMissingInformation?: true;
}

/**
 * Which optional e-mails a user gets: mails about new messages (batched, at most one per
 * conversation per 15 minutes) and reminders (ship, report a problem). Order mails always go.
 * Both are on when the user never chose.
 */
export interface NotificationSettings {
  messages: boolean;
  reminders: boolean;
}

export const defaultNotificationSettings: NotificationSettings = { messages: true, reminders: true };

/**
 * POST /api/me/avatar-uploads (user) → 201: a presigned POST; the browser sends multipart/form-data
 * to `url` with every field of `fields`, then the file last. Errors: request-upload-over-limit,
 * validation-invalid-value.
 */
export interface AvatarUploadRequest {
  contentType: string;
  size: number;
}
export interface AvatarUpload {
  uploadId: string;
  url: string;
  fields: Record<string, string>;
}

/** PUT /api/me/avatar (user) { uploadId } → 200 { data: CurrentUser } once the variants are made. */
export interface AvatarSetRequest {
  uploadId: string;
}

/** Avatar variants (§7): square-xsmall 40×40, square-xsmall2x 80×80, square-small 240×240, square-small2x 480×480. */
export type AvatarVariantName = 'square-xsmall' | 'square-xsmall2x' | 'square-small' | 'square-small2x';
export interface ProfileImage {
  id: string;
  variants: Partial<Record<AvatarVariantName, { width: number; height: number; url: string }>>;
}

/** The only scope of an operator's limited session (spec §2: impersonation with limited rights). */
export const limitedScope = 'user:limited';

import type { CurrentUserPayments } from './payments';

/** GET /api/me (user) → { data: CurrentUser }: the spec's currentUser. */
export interface CurrentUser {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  displayName: string;
  abbreviatedName: string;
  bio?: string;
  phoneNumber?: string;
  /** The last shipping address used (or saved on the contact details page): the checkout starts from it. */
  shippingAddress?: SavedShippingAddress;
  profileImage?: ProfileImage;
  /** The session is an operator's limited one (scope user:limited only). */
  limited?: boolean;
  createdAt: string;
  /** Payouts, saved card, PayPal state and the missing-information flag (shared/api/payments.ts). */
  payments?: CurrentUserPayments;
  /** The optional e-mails; always in the API's answer (defaults filled in). */
  notificationSettings?: NotificationSettings;
  /** `GET /api/me` only: the user has a listing (drafts too) / an order as a buyer (spec §3 user state). */
  hasListings?: boolean;
  hasOrders?: boolean;
}

/** GET /api/users/{id} and a listing's author: the spec's user, with the avatar when there is one. */
export interface PublicProfile extends PublicUser {
  profileImage?: ProfileImage;
  /** GET /api/users/{id} only: what a buyer weighs before trusting a seller (issue 24). */
  figures?: SellerFigures;
}

/** A user's record as a seller: the seller card on the listing page and the top of the profile. */
export interface SellerFigures {
  /** The average of the published reviews of the user as a seller, to one decimal; none without reviews. */
  averageRating?: number;
  /** Published reviews of the user as a seller. */
  reviewCount: number;
  /** Sales the buyer received (received, completed or reviewed). */
  completedSales: number;
  /** The month the account was made, `YYYY-MM` (only the month is public). */
  memberSince?: string;
}

export type { ListingImage };
