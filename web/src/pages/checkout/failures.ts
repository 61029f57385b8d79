/**
 * A failed step as the spec's §8 message (docs/design/orders.md, "Web"): the order codes, card and
 * PayPal failures, the 15-minute payment window, field errors of a 400, and what failed after the
 * order was made (the order is kept). Also the breakdown's failure.
 */
import { MINUTE_MS, orderWindows } from '../../../../shared/config/constants';
import { cardErrorMessage } from '../../../../shared/errors/card-errors';
import { apiErrors, messages } from '../../../../shared/errors/catalogue';
import { pages } from '../../../../shared/pages';
import { productOrderMessages } from '../../../../shared/validation/messages';
import { ApiRequestError } from '../../api/client';
import { apiFieldErrors, isNetworkError } from '../../api/errors';
import { CardProviderError } from '../../payments/card-provider';
import type { CheckoutFailure, CheckoutStep } from './steps';
import type { CheckoutValues } from './values';

/** The buyer canceled PayPal (no order exists). */
export class PaypalCanceled extends Error {
  override readonly name = 'PaypalCanceled';
}

/** The buyer's time to pay after initiating (the expire-payment timer). */
const paymentWindowMs = orderWindows.paymentMinutes * MINUTE_MS;

const fieldAliases: Record<string, keyof CheckoutValues> = {
  stockReservationQuantity: 'quantity',
  quantity: 'quantity',
  deliveryMethod: 'deliveryMethod',
};

/** `meta.fields` of a 400 as the form's field names (`shippingDetails.recipientCity` → recipientCity). */
export function checkoutFieldErrors(error: unknown): CheckoutFailure['fields'] {
  const fields: Partial<Record<keyof CheckoutValues, string>> = {};
  for (const [name, message] of Object.entries(apiFieldErrors(error))) {
    const last = name.split('.').pop() ?? name;
    const field =
      fieldAliases[last] ?? (last.startsWith('recipient') ? (last as keyof CheckoutValues) : undefined);
    if (field) fields[field] = message;
  }
  return Object.keys(fields).length ? fields : undefined;
}

const paymentMethodsLink = { href: pages.paymentMethods, label: 'Go to payment methods' };

function meta(error: unknown): Record<string, unknown> {
  return error instanceof ApiRequestError ? (error.firstError?.meta ?? {}) : {};
}

function isPaypalCancel(error: unknown): boolean {
  if (error instanceof PaypalCanceled) return true;
  if (!(error instanceof ApiRequestError)) return false;
  const m = meta(error);
  const said = `${m.paypalIssue ?? ''} ${m.paypalStatus ?? ''}`;
  return error.firstError?.title === messages.paypalPaymentCanceled || /CANCEL|VOID/i.test(said);
}

function isPaypalError(error: unknown): boolean {
  const m = meta(error);
  return 'paypalIssue' in m || 'paypalStatus' in m || 'paypalMessage' in m;
}

/**
 * The §8 message of a failed step. Codes: not enough stock, listing unavailable, no payout details,
 * stock out of sync, amount too low (a zero pay-in, or Stripe's "Amount must be at least …"),
 * payment method authentication failed (`payment_intent_authentication_failure`), PayPal canceled or
 * error, the 15-minute window closed, field errors. After the card was charged, a failed
 * confirm-payment is "payment made but not confirmed" with a retry; a failed card save or message
 * keeps the order.
 */
export function checkoutFailure(
  step: CheckoutStep,
  error: unknown,
  context: { initiatedAt?: number | undefined; now?: number } = {},
): CheckoutFailure {
  if (step === 'save-card')
    return { message: messages.saveDefaultPaymentMethodFailed, link: paymentMethodsLink, orderKept: true };
  if (step === 'message') return { message: messages.initialMessageFailed, orderKept: true };

  if (error instanceof PaypalCanceled) return { message: messages.paypalPaymentCanceled };
  if (error instanceof CardProviderError) {
    if (error.code === 'payment_intent_authentication_failure')
      return { message: messages.paymentMethodAuthenticationFailed };
    if (error.type === 'card_error' || error.type === 'validation_error') {
      const text = cardErrorMessage(error);
      return { message: text };
    }
    return { message: messages.couldNotHandlePaymentData };
  }

  const code = error instanceof ApiRequestError ? error.code : undefined;
  const expired =
    (error instanceof ApiRequestError && error.firstError?.title === messages.paymentExpired) ||
    (context.initiatedAt !== undefined &&
      context.now !== undefined &&
      context.now - context.initiatedAt >= paymentWindowMs);

  switch (code) {
    case 'transaction-listing-insufficient-stock':
      return { message: messages.notEnoughStock };
    case 'transaction-listing-not-found':
      return { message: messages.listingUnavailable };
    case 'transaction-missing-stripe-account':
      return { message: messages.providerLacksPayoutInfo };
    case 'old-total-mismatch':
      return { message: messages.stockOutOfSync };
    case 'transaction-charge-zero-payin':
      return { message: messages.amountTooLow };
    case 'transaction-charge-too-high':
      return { message: messages.amountTooHigh };
    case 'transaction-charge-zero-payout':
      return { message: apiErrors['transaction-charge-zero-payout'].title };
    case 'forbidden':
      if (step === 'initiate' || step === 'paypal-order') return { message: productOrderMessages.ownListing };
      break;
    case 'validation-invalid-params': {
      const fields = checkoutFieldErrors(error);
      if (fields) return { message: 'Please check the highlighted fields.', fields };
      break;
    }
    case 'transaction-payment-failed': {
      const m = meta(error);
      if (typeof m.stripeMessage === 'string' && m.stripeMessage.includes('Amount must be at least'))
        return { message: messages.amountTooLow };
      if (m.stripeCode === 'payment_intent_authentication_failure')
        return { message: messages.paymentMethodAuthenticationFailed };
      if (isPaypalCancel(error)) return { message: messages.paypalPaymentCanceled };
      if (isPaypalError(error) || step.startsWith('paypal')) return { message: messages.paypalPaymentError };
      if (step === 'confirm-payment') return notConfirmed(expired);
      return { message: apiErrors['transaction-payment-failed'].title };
    }
    case 'transaction-invalid-transition':
      if (expired) return { message: messages.paymentExpired };
      break;
  }
  if (step === 'confirm-payment') return notConfirmed(expired);
  if (step === 'paypal-order' || step === 'paypal-approve') {
    return { message: isPaypalCancel(error) ? messages.paypalPaymentCanceled : messages.paypalPaymentError };
  }
  if (step === 'confirm-card') return { message: messages.couldNotHandlePaymentData };
  if (isNetworkError(error)) return { message: messages.topbarNetworkError };
  return { message: messages.somethingWentWrong };
}

function notConfirmed(expired: boolean): CheckoutFailure {
  return expired
    ? { message: messages.paymentExpired }
    : { message: messages.paymentNotConfirmed, retry: 'confirm-payment' };
}

/** The breakdown's failure: a known order problem's message, else "failed to fetch breakdown". */
export function lineItemsFailure(error: unknown): string {
  const code = error instanceof ApiRequestError ? error.code : undefined;
  switch (code) {
    case 'transaction-listing-insufficient-stock':
      return messages.notEnoughStock;
    case 'transaction-listing-not-found':
      return messages.listingUnavailable;
    case 'transaction-charge-zero-payin':
      return messages.amountTooLow;
    case 'transaction-charge-too-high':
      return messages.amountTooHigh;
    case 'old-total-mismatch':
      return messages.stockOutOfSync;
    default:
      return messages.breakdownFailed;
  }
}
