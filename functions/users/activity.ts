import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../lib/aws';

/** Whether one item exists under a GSI partition key with a sort key prefix (a keys-only Limit 1 Query). */
async function anyUnder(index: 'GSI1', partitionKey: string, sortPrefix: string): Promise<boolean> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: `${index}PK = :pk AND begins_with(${index}SK, :prefix)`,
      ExpressionAttributeValues: { ':pk': partitionKey, ':prefix': sortPrefix },
      Select: 'COUNT',
      Limit: 1,
    }),
  );
  return (page.Count ?? 0) > 0;
}

/**
 * The spec's current user state flags (§3 "has-listings flag, has-orders flag"): whether the user
 * has any listing (drafts included) and any order as a buyer. The missing-information modal asks
 * such users to verify their e-mail first.
 */
export async function activityOf(userId: string): Promise<{ hasListings: boolean; hasOrders: boolean }> {
  const [hasListings, hasOrders] = await Promise.all([
    anyUnder('GSI1', `AUTHOR#${userId}`, 'LISTING#'),
    anyUnder('GSI1', `CUSTOMER#${userId}`, 'TX#'),
  ]);
  return { hasListings, hasOrders };
}
