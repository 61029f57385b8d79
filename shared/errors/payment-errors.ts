/**
 * Classification of payment and order errors (§8), the same in the API (which maps provider errors
 * to codes) and in the web app (which picks the message). An error is the spec's generic error
 * shape: name, message, status, statusText, apiErrors.
 */
import type { ApiErrorItem } from '../api/types';
import { messages } from './catalogue';

export interface GenericError {
  name?: string;
  message?: string;
  status?: number;
  statusText?: string;
  apiErrors?: readonly Partial<ApiErrorItem>[];
}

export type PaymentErrorKind =
  | 'amountTooLow'
  | 'accountNotChargeable'
  | 'listingNotFound'
  | 'insufficientStock'
  | 'bookingTimeNotAvailable'
  | 'missingPayoutAccount'
  | 'invalidTransition'
  | 'alreadyReviewed'
  | 'stockOutOfSync'
  | 'conflict'
  | 'forbidden'
  | 'quantityMissing'
  | 'tooManyRequests'
  | 'paymentFailed'
  | 'unknown';

const PAYMENT_FAILED = 'transaction-payment-failed';
const AMOUNT_TOO_LOW_PREFIXES = ['Amount must be at least', 'Amount must convert to at least'];
const NOT_CHARGEABLE_PREFIX = 'Your account cannot currently make charges.';
const VERIFICATION_DISABLED_RE = /verification.disabled_reason/;
export const QUANTITY_ERROR_STATUS_TEXT = 'Error: transition should contain quantity information';

function apiErrorsOf(error: GenericError | undefined): readonly Partial<ApiErrorItem>[] {
  return error?.apiErrors ?? [];
}

function providerMessage(apiError: Partial<ApiErrorItem>): string {
  const msg = apiError.meta?.stripeMessage;
  return typeof msg === 'string' ? msg : '';
}

export function hasErrorWithCode(error: GenericError | undefined, code: string): boolean {
  return apiErrorsOf(error).some((e) => e.code === code);
}

function isPaymentFailed(apiError: Partial<ApiErrorItem>): boolean {
  return apiError.status === 402 && apiError.code === PAYMENT_FAILED;
}

/** 402 payment-failed whose provider message starts 'Amount must be at least' / '…convert to at least', or a zero pay-in. */
export function isAmountTooLowError(error: GenericError | undefined): boolean {
  if (hasErrorWithCode(error, 'transaction-charge-zero-payin')) return true;
  return apiErrorsOf(error).some(
    (e) => isPaymentFailed(e) && AMOUNT_TOO_LOW_PREFIXES.some((p) => providerMessage(e).startsWith(p)),
  );
}

/** 402 payment-failed: 'Your account cannot currently make charges.' or a verification disabled reason. */
export function isAccountNotChargeableError(error: GenericError | undefined): boolean {
  return apiErrorsOf(error).some((e) => {
    const msg = providerMessage(e);
    return (
      isPaymentFailed(e) && (msg.startsWith(NOT_CHARGEABLE_PREFIX) || VERIFICATION_DISABLED_RE.test(msg))
    );
  });
}

/** 400 whose status text starts 'Error: transition should contain quantity information'. */
export function isQuantityMissingError(error: GenericError | undefined): boolean {
  return error?.status === 400 && (error.statusText ?? '').startsWith(QUANTITY_ERROR_STATUS_TEXT);
}

/** The provider messages of 402 payment failures, to show as "The payment processor gave…". */
export function paymentProviderMessages(error: GenericError | undefined): string[] {
  return apiErrorsOf(error)
    .filter(isPaymentFailed)
    .map(providerMessage)
    .filter((m) => m !== '');
}

/** 409 codes that mean a conflict with the current state of things. */
const conflictKinds: Record<string, PaymentErrorKind> = {
  'transaction-listing-insufficient-stock': 'insufficientStock',
  'transaction-booking-time-not-available': 'bookingTimeNotAvailable',
  'transaction-invalid-transition': 'invalidTransition',
  'transaction-already-reviewed-by-customer': 'alreadyReviewed',
  'transaction-already-reviewed-by-provider': 'alreadyReviewed',
  'old-total-mismatch': 'stockOutOfSync',
  'transaction-missing-stripe-account': 'missingPayoutAccount',
  'transition-in-progress': 'conflict',
  conflict: 'conflict',
};

/** Classifies an order/payment error (§8). The first matching rule wins, in the order below. */
export function classifyPaymentError(error: GenericError | undefined): PaymentErrorKind {
  if (!error) return 'unknown';
  if (isAmountTooLowError(error)) return 'amountTooLow';
  if (isAccountNotChargeableError(error)) return 'accountNotChargeable';
  if (hasErrorWithCode(error, 'transaction-listing-not-found')) return 'listingNotFound';
  if (hasErrorWithCode(error, 'transaction-missing-stripe-account')) return 'missingPayoutAccount';
  for (const apiError of apiErrorsOf(error)) {
    const kind = apiError.code ? conflictKinds[apiError.code] : undefined;
    if (kind && (apiError.status === undefined || apiError.status === 409 || error.status === 409))
      return kind;
  }
  if (isQuantityMissingError(error)) return 'quantityMissing';
  if (error.status === 403 || hasErrorWithCode(error, 'forbidden')) return 'forbidden';
  if (error.status === 429) return 'tooManyRequests';
  if (error.status === 409) return 'conflict';
  if (apiErrorsOf(error).some(isPaymentFailed) || error.status === 402) return 'paymentFailed';
  return 'unknown';
}

/** The message a person sees for a classified payment error. */
export function paymentErrorMessage(kind: PaymentErrorKind, error?: GenericError): string {
  switch (kind) {
    case 'amountTooLow':
      return messages.amountTooLow;
    case 'accountNotChargeable':
      return messages.chargeDisabled;
    case 'listingNotFound':
      return messages.listingUnavailable;
    case 'insufficientStock':
      return messages.notEnoughStock;
    case 'bookingTimeNotAvailable':
      return messages.bookingTimeTaken;
    case 'missingPayoutAccount':
      return messages.providerLacksPayoutInfo;
    case 'alreadyReviewed':
      return messages.reviewAlreadySent;
    case 'stockOutOfSync':
      return messages.stockOutOfSync;
    case 'quantityMissing':
      return messages.quantityInformationMissing;
    case 'paymentFailed': {
      const providerMessages = paymentProviderMessages(error);
      return providerMessages.length > 0
        ? `The payment processor gave the following errors: ${providerMessages.join(' ')}`
        : 'Payment request failed. Please go back to the listing page and try again. If the error persists, try refreshing the page or contacting the marketplace administrator.';
    }
    case 'conflict':
    case 'invalidTransition':
      return 'This action is no longer possible for this order. Please refresh the page.';
    case 'forbidden':
      return 'You are not allowed to do that.';
    case 'tooManyRequests':
      return 'Payment request failed. There have been too many requests made in a short amount of time. If the error persists, try refreshing the page or contact the marketplace administrator.';
    default:
      return messages.oopsSomethingWentWrong;
  }
}
