import { isProviderId } from '../../../../shared/validation/provider-ids';
import { tableName } from '../../../lib/aws';
import { ApiError, assertValid, json, jsonBody, textField } from '../../../lib/http';
import { log } from '../../../lib/logger';
import { keys } from '../../../lib/table-design';
import { userHandler } from '../../../lib/user-handler';
import { conditionalUpdate } from '../../../lib/writes';
import { cardProvider, type ProviderCard } from '..';
import { cardError, savedCard } from '../service';

/**
 * PUT /api/me/payment-method `{ stripePaymentMethodId }` → `{ data: SavedCard }`: the card a setup
 * intent confirmed becomes the default; the previous default is detached. The payment method must
 * be the caller's (attached to their customer, or not attached to anyone yet).
 */
export const handler = userHandler(async ({ event, user, profile }) => {
  const paymentMethodId = textField(jsonBody(event), 'stripePaymentMethodId');
  assertValid(paymentMethodId ? {} : { stripePaymentMethodId: 'This field is required' });
  // Not an id Stripe could have made: no such payment method (never a provider call or key with it).
  if (!isProviderId(paymentMethodId as string)) throw new ApiError('not-found');
  const customerId = profile.stripeCustomerId;
  if (!customerId) throw new ApiError('not-found', 'Start by adding a card.');
  const provider = cardProvider();
  let card: ProviderCard;
  try {
    card = await provider.fetchPaymentMethod(paymentMethodId as string);
    if (card.customerId && card.customerId !== customerId) throw new ApiError('not-found');
    if (!card.customerId) card = await provider.attachPaymentMethod(card.id, customerId);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    cardError(error);
  }
  const saved = savedCard(card);
  const previous = profile.defaultPaymentMethod?.stripePaymentMethodId;
  await conditionalUpdate({
    TableName: tableName(),
    Key: keys.user(user.id),
    UpdateExpression: 'SET #card = :card, #updatedAt = :now',
    ConditionExpression: previous
      ? 'attribute_exists(PK) AND #card.#id = :previous'
      : 'attribute_exists(PK) AND attribute_not_exists(#card)',
    ExpressionAttributeNames: {
      '#card': 'defaultPaymentMethod',
      '#updatedAt': 'updatedAt',
      ...(previous ? { '#id': 'stripePaymentMethodId' } : {}),
    },
    ExpressionAttributeValues: {
      ':card': saved,
      ':now': new Date().toISOString(),
      ...(previous ? { ':previous': previous } : {}),
    },
  });
  if (previous && previous !== saved.stripePaymentMethodId) {
    await provider.detachPaymentMethod(previous).catch((error) => {
      log.warn('previous Stripe payment method not detached', { paymentMethod: previous, error });
    });
  }
  return json(200, { data: saved });
});
