import { tableName } from '../../../lib/aws';
import { noContent } from '../../../lib/http';
import { keys } from '../../../lib/table-design';
import { userHandler } from '../../../lib/user-handler';
import { conditionalUpdate } from '../../../lib/writes';
import { CardProcessorError, cardProvider } from '..';
import { cardError } from '../service';

/** DELETE /api/me/payment-method → 204: detaches the saved card and forgets it (none: 204 as well). */
export const handler = userHandler({ profile: 'optional' }, async ({ user }) => {
  const card = user.profile?.defaultPaymentMethod;
  if (!card) return noContent();
  try {
    await cardProvider().detachPaymentMethod(card.stripePaymentMethodId);
  } catch (error) {
    // Already detached (or gone) at the provider: forgetting it is still right.
    const gone =
      error instanceof CardProcessorError &&
      (error.code === 'resource_missing' || error.code === 'payment_method_unexpected_state');
    if (!gone) cardError(error);
  }
  await conditionalUpdate({
    TableName: tableName(),
    Key: keys.user(user.id),
    UpdateExpression: 'REMOVE #card SET #updatedAt = :now',
    ConditionExpression: 'attribute_exists(PK) AND #card.#id = :id',
    ExpressionAttributeNames: {
      '#card': 'defaultPaymentMethod',
      '#id': 'stripePaymentMethodId',
      '#updatedAt': 'updatedAt',
    },
    ExpressionAttributeValues: { ':id': card.stripePaymentMethodId, ':now': new Date().toISOString() },
  });
  return noContent();
});
