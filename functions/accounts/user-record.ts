import {
  type CurrentUser,
  defaultNotificationSettings,
  type NotificationSettings,
  type ProfileImage,
  type PublicProfile,
} from '../../shared/api/account';
import type {
  CurrentUserPayments,
  PaypalStateView,
  SavedCard,
  StripeAccountView,
} from '../../shared/api/payments';
import { payoutReadyOf } from '../../shared/payouts';
import { abbreviatedName } from '../../shared/text/names';
import type { SavedShippingAddress } from '../../shared/validation/addresses';
import { keys } from '../lib/table-design';

/** A user's profile item. The Cognito `sub` is the user id. Private fields never leave through toPublicUser. */
export interface UserRecord {
  PK: string;
  SK: string;
  entity: 'user';
  id: string;
  email: string;
  /** Set by POST /api/auth/verify-email; false after sign-up and after an e-mail change. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  displayName: string;
  bio?: string;
  /** protectedData.phoneNumber of the spec: stored without whitespace (shared/text/phone.ts). */
  phoneNumber?: string;
  profileImage?: ProfileImage;
  /** The last shipping address used at checkout (or saved on the contact details page): the next checkout starts from it. */
  shippingAddress?: SavedShippingAddress;
  /** Private data klaviyoId (§3): the Klaviyo profile id (POST /api/klaviyo/update-profile). */
  klaviyoId?: string;
  /** §3 PayPal state: written only by functions/payments/paypal/state.ts; read with paypalStateOf. */
  paypal?: PaypalRecordState;
  /** §3 stripeAccount: the connected account's summary, written by functions/payments/stripe/accounts.ts. */
  stripeAccount?: StripeAccountView & { updatedAt?: string };
  /** The card provider's customer (saved cards), made by the first setup intent. */
  stripeCustomerId?: string;
  /** §3 saved card: the default payment method. */
  defaultPaymentMethod?: SavedCard;
  /** The one gating fact (shared/payouts.ts payoutReadyOf), stored whenever the Stripe or PayPal state changes. */
  payoutReady?: boolean;
  /** The optional e-mails the user wants; absent: both on (notificationSettingsOf). */
  notificationSettings?: Partial<NotificationSettings>;
  /** Current user state: the missing-information modal was seen (§4). */
  seenMissingInformation?: boolean;
  /** Set by the operator (`npm run operator -- ban`): every user route answers 403, listings leave search. */
  banned?: boolean;
  bannedAt?: string;
  /** Set by the operator (`npm run operator -- delete`): the Cognito user is gone, the profile stays as a tombstone. */
  deleted?: boolean;
  deletedAt?: string;
  createdAt: string;
  updatedAt?: string;
}

export type UserFields = Omit<UserRecord, 'PK' | 'SK' | 'entity'>;

/** The user's PayPal state as stored (the view plus when it last changed). */
export interface PaypalRecordState extends PaypalStateView {
  updatedAt?: string;
}

/** The user's PayPal state for `CurrentUser.payments.paypal` (undefined before any PayPal step). */
export function paypalStateOf(record: Pick<UserRecord, 'paypal'> | undefined): PaypalStateView | undefined {
  if (!record?.paypal) return undefined;
  const { updatedAt: _updatedAt, ...view } = record.paypal;
  return view;
}

/** PayPal's half of payout readiness: linked, onboarded and payments receivable, not offboarded. */
export function paypalPayoutReady(state: PaypalStateView | undefined): boolean {
  return state ? payoutReadyOf({ paypal: state }) : false;
}

/** Payout readiness of a record: Stripe transfers active, or PayPal ready (shared/payouts.ts). */
export function payoutReadyOfRecord(record: Pick<UserRecord, 'stripeAccount' | 'paypal'>): boolean {
  const paypal = paypalStateOf(record);
  return payoutReadyOf({
    ...(record.stripeAccount ? { stripeAccount: record.stripeAccount } : {}),
    ...(paypal ? { paypal } : {}),
  });
}

/** `CurrentUser.payments`: payout readiness, the Stripe account, the saved card, PayPal, the modal flag. */
export function paymentsOf(record: UserRecord): CurrentUserPayments {
  const paypal = paypalStateOf(record);
  const stripeAccount = record.stripeAccount ? withoutUpdatedAt(record.stripeAccount) : undefined;
  return {
    // Derived from the record itself (the stored `payoutReady` is the same rule, kept for other readers).
    payoutReady: payoutReadyOfRecord(record),
    stripeConnected: Boolean(record.stripeAccount?.stripeAccountId),
    ...(stripeAccount ? { stripeAccount } : {}),
    ...(record.defaultPaymentMethod ? { defaultPaymentMethod: record.defaultPaymentMethod } : {}),
    ...(paypal ? { paypal } : {}),
    seenMissingInformation: record.seenMissingInformation === true,
  };
}

function withoutUpdatedAt<T extends { updatedAt?: string }>(value: T): Omit<T, 'updatedAt'> {
  const { updatedAt: _updatedAt, ...rest } = value;
  return rest;
}

/** The user's message and reminder mail settings, with the defaults (both on) for what was never set. */
export function notificationSettingsOf(
  record: Pick<UserRecord, 'notificationSettings'>,
): NotificationSettings {
  const stored = record.notificationSettings ?? {};
  return {
    messages: typeof stored.messages === 'boolean' ? stored.messages : defaultNotificationSettings.messages,
    reminders:
      typeof stored.reminders === 'boolean' ? stored.reminders : defaultNotificationSettings.reminders,
  };
}

export function userRecord(fields: UserFields): UserRecord {
  return { ...keys.user(fields.id), entity: 'user', ...fields };
}

export { abbreviatedName };

/** The spec's user entity: a banned or deleted user shows only that flag and a placeholder name. */
export function toPublicUser(record: UserRecord | undefined, id: string): PublicProfile {
  if (!record || record.deleted)
    return { id, displayName: 'Deleted user', abbreviatedName: '', deleted: true };
  if (record.banned) return { id, displayName: 'Banned user', abbreviatedName: '', banned: true };
  return {
    id,
    displayName: record.displayName,
    abbreviatedName: abbreviatedName(record.firstName, record.lastName),
    ...(record.bio ? { bio: record.bio } : {}),
    ...(record.profileImage ? { profileImage: record.profileImage } : {}),
  };
}

/** The spec's currentUser (GET /api/me and every account route that changes the profile). */
export function toCurrentUser(record: UserRecord, options: { limited?: boolean } = {}): CurrentUser {
  return {
    id: record.id,
    email: record.email,
    emailVerified: record.emailVerified === true,
    firstName: record.firstName,
    lastName: record.lastName,
    displayName: record.displayName,
    abbreviatedName: abbreviatedName(record.firstName, record.lastName),
    ...(record.bio ? { bio: record.bio } : {}),
    ...(record.phoneNumber ? { phoneNumber: record.phoneNumber } : {}),
    ...(record.shippingAddress ? { shippingAddress: record.shippingAddress } : {}),
    ...(record.profileImage ? { profileImage: record.profileImage } : {}),
    ...(options.limited ? { limited: true } : {}),
    createdAt: record.createdAt,
    payments: paymentsOf(record),
    notificationSettings: notificationSettingsOf(record),
  };
}
