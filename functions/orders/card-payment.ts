/**
 * The card half of initiate: a manual-capture PaymentIntent for the order, keyed by the order so a
 * retried initiate gets the same one (docs/design/orders.md, "The write protocol": confirm-payment
 * captures it later). A saved card must be the caller's own; saving a new card needs the caller's
 * Stripe customer.
 */
import type { Money } from '../../shared/money';
import type { UserRecord } from '../accounts/user-record';
import { ApiError } from '../lib/errors';
import { reportError } from '../lib/observability';
import { CardProcessorError, cardProvider, type ProviderPaymentIntent } from '../payments/stripe';
import { ensureStripeCustomer } from '../payments/stripe/customer';
import { paymentFailed } from '../payments/stripe/errors';
import { moneyKeys } from './money/common';
import type { TransactionRecord } from './record';

export interface CardPaymentInput {
  /** The caller (the signed-in user placing the order). */
  user: { id: string };
  profile: UserRecord;
  transactionId: string;
  listingId: string;
  amount: Money;
  savedPaymentMethodId: unknown;
  setupFutureUsage: boolean;
  /**
   * Set when one order may ask for more than one PaymentIntent (request-payment-after-enquiry: an
   * attempt refused for stock voids its PaymentIntent, and the next attempt must get a new one).
   * Unset, the PaymentIntent is keyed by the order alone (initiate: one checkout key, one order).
   */
  attempt?: string;
}

/** A refused PaymentIntent: 402 with Stripe's own words in `meta` ("Amount must be at least …" verbatim). */
function paymentIntentFailure(error: unknown): never {
  if (!(error instanceof CardProcessorError)) throw error;
  throw paymentFailed(error);
}

export async function cardPaymentFor(input: CardPaymentInput): Promise<{ intent: ProviderPaymentIntent }> {
  const { user, profile } = input;
  const saved = input.savedPaymentMethodId;
  if (saved !== undefined && saved !== profile.defaultPaymentMethod?.stripePaymentMethodId) {
    throw new ApiError('validation-invalid-params', 'stripePaymentMethodId is not your saved card.');
  }
  const stripe = cardProvider();
  try {
    const keepsCard = typeof saved === 'string' || input.setupFutureUsage;
    const customerId = keepsCard ? await ensureStripeCustomer(user, profile, stripe) : undefined;
    const intent = await stripe.createPaymentIntent({
      amount: input.amount.amount,
      currency: input.amount.currency,
      ...(customerId ? { customerId } : {}),
      ...(typeof saved === 'string' ? { paymentMethodId: saved } : {}),
      ...(input.setupFutureUsage && typeof saved !== 'string' ? { setupFutureUsage: true } : {}),
      captureMethod: 'manual',
      transferGroup: input.transactionId,
      metadata: { transactionId: input.transactionId, customerUserId: user.id, listingId: input.listingId },
      idempotencyKey: `${moneyKeys.paymentIntent(input.transactionId)}${input.attempt ? `-${input.attempt}` : ''}`,
    });
    return { intent };
  } catch (error) {
    paymentIntentFailure(error);
  }
}

/** A retried initiate: the order's PaymentIntent again (its client secret), if it is a card order. */
export async function existingCardPayment(
  tx: TransactionRecord,
): Promise<{ stripePaymentIntentClientSecret?: string; stripePaymentIntentId?: string }> {
  const id = tx.payment?.stripePaymentIntentId;
  if (!id) return {};
  const intent = await cardProvider().retrievePaymentIntent(id);
  return { stripePaymentIntentClientSecret: intent.clientSecret, stripePaymentIntentId: id };
}

/** The order could not be made (no stock left): void its PaymentIntent so nothing stays authorised. */
export async function voidUnusedPayment(transactionId: string, paymentIntentId: string): Promise<void> {
  try {
    await cardProvider().cancelPaymentIntent(paymentIntentId, moneyKeys.voidPayment(transactionId));
  } catch (error) {
    await reportError(error, { task: 'void-unused-payment', transactionId });
  }
}
