import {
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
  ScanCommand,
  type ScanCommandInput,
  type ScanCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws';

/**
 * Paged reads: DynamoDB answers at most 1 MB a call, so every read that wants all of a Query or
 * Scan follows LastEvaluatedKey. One loop for all of them, so none forgets a page.
 */
export async function* queryPages(
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
): AsyncGenerator<QueryCommandOutput> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({ ...input, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }),
    );
    yield page;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** A maintenance Scan page by page (never on a request path: it reads the whole table). */
export async function* scanPages(
  input: Omit<ScanCommandInput, 'ExclusiveStartKey'>,
): AsyncGenerator<ScanCommandOutput> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({ ...input, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }),
    );
    yield page;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** Every item a Query matches. */
export async function queryAll<T>(input: Omit<QueryCommandInput, 'ExclusiveStartKey'>): Promise<T[]> {
  const found: T[] = [];
  for await (const page of queryPages(input)) found.push(...((page.Items ?? []) as T[]));
  return found;
}

/** How many items a Query matches (`Select COUNT`). */
export async function queryCount(
  input: Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Select' | 'ProjectionExpression'>,
): Promise<number> {
  let total = 0;
  for await (const page of queryPages({ ...input, Select: 'COUNT' })) total += page.Count ?? 0;
  return total;
}

/**
 * Whether a Query matches at least one item. With a filter, DynamoDB applies `Limit` before the
 * filter, so an empty page does not mean no match: pages are read until one counts an item.
 */
export async function queryAny(
  input: Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Select'>,
): Promise<boolean> {
  for await (const page of queryPages({ ...input, Select: 'COUNT' })) if ((page.Count ?? 0) > 0) return true;
  return false;
}
