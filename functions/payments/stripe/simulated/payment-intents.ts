/**
 * PaymentIntents for orders, up to authorisation: made with manual capture (amounts and currency
 * checked as Stripe checks them, idempotent per key), then confirmed with a saved card or a typed
 * test card (Stripe.js's confirmCardPayment stand-in). What follows is in capture-cancel-refund.ts.
 */

import { randomBytes } from 'node:crypto';
import { cardErrorMessage } from '../../../../shared/errors/card-errors';
import { isConditionFailure } from '../../../lib/writes';
import {
  CardProcessorError,
  type CreatePaymentIntentInput,
  type PaymentIntentStatus,
  type ProviderPaymentIntent,
  type SimulatedPaymentConfirmation,
  toProviderPaymentIntent,
} from '../port';
import {
  amountTooLarge,
  amountTooSmall,
  maximumChargeAmount,
  minimumChargeAmounts,
  requirePositiveAmount,
} from './amounts';
import { newId, type Of } from './objects';
import { getObject, idempotently, putObject, requireObject } from './store';
import { brandOf, checkCard, testCards } from './test-cards';

export async function createPaymentIntent(input: CreatePaymentIntentInput): Promise<ProviderPaymentIntent> {
  const intent = await idempotently(input.idempotencyKey, 'payment_intent', 'payment_intent', () =>
    newPaymentIntent(input),
  );
  return toProviderPaymentIntent(intent);
}

async function newPaymentIntent(input: CreatePaymentIntentInput): Promise<Of<'payment_intent'>> {
  const currency = input.currency.toLowerCase();
  requirePositiveAmount(input.amount);
  if (!/^[a-z]{3}$/.test(currency)) {
    throw new CardProcessorError('invalid_request_error', `Invalid currency: ${currency}.`, {
      code: 'parameter_invalid_string',
      param: 'currency',
      statusCode: 400,
    });
  }
  if (input.amount < (minimumChargeAmounts[currency]?.amount ?? 50)) throw amountTooSmall(currency);
  if (input.amount > maximumChargeAmount(currency)) throw amountTooLarge(currency);
  if (input.customerId) await requireObject('customer', input.customerId, 'customer');
  if (input.paymentMethodId) {
    const method = await requireObject('payment_method', input.paymentMethodId, 'PaymentMethod');
    if (method.customer && method.customer !== input.customerId) {
      throw new CardProcessorError(
        'invalid_request_error',
        'The provided PaymentMethod belongs to another Customer.',
        { code: 'payment_method_unexpected_state', param: 'payment_method', statusCode: 400 },
      );
    }
  }
  const id = newId('pi');
  const intent: Of<'payment_intent'> = {
    id,
    object: 'payment_intent',
    amount: input.amount,
    currency,
    status: input.paymentMethodId ? 'requires_confirmation' : 'requires_payment_method',
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    capture_method: 'manual',
    customer: input.customerId ?? null,
    payment_method: input.paymentMethodId ?? null,
    latest_charge: null,
    amount_received: 0,
    amount_refunded: 0,
    setup_future_usage: input.setupFutureUsage ? 'off_session' : null,
    transfer_group: input.transferGroup,
    metadata: { ...input.metadata },
    last_payment_error: null,
    cancellation_reason: null,
  };
  return intent;
}

export async function retrievePaymentIntent(paymentIntentId: string): Promise<ProviderPaymentIntent> {
  return toProviderPaymentIntent(await requireObject('payment_intent', paymentIntentId, 'payment_intent'));
}

/** The user a PaymentIntent was made for (`metadata.customerUserId`): the confirm route's owner check. */
export async function paymentIntentOwner(paymentIntentId: string): Promise<string | undefined> {
  return (await getObject('payment_intent', paymentIntentId))?.metadata.customerUserId;
}

/**
 * Confirms a PaymentIntent (Stripe.js's confirmCardPayment stand-in) with a saved card or a typed
 * test card. Capture is manual, so success is `requires_capture` with a charge. Declines throw
 * card_error (the intent goes back to requires_payment_method, so it can be retried); the
 * authentication card answers requires_action until confirmed again with `authenticate: true`.
 */
export async function confirmPaymentIntent(
  paymentIntentId: string,
  confirmation: SimulatedPaymentConfirmation,
  now: Date = new Date(),
): Promise<ProviderPaymentIntent> {
  const intent = await requireObject('payment_intent', paymentIntentId, 'payment_intent');
  const confirmable: PaymentIntentStatus[] = [
    'requires_payment_method',
    'requires_confirmation',
    'requires_action',
  ];
  if (!confirmable.includes(intent.status)) {
    throw new CardProcessorError(
      'invalid_request_error',
      `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
      {
        code: 'payment_intent_unexpected_state',
        statusCode: 400,
        paymentIntent: { id: intent.id, status: intent.status },
      },
    );
  }
  const typed = Boolean(confirmation.number);
  const savedId = confirmation.paymentMethodId ?? (typed ? undefined : (intent.payment_method ?? undefined));
  let method: Of<'payment_method'>;
  if (savedId) {
    method = await requireObject('payment_method', savedId, 'PaymentMethod');
    if (method.customer && method.customer !== intent.customer) {
      throw new CardProcessorError(
        'invalid_request_error',
        'The provided PaymentMethod belongs to another Customer.',
        { code: 'payment_method_unexpected_state', param: 'payment_method', statusCode: 400 },
      );
    }
  } else {
    const checked = checkCard(confirmation, now);
    if ('code' in checked) {
      const message = cardErrorMessage({ type: 'card_error', code: checked.code });
      await putObject({
        ...intent,
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: checked.code, message },
      });
      throw new CardProcessorError('card_error', message, {
        code: checked.code,
        statusCode: 402,
        paymentIntent: { id: intent.id, status: 'requires_payment_method' },
      });
    }
    if (checked.number === testCards.authenticationRequired && confirmation.authenticate !== true) {
      const waiting = { ...intent, status: 'requires_action' as const, last_payment_error: null };
      await putObject(waiting);
      return toProviderPaymentIntent(waiting);
    }
    method = {
      id: newId('pm'),
      object: 'payment_method',
      // setup_future_usage attaches the new card to the customer, as Stripe does.
      customer: intent.setup_future_usage && intent.customer ? intent.customer : null,
      card: {
        brand: brandOf(checked.number),
        last4: checked.number.slice(-4),
        exp_month: checked.expMonth,
        exp_year: checked.expYear,
      },
    };
    await putObject(method, { create: true });
  }
  const charge: Of<'charge'> = {
    id: newId('ch'),
    object: 'charge',
    amount: intent.amount,
    currency: intent.currency,
    payment_intent: intent.id,
    transfer_group: intent.transfer_group,
  };
  await putObject(charge, { create: true });
  const authorised: Of<'payment_intent'> = {
    ...intent,
    status: 'requires_capture',
    payment_method: method.id,
    latest_charge: charge.id,
    last_payment_error: null,
  };
  try {
    await putObject(authorised, { expect: { status: intent.status } });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // A concurrent confirmation won: answer with the intent as it is now.
    return retrievePaymentIntent(intent.id);
  }
  return toProviderPaymentIntent(authorised);
}
