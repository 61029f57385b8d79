import { tableName } from '../lib/aws';
import { queryAny } from '../lib/paging';
import { keyPrefixes, partitions } from '../lib/table-design';

/**
 * The spec's current user state flags (§3 "has-listings flag, has-orders flag"):
 * - has listings: at least one listing that is not a draft (and not deleted). This deviates
 *   from §4's "the first own listing is not a draft", which flips to false when an active seller
 *   starts a new draft. The seller's drafts are paged past (25 a page, oldest first).
 * - has orders: any order or enquiry as a buyer (one keys-only `Limit 1` Query, no filter).
 * The missing-information modal asks such users to verify their e-mail first, and shows the payout
 * prompt only to users with listings; `/inbox` opens the sales tab for them.
 */
export async function activityOf(userId: string): Promise<{ hasListings: boolean; hasOrders: boolean }> {
  const [hasListings, hasOrders] = await Promise.all([
    queryAny({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
      FilterExpression: '#state <> :draft AND attribute_not_exists(#deleted)',
      ExpressionAttributeNames: { '#state': 'state', '#deleted': 'deleted' },
      ExpressionAttributeValues: {
        ':pk': partitions.author(userId),
        ':prefix': keyPrefixes.listing,
        ':draft': 'draft',
      },
      Limit: 25,
    }),
    queryAny({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
      ExpressionAttributeValues: { ':pk': partitions.customer(userId), ':prefix': keyPrefixes.transaction },
      Limit: 1,
    }),
  ]);
  return { hasListings, hasOrders };
}
