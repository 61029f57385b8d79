/**
 * The §8 API error codes with their HTTP status and the message shown to people, and the §8
 * user-facing messages. Wording: the spec's where it gives it ('Transition already in progress',
 * 'Funds were not successfully disbursed from paypal'), otherwise the Sharetribe product template's
 * English texts (the spec's source), with "booked" read as "purchased" for the product flow.
 */
import { imageSettings, limits } from '../config/constants';
import { messages } from './messages';

export const apiErrors = {
  'transaction-listing-not-found': {
    status: 404,
    title: 'Unfortunately, the listing is no longer available.',
  },
  'transaction-invalid-transition': {
    status: 409,
    title: 'This action is no longer possible for this order. Please refresh the page.',
  },
  'transaction-already-reviewed-by-customer': {
    status: 409,
    title: 'Review already sent. Please refresh the page.',
  },
  'transaction-already-reviewed-by-provider': {
    status: 409,
    title: 'Review already sent. Please refresh the page.',
  },
  'transaction-booking-time-not-available': {
    status: 409,
    title: 'Unfortunately, the requested time is already booked.',
  },
  'transaction-listing-insufficient-stock': {
    status: 409,
    title: "Unfortunately, you can't make an order. There's not enough stock left for this item.",
  },
  'transaction-payment-failed': {
    status: 402,
    title:
      'Payment request failed. Please go back to the listing page and try again. If the error persists, try refreshing the page or contacting the marketplace administrator.',
  },
  'transaction-charge-zero-payin': {
    status: 400,
    title:
      'We are unable to process this payment since the payment amount is too low. Please contact the marketplace administrator.',
  },
  'transaction-charge-zero-payout': {
    status: 400,
    title:
      'We are unable to process this payment since the amount paid to the seller would be zero. Please contact the marketplace administrator.',
  },
  // Ours: a pay-in above the payment provider's maximum charge (shared/config/charge-limits).
  'transaction-charge-too-high': {
    status: 400,
    title:
      'We are unable to process this payment since the payment amount is too high. Please contact the marketplace administrator.',
  },
  'email-taken': {
    status: 409,
    title: 'An account with this email address already exists. Try logging in instead.',
  },
  'email-not-found': {
    status: 404,
    title:
      "Hmm. We didn't find an account with that email address. Please double-check the address and try again.",
  },
  'email-too-many-verification-requests': {
    status: 429,
    title: `The maximum of ${limits.maxVerificationEmailsPerDay} verification emails has been reached. Please try again tomorrow.`,
  },
  'request-upload-over-limit': {
    status: 413,
    title: `The maximum file size is ${imageSettings.maxUploadLabel}. Please try again.`,
  },
  'validation-invalid-params': { status: 400, title: 'The request has invalid parameters.' },
  'validation-invalid-value': { status: 400, title: 'The request has an invalid value.' },
  'not-found': { status: 404, title: 'Not found.' },
  forbidden: { status: 403, title: 'You are not allowed to do that.' },
  'transaction-missing-stripe-account': {
    status: 409,
    title:
      'The listing author has not added their payment information and the listing cannot be purchased at the moment.',
  },
  'old-total-mismatch': {
    status: 409,
    title:
      'Oops, the stock of this listing is out of sync. Someone might just have bought this item. Please refresh the page and try again.',
  },
  // Platform-level codes the catalogue needs for a complete HTTP surface.
  unauthorized: { status: 401, title: 'You need to log in.' },
  conflict: { status: 409, title: 'Someone else changed this at the same time. Please try again.' },
  'transition-in-progress': { status: 409, title: 'Transition already in progress' },
  'paypal-disbursement-failed': { status: 502, title: 'Funds were not successfully disbursed from paypal' },
  'too-many-requests': { status: 429, title: 'Too many requests. Please wait a moment and try again.' },
  'request-too-large': { status: 413, title: 'The request is too large.' },
  'method-not-allowed': { status: 405, title: 'Method not allowed.' },
  'server-error': { status: 500, title: 'Something went wrong. Please refresh the page and try again.' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ApiErrorCode = keyof typeof apiErrors;

/** The §8 API codes exactly as the spec lists them. */
export const specApiErrorCodes = [
  'transaction-listing-not-found',
  'transaction-invalid-transition',
  'transaction-already-reviewed-by-customer',
  'transaction-already-reviewed-by-provider',
  'transaction-booking-time-not-available',
  'transaction-listing-insufficient-stock',
  'transaction-payment-failed',
  'transaction-charge-zero-payin',
  'transaction-charge-zero-payout',
  'email-taken',
  'email-not-found',
  'email-too-many-verification-requests',
  'request-upload-over-limit',
  'validation-invalid-params',
  'validation-invalid-value',
  'not-found',
  'forbidden',
  'transaction-missing-stripe-account',
  'old-total-mismatch',
] as const satisfies readonly ApiErrorCode[];

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && Object.hasOwn(apiErrors, value);
}

// The §8 user-facing messages live in messages.ts (a page that shows one need not load the codes).
export { type MessageKey, messages } from './messages';

/** Payout account or account-link creation failed with a provider message (§8: first API error's meta.stripeMessage). */
export const payoutProviderError = (providerMessage: string) =>
  `Whoops, something went wrong. The payment provider returned an error message: "${providerMessage}"`;

/** The payout error for a failed account (link) creation: with the provider's message when there is one. */
export function payoutErrorMessage(
  error: { apiErrors?: readonly { meta?: Record<string, unknown> }[] } | undefined,
  kind: 'account' | 'accountLink' = 'account',
): string {
  const providerMessage = error?.apiErrors?.[0]?.meta?.stripeMessage;
  if (typeof providerMessage === 'string' && providerMessage) return payoutProviderError(providerMessage);
  return kind === 'account' ? messages.payoutAccountFailed : messages.payoutAccountLinkFailed;
}

/** Bank account token failure naming the country and the inputs needed (Sharetribe texts). */
export function bankConnectionFailed(countryName: string, inputs: readonly string[]): string {
  if (inputs.length === 1 && inputs[0] === 'IBAN') {
    return `Could not connect account number. Please double-check that your account number is valid in ${countryName}`;
  }
  return `Could not connect account number. Please double-check that your ${joinWithAnd(inputs)} are valid in ${countryName}`;
}

/** "a", "a and b", "a, b and c". */
export function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export const unsupportedCountry = (country: string) => `Country not supported: ${country}`;

export { unsupportedPrice, unsupportedPriceTitle } from './unsupported-price';
