/**
 * confirm-payment: money first. Capture (Stripe manual capture, PayPal order capture), then the
 * transition writes `purchased` with the PaymentCaptured event; a capture whose write is lost to
 * expire-payment is refunded at once.
 */
import { fromPaypalAmount, type Money } from '../../../shared/money';
import { refundReasonOf } from '../../../shared/process/effects';
import { ApiError } from '../../lib/errors';
import { paypalPort } from '../../payments/paypal/index';
import { paypalErrorCode } from '../../payments/paypal/orders';
import { CardProcessorError } from '../../payments/stripe';
import { paymentFailed } from '../../payments/stripe/errors';
import type { TransitionRun, WriteAdditions } from '../plan-write';
import type { TransactionPayment } from '../record';
import { getTransaction } from '../repository';
import { moneyKeys, paymentCapturedPut, stripe, stripeCaptured } from './common';
import { recordRefund, refundPayment } from './refunds';

/** The §8 answer to a failed capture: the provider's own message kept in `meta`. */
function paymentFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof CardProcessorError) return paymentFailed(error);
  const paypal = paypalErrorCode(error);
  if (paypal) return paypal;
  throw error;
}

export async function capturePayment(run: TransitionRun): Promise<WriteAdditions> {
  const tx = run.transaction;
  const payment = tx.payment;
  const nowIso = run.now.toISOString();
  if (payment?.method === 'card') {
    const intentId = payment.stripePaymentIntentId;
    if (!intentId) throw new ApiError('transaction-payment-failed');
    let intent: Awaited<ReturnType<ReturnType<typeof stripe>['retrievePaymentIntent']>>;
    try {
      intent = await stripe().retrievePaymentIntent(intentId);
      if (intent.status === 'requires_capture') {
        intent = await stripe().capturePaymentIntent(intentId, moneyKeys.capture(tx.id));
      }
    } catch (error) {
      throw (await orderMovedOn(run)) ?? paymentFailure(error);
    }
    if (intent.status !== 'succeeded') {
      // expire-payment (or cancel-payment) won and voided the payment: the order is gone, not the card.
      const moved = await orderMovedOn(run);
      if (moved) throw moved;
      // Not confirmed by the buyer's card (or it needs 3-D Secure): §8 payment method authentication failed.
      throw new ApiError('transaction-payment-failed', undefined, {
        stripeCode:
          intent.status === 'requires_action' ? 'payment_intent_authentication_failure' : intent.status,
      });
    }
    const capturedAmount = stripeCaptured(intent, tx);
    return {
      set: {
        payment: {
          ...payment,
          ...(intent.latestChargeId ? { stripeChargeId: intent.latestChargeId } : {}),
          capturedAt: nowIso,
          capturedAmount,
        } satisfies TransactionPayment,
      },
      items: [paymentCapturedPut(tx, 'stripe', intentId, capturedAmount, run.now)],
    };
  }
  if (payment?.method === 'paypal') {
    const orderId = tx.protectedData.paypalOrderId;
    if (!orderId) throw new ApiError('transaction-payment-failed');
    let captureId: string | undefined;
    let capturedAmount: Money = tx.payinTotal;
    try {
      const order = await paypalPort().captureOrder(orderId, moneyKeys.capture(tx.id));
      captureId = order.status === 'COMPLETED' ? order.captureId : undefined;
      if (order.amount) capturedAmount = fromPaypalAmount(order.amount);
    } catch (error) {
      throw (await orderMovedOn(run)) ?? paymentFailure(error);
    }
    if (!captureId) throw new ApiError('transaction-payment-failed');
    return {
      set: { payment: { ...payment, paypalCaptureId: captureId, capturedAt: nowIso, capturedAmount } },
      protectedData: { paypalTransactionId: captureId },
      items: [paymentCapturedPut(tx, 'paypal', captureId, capturedAmount, run.now)],
    };
  }
  throw new ApiError('transaction-payment-failed');
}

/**
 * confirm-payment could not capture because the order moved on meanwhile (expire-payment committed
 * and voided the payment): answer as the lost race it is, 409 `transaction-invalid-transition` (the
 * §8 paymentExpired message), not as a card failure.
 */
async function orderMovedOn(run: TransitionRun): Promise<ApiError | undefined> {
  const tx = await getTransaction(run.transaction.id);
  if (!tx || tx.state !== run.transaction.state || tx.version !== run.transaction.version) {
    return new ApiError('transaction-invalid-transition');
  }
  return undefined;
}

/**
 * confirm-payment captured but its write failed. If the order has moved on (payment-expired won
 * the race) the captured money goes back at once, with the same refund key as every other path.
 */
export async function refundIfOrderMovedOn(run: TransitionRun): Promise<void> {
  const tx = await getTransaction(run.transaction.id);
  if (!tx || tx.state === 'pending-payment' || tx.state === 'purchased') return;
  const refund = await refundPayment(tx, moneyKeys.refund(tx.id));
  const reason = refundReasonOf(tx.lastTransition) ?? 'payment-expired';
  if (refund.captured) await recordRefund(tx, refund, reason, run.now);
}
