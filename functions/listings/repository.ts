import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiErrorCode } from '../../shared/errors/catalogue';
import { dynamo, tableName } from '../lib/aws';
import { queryAll } from '../lib/paging';
import { keyPrefixes, keys, partitions, publishedShardCount, publishedShardKey } from '../lib/table-design';
import { conditionalPut, conditionalUpdate } from '../lib/writes';
import { type ListingFields, type ListingRecord, listingRecord } from './listing-record';

export async function getListing(id: string): Promise<ListingRecord | undefined> {
  const result = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.listing(id) }));
  return result.Item as ListingRecord | undefined;
}

/** Creates a listing; fails with a conflict if the id is taken. */
export async function createListing(fields: ListingFields): Promise<ListingRecord> {
  const record = listingRecord(fields);
  await conditionalPut({
    TableName: tableName(),
    Item: record,
    ConditionExpression: 'attribute_not_exists(PK)',
  });
  return record;
}

/** Every published listing, read shard by shard from the sparse GSI2 (a Query per shard page, never a Scan). */
export async function queryAllPublished(): Promise<ListingRecord[]> {
  const shards = Array.from({ length: publishedShardCount }, (_, shard) =>
    queryShard(publishedShardKey(shard)),
  );
  return (await Promise.all(shards)).flat();
}

function queryShard(shardKey: string): Promise<ListingRecord[]> {
  return queryAll<ListingRecord>({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :shard',
    ExpressionAttributeValues: { ':shard': shardKey },
  });
}

/**
 * An author's listings in one state, newest first: the author's listings (queryOwnListings, one
 * GSI1 Query) in that state. Reads every listing of the author, which is fine for hundreds; an
 * author with thousands would want a sparse per-state index.
 */
export async function queryByAuthor(
  authorId: string,
  state: ListingRecord['state'],
): Promise<ListingRecord[]> {
  return (await queryOwnListings(authorId)).filter((record) => record.state === state);
}

/**
 * All of an author's listings except deleted ones (every state), newest first: GSI1 read backwards
 * (a Query, never a Scan). The manage-listings page (functions/listings/http/own/list.ts).
 */
export async function queryOwnListings(authorId: string): Promise<ListingRecord[]> {
  return queryAll<ListingRecord>({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :author AND begins_with(GSI1SK, :listing)',
    FilterExpression: 'attribute_not_exists(deleted)',
    ExpressionAttributeValues: {
      ':author': partitions.author(authorId),
      ':listing': keyPrefixes.listing,
    },
    ScanIndexForward: false,
  });
}

/**
 * One conditional UpdateItem on a listing that exists, is not deleted and (when `fromStates` is
 * given) is in one of those states; `set` and `remove` name top-level attributes. A failed
 * condition is the ApiError `conflict` names. Returns the new item.
 */
export async function updateListing(
  id: string,
  changes: {
    set?: Record<string, unknown>;
    remove?: readonly string[];
    fromStates?: readonly ListingRecord['state'][];
    /** Extra condition (with its own `:values`), e.g. a stock compare-and-set. */
    condition?: { expression: string; values: Record<string, unknown> };
  },
  conflict: ApiErrorCode = 'conflict',
): Promise<ListingRecord> {
  const names: Record<string, string> = { '#deleted': 'deleted' };
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  for (const [name, value] of Object.entries({ ...changes.set, updatedAt: new Date().toISOString() })) {
    if (value === undefined) continue;
    names[`#${name}`] = name;
    values[`:${name}`] = value;
    sets.push(`#${name} = :${name}`);
  }
  for (const name of changes.remove ?? []) names[`#${name}`] = name;
  const conditions = ['attribute_exists(PK)', 'attribute_not_exists(#deleted)'];
  if (changes.fromStates) {
    names['#state'] = 'state';
    const list = changes.fromStates.map((state, i) => {
      values[`:from${i}`] = state;
      return `:from${i}`;
    });
    conditions.push(`#state IN (${list.join(', ')})`);
  }
  if (changes.condition) {
    conditions.push(`(${changes.condition.expression})`);
    Object.assign(values, changes.condition.values);
  }
  const result = await conditionalUpdate(
    {
      TableName: tableName(),
      Key: keys.listing(id),
      UpdateExpression: [
        `SET ${sets.join(', ')}`,
        changes.remove?.length ? `REMOVE ${changes.remove.map((name) => `#${name}`).join(', ')}` : '',
      ]
        .filter(Boolean)
        .join(' '),
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    },
    conflict,
  );
  return result.Attributes as ListingRecord;
}
