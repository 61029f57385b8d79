/**
 * The one DynamoDB table: keys, indexes and stream. CDK (infra/stacks/data-stack.ts) and the local
 * bootstrap (infra/local/dynamodb.ts) both build the table from this, so they cannot drift.
 * Entity chart and access patterns: docs/data-model.md.
 */
export const tableDesign = {
  partitionKey: 'PK',
  sortKey: 'SK',
  globalIndexes: [
    // Listings by author, newest first: own listings, profile page.
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    // Published listings, spread over a few shards so no partition gets hot; sparse (only published).
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  ],
  stream: 'NEW_AND_OLD_IMAGES',
} as const;

export type IndexName = (typeof tableDesign.globalIndexes)[number]['name'];

/** How many GSI2 partitions published listings are spread over. */
export const publishedShardCount = 4;

export const keys = {
  user: (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  listing: (listingId: string) => ({ PK: `LISTING#${listingId}`, SK: 'LISTING' }),
  listingByAuthor: (authorId: string, createdAt: string, listingId: string) => ({
    GSI1PK: `AUTHOR#${authorId}`,
    GSI1SK: `LISTING#${createdAt}#${listingId}`,
  }),
  publishedListing: (listingId: string, createdAt: string) => ({
    GSI2PK: publishedShardKey(shardOf(listingId)),
    GSI2SK: `${createdAt}#${listingId}`,
  }),
  /** Verification e-mails sent to a user on one UTC day (yyyy-mm-dd): the daily limit and the in-flight lease. */
  verificationEmails: (userId: string, day: string) => ({ PK: `USER#${userId}`, SK: `VERIFY#${day}` }),
  /** An operator's limited session as this user (audit record; the limit itself is the token's scope). */
  limitedSession: (userId: string, createdAt: string, sessionId: string) => ({
    PK: `USER#${userId}`,
    SK: `SESSION#${createdAt}#${sessionId}`,
  }),
  searchVersion: () => ({ PK: 'SEARCH', SK: 'VERSION' }),
  transaction: (transactionId: string) => ({ PK: `TX#${transactionId}`, SK: 'TX' }),
} as const;

export function publishedShardKey(shard: number): string {
  return `PUBLISHED#${shard}`;
}

function shardOf(id: string): number {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) >>> 0;
  return hash % publishedShardCount;
}
