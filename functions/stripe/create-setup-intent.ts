import { randomUUID } from 'node:crypto';
import { tableName } from '../lib/aws';
import { type HttpEvent, httpHandler, json, requestUser, requireProfile } from '../lib/http';
import { keys } from '../lib/table-design';
import { conditionalUpdate } from '../lib/writes';
import { cardProvider } from '../payments/stripe';
import { cardError, requestOrigin } from '../payments/stripe/service';

/**
 * POST /api/stripe/setup-intents → `{ data: SetupIntentView }`: a setup intent for saving a card,
 * on the caller's customer (made and stored on first use; its creation is idempotent per user).
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const user = requestUser(event);
  const profile = requireProfile(user);
  const provider = cardProvider({ origin: requestOrigin(event) });
  try {
    let customerId = profile.stripeCustomerId;
    if (!customerId) {
      const customer = await provider.createCustomer({
        userId: user.id,
        email: profile.email,
        idempotencyKey: `customer-${user.id}`,
      });
      customerId = customer.id;
      await conditionalUpdate({
        TableName: tableName(),
        Key: keys.user(user.id),
        UpdateExpression: 'SET #customer = :customer',
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(#customer) OR #customer = :customer)',
        ExpressionAttributeNames: { '#customer': 'stripeCustomerId' },
        ExpressionAttributeValues: { ':customer': customerId },
      });
    }
    const intent = await provider.createSetupIntent({
      customerId,
      idempotencyKey: `setup-intent-${randomUUID()}`,
    });
    return json(201, { data: intent });
  } catch (error) {
    cardError(error);
  }
});
