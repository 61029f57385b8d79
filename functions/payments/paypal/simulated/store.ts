import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../../lib/aws';

/**
 * One item of the simulated PayPal's state (`SIMPAYPAL#…`, keys from paypalKeys), read
 * consistently: what a request just wrote, the next one sees, as with PayPal.
 */
export async function getItem<T>(key: { PK: string; SK: string }): Promise<T | undefined> {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  return result.Item as T | undefined;
}
