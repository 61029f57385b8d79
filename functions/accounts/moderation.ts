import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../lib/aws';
import { queryPages } from '../lib/paging';
import { keyPrefixes, keys, partitions } from '../lib/table-design';
import { isConditionFailure } from '../lib/writes';
import { updateUser } from './repository';
import type { UserRecord } from './user-record';

/**
 * What the operator's ban and delete do to the table (the Cognito side is in infra/operator):
 * flag the profile, and take the user's published listings out of search by dropping their sparse
 * GSI2 keys (found through GSI1, a Query, and removed with conditional updates). The listings keep
 * their state; the stream consumer sees the change and bumps the search version, so every search
 * container rebuilds its index without them. The user guard (functions/lib/http.ts) refuses the
 * flagged user's still-valid tokens on every user route from the next request on.
 */
export type RemovalReason = 'author-banned' | 'author-deleted';

export async function banProfile(userId: string, now = new Date()): Promise<UserRecord> {
  return updateUser(userId, { set: { banned: true, bannedAt: now.toISOString() } });
}

export async function markProfileDeleted(userId: string, now = new Date()): Promise<UserRecord> {
  return updateUser(userId, { set: { deleted: true, deletedAt: now.toISOString() } });
}

/** Drops the GSI2 (search) keys of every listing of the author that has them; returns how many. */
export async function removeListingsFromSearch(authorId: string, reason: RemovalReason): Promise<number> {
  let removed = 0;
  const pages = queryPages({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :author AND begins_with(GSI1SK, :listing)',
    ExpressionAttributeValues: { ':author': partitions.author(authorId), ':listing': keyPrefixes.listing },
    ProjectionExpression: 'id, GSI2PK',
  });
  for await (const page of pages) {
    for (const item of (page.Items ?? []) as Array<{ id: string; GSI2PK?: string }>) {
      if (!item.GSI2PK) continue;
      try {
        await dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.listing(item.id),
            UpdateExpression: 'REMOVE GSI2PK, GSI2SK SET hiddenReason = :reason, updatedAt = :now',
            ConditionExpression: 'attribute_exists(GSI2PK)',
            ExpressionAttributeValues: { ':reason': reason, ':now': new Date().toISOString() },
          }),
        );
        removed++;
      } catch (error) {
        // Already out of search (a concurrent run, or GSI1 lagging behind): nothing to do.
        if (!isConditionFailure(error)) throw error;
      }
    }
  }
  return removed;
}
