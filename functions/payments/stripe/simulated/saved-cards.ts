/**
 * Cards saved for later: customers, setup intents confirmed with a test card (Stripe.js's
 * confirmCardSetup stand-in, which sends setup_intent.succeeded), and the payment methods they make.
 */

import { randomBytes } from 'node:crypto';
import type { SetupIntentView, SimulatedCardRequest } from '../../../../shared/api/payments';
import { cardErrorMessage } from '../../../../shared/errors/card-errors';
import { CardProcessorError, type ProviderCard } from '../port';
import { newId, type Of } from './objects';
import { getObject, idempotently, putObject, requireObject } from './store';
import { brandOf, checkCard, testCards } from './test-cards';
import type { Deliver } from './webhooks';

export async function createCustomer(input: {
  userId: string;
  email: string;
  idempotencyKey: string;
}): Promise<{ id: string }> {
  const customer = await idempotently(input.idempotencyKey, 'customer', 'customer', async () => ({
    id: newId('cus'),
    object: 'customer',
    email: input.email,
    metadata: { userId: input.userId },
  }));
  return { id: customer.id };
}

export async function createSetupIntent(input: {
  customerId: string;
  idempotencyKey: string;
}): Promise<SetupIntentView> {
  await requireObject('customer', input.customerId, 'customer');
  const intent = await idempotently(input.idempotencyKey, 'setup_intent', 'setup intent', async () => {
    const id = newId('seti');
    return {
      id,
      object: 'setup_intent',
      customer: input.customerId,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    };
  });
  return { setupIntentId: intent.id, clientSecret: intent.client_secret };
}

/** The customer a setup intent belongs to (the confirm route checks it is the caller's). */
export async function setupIntentCustomer(setupIntentId: string): Promise<string | undefined> {
  return (await getObject('setup_intent', setupIntentId))?.customer;
}

/**
 * Confirms a setup intent with a test card (Stripe.js's confirmCardSetup stand-in). Declines and
 * invalid cards throw CardProcessorError card_error with Stripe's codes; the authentication card
 * answers requires_action until confirmed again with `authenticate: true`.
 */
export async function confirmSetupIntent(
  deliver: Deliver,
  setupIntentId: string,
  card: SimulatedCardRequest,
  now: Date = new Date(),
): Promise<{ paymentMethodId?: string; status: string }> {
  const intent = await requireObject('setup_intent', setupIntentId, 'setup intent');
  if (intent.status === 'succeeded') {
    throw new CardProcessorError('invalid_request_error', 'This SetupIntent has already succeeded.', {
      code: 'setup_intent_unexpected_state',
      setupIntent: { id: intent.id, status: intent.status },
    });
  }
  const fail = async (code: string, declineStatus = 'requires_payment_method') => {
    await putObject({ ...intent, status: declineStatus });
    return new CardProcessorError('card_error', cardErrorMessage({ type: 'card_error', code }), {
      code,
      statusCode: 402,
      setupIntent: { id: intent.id, status: declineStatus },
    });
  };
  const checked = checkCard(card, now);
  if ('code' in checked) throw await fail(checked.code);
  const { number, expMonth, expYear } = checked;
  if (number === testCards.authenticationRequired && card.authenticate !== true) {
    await putObject({ ...intent, status: 'requires_action' });
    return { status: 'requires_action' };
  }
  const method: Of<'payment_method'> = {
    id: newId('pm'),
    object: 'payment_method',
    customer: intent.customer,
    card: { brand: brandOf(number), last4: number.slice(-4), exp_month: expMonth, exp_year: expYear },
  };
  await putObject(method, { create: true });
  const succeeded = { ...intent, status: 'succeeded', payment_method: method.id };
  await putObject(succeeded);
  await deliver('setup_intent.succeeded', succeeded);
  return { paymentMethodId: method.id, status: 'succeeded' };
}

export async function fetchPaymentMethod(paymentMethodId: string): Promise<ProviderCard> {
  return toCard(await requireObject('payment_method', paymentMethodId, 'PaymentMethod'));
}

export async function attachPaymentMethod(
  paymentMethodId: string,
  customerId: string,
): Promise<ProviderCard> {
  const method = await requireObject('payment_method', paymentMethodId, 'PaymentMethod');
  if (method.customer === customerId) return toCard(method);
  if (method.customer) {
    throw new CardProcessorError(
      'invalid_request_error',
      'The payment method is attached to another customer.',
      {
        code: 'payment_method_unexpected_state',
      },
    );
  }
  await requireObject('customer', customerId, 'customer');
  const attached = { ...method, customer: customerId };
  await putObject(attached);
  return toCard(attached);
}

export async function detachPaymentMethod(paymentMethodId: string): Promise<void> {
  const method = await requireObject('payment_method', paymentMethodId, 'PaymentMethod');
  if (!method.customer) {
    throw new CardProcessorError(
      'invalid_request_error',
      'The payment method is not attached to a customer.',
      {
        code: 'payment_method_unexpected_state',
      },
    );
  }
  await putObject({ ...method, customer: null });
}

/** A payment method → the port's card. */
function toCard(method: Of<'payment_method'>): ProviderCard {
  return {
    id: method.id,
    ...(method.customer ? { customerId: method.customer } : {}),
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
}
