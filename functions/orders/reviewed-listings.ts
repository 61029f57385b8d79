import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { ReviewedListing } from '../../shared/api/transactions';
import { dynamo, tableName } from '../lib/aws';
import { keys } from '../lib/table-design';

/**
 * The item each review was for (issue 24: "Reviews of <seller>" names it): the listing's title as
 * the transaction recorded it when the order was made (`listingSnapshot`), so a review keeps the
 * name the buyer saw even after the listing was renamed or deleted. One BatchGet of the reviews'
 * transactions (100 keys a call, unprocessed keys asked again), reading only the id, the listing
 * id and the title. A transaction that cannot be read leaves its review without an item.
 */
export async function reviewedListings(
  transactionIds: readonly string[],
): Promise<Map<string, ReviewedListing>> {
  const found = new Map<string, ReviewedListing>();
  const unique = [...new Set(transactionIds)];
  for (let start = 0; start < unique.length; start += 100) {
    let pending: Record<string, unknown>[] | undefined = unique
      .slice(start, start + 100)
      .map(keys.transaction);
    for (let attempt = 0; pending?.length && attempt < 8; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
      const result: BatchGetCommandOutput = await dynamo().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: pending,
              ProjectionExpression: '#id, #listingId, #snapshot.#title',
              ExpressionAttributeNames: {
                '#id': 'id',
                '#listingId': 'listingId',
                '#snapshot': 'listingSnapshot',
                '#title': 'title',
              },
            },
          },
        }),
      );
      for (const item of result.Responses?.[tableName()] ?? []) {
        const title = (item.listingSnapshot as { title?: unknown } | undefined)?.title;
        if (typeof item.id === 'string' && typeof title === 'string') {
          found.set(item.id, { id: String(item.listingId), title });
        }
      }
      pending = result.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return found;
}
