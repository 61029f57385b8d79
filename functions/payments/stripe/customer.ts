import type { UserRecord } from '../../accounts/user-record';
import { tableName } from '../../lib/aws';
import { keys } from '../../lib/table-design';
import { conditionalUpdate } from '../../lib/writes';
import type { CardProvider } from './index';

/**
 * The caller's Stripe customer: the stored one, or one made now (idempotent per user) and stored
 * only if none was stored meanwhile. Saved cards and PaymentIntents that keep a card hang on it.
 */
export async function ensureStripeCustomer(
  user: { id: string },
  profile: UserRecord,
  provider: CardProvider,
): Promise<string> {
  if (profile.stripeCustomerId) return profile.stripeCustomerId;
  const customer = await provider.createCustomer({
    userId: user.id,
    email: profile.email,
    idempotencyKey: `customer-${user.id}`,
  });
  await conditionalUpdate({
    TableName: tableName(),
    Key: keys.user(user.id),
    UpdateExpression: 'SET #customer = :customer',
    ConditionExpression:
      'attribute_exists(PK) AND (attribute_not_exists(#customer) OR #customer = :customer)',
    ExpressionAttributeNames: { '#customer': 'stripeCustomerId' },
    ExpressionAttributeValues: { ':customer': customer.id },
  });
  return customer.id;
}
