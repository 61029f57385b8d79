import { tableName } from '../lib/aws';
import { ApiError } from '../lib/http';
import { keys } from '../lib/table-design';
import { conditionalUpdate } from '../lib/writes';

/**
 * Timer task: the 15-minute payment window ran out. The transition is a conditional write on the
 * current state, so if the buyer's payment won the race this is a no-op ('already-moved').
 */
export async function handler(input: {
  transactionId: string;
}): Promise<{ outcome: 'expired' | 'already-moved' }> {
  const now = new Date().toISOString();
  try {
    await conditionalUpdate(
      {
        TableName: tableName(),
        Key: keys.transaction(input.transactionId),
        UpdateExpression:
          'SET #state = :expired, lastTransition = :transition, lastTransitionedAt = :now REMOVE taskToken, awaiting',
        ConditionExpression: '#state = :pending',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':expired': 'payment-expired',
          ':pending': 'pending-payment',
          ':transition': 'expire-payment',
          ':now': now,
        },
      },
      'transaction-invalid-transition',
    );
    return { outcome: 'expired' };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'transaction-invalid-transition')
      return { outcome: 'already-moved' };
    throw error;
  }
}
