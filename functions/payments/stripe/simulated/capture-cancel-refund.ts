/**
 * What becomes of an authorised PaymentIntent: captured, canceled (voided) or, once captured,
 * refunded in full. Each is idempotent per key, and a concurrent change is read again, as in Stripe.
 */

import { isConditionFailure } from '../../../lib/writes';
import {
  CardProcessorError,
  type PaymentIntentStatus,
  type ProviderPaymentIntent,
  type ProviderRefund,
  toProviderPaymentIntent,
  toProviderRefund,
} from '../port';
import { newId, type Of } from './objects';
import { putObject, requireObject } from './store';

/** Stripe's refusal of an action the PaymentIntent's status does not allow. */
function unexpectedState(
  intent: { id: string; status: string },
  action: string,
  statuses: string,
): CardProcessorError {
  return new CardProcessorError(
    'invalid_request_error',
    `This PaymentIntent's ${action} could not be performed because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be ${statuses}.`,
    {
      code: 'payment_intent_unexpected_state',
      statusCode: 400,
      paymentIntent: { id: intent.id, status: intent.status },
    },
  );
}

export async function capturePaymentIntent(
  paymentIntentId: string,
  idempotencyKey: string,
): Promise<ProviderPaymentIntent> {
  for (;;) {
    const intent = await requireObject('payment_intent', paymentIntentId, 'payment_intent');
    if (intent.sim_capture_key === idempotencyKey) return toProviderPaymentIntent(intent);
    if (intent.status !== 'requires_capture')
      throw unexpectedState(intent, 'capture', 'captured: requires_capture');
    const captured: Of<'payment_intent'> = {
      ...intent,
      status: 'succeeded',
      amount_received: intent.amount,
      sim_capture_key: idempotencyKey,
    };
    try {
      await putObject(captured, { expect: { status: 'requires_capture' } });
      return toProviderPaymentIntent(captured);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // Someone else moved it: read again (the same key answers the same; anything else refuses).
    }
  }
}

export async function cancelPaymentIntent(
  paymentIntentId: string,
  idempotencyKey: string,
): Promise<ProviderPaymentIntent> {
  const cancelable: PaymentIntentStatus[] = [
    'requires_payment_method',
    'requires_confirmation',
    'requires_action',
    'requires_capture',
    'processing',
  ];
  for (;;) {
    const intent = await requireObject('payment_intent', paymentIntentId, 'payment_intent');
    if (intent.sim_cancel_key === idempotencyKey) return toProviderPaymentIntent(intent);
    if (!cancelable.includes(intent.status)) {
      throw new CardProcessorError(
        'invalid_request_error',
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        {
          code: 'payment_intent_unexpected_state',
          statusCode: 400,
          paymentIntent: { id: intent.id, status: intent.status },
        },
      );
    }
    const canceled: Of<'payment_intent'> = {
      ...intent,
      status: 'canceled',
      cancellation_reason: 'requested_by_customer',
      sim_cancel_key: idempotencyKey,
    };
    try {
      await putObject(canceled, { expect: { status: intent.status } });
      return toProviderPaymentIntent(canceled);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}

export async function refundPayment(input: {
  paymentIntentId: string;
  idempotencyKey: string;
}): Promise<ProviderRefund> {
  for (;;) {
    const intent = await requireObject('payment_intent', input.paymentIntentId, 'payment_intent');
    if (intent.sim_refund?.key === input.idempotencyKey) {
      return toProviderRefund(await requireObject('refund', intent.sim_refund.id, 'refund'));
    }
    if (intent.status !== 'succeeded' || !intent.latest_charge) {
      throw new CardProcessorError(
        'invalid_request_error',
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        {
          code: 'charge_not_refundable',
          statusCode: 400,
          paymentIntent: { id: intent.id, status: intent.status },
        },
      );
    }
    if (intent.amount_refunded >= intent.amount_received) {
      throw new CardProcessorError(
        'invalid_request_error',
        `Charge ${intent.latest_charge} has already been refunded.`,
        { code: 'charge_already_refunded', statusCode: 400 },
      );
    }
    const refund: Of<'refund'> = {
      id: newId('re'),
      object: 'refund',
      amount: intent.amount_received - intent.amount_refunded,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      status: 'succeeded',
    };
    await putObject(refund, { create: true });
    try {
      await putObject(
        {
          ...intent,
          amount_refunded: intent.amount_received,
          sim_refund: { key: input.idempotencyKey, id: refund.id },
        },
        { expect: { amount_refunded: intent.amount_refunded } },
      );
      return toProviderRefund(refund);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // A concurrent refund won (its refund object stays, unreferenced): read again.
    }
  }
}
