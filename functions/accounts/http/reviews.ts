import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PublicReview, UserReviewsMeta } from '../../../shared/api/transactions';
import { dynamo, tableName } from '../../lib/aws';
import { ApiError, type HttpEvent, httpHandler, json, pathParam } from '../../lib/http';
import { keys } from '../../lib/table-design';
import { reviewedListings } from '../../orders/reviewed-listings';
import { type ReviewItem, type ReviewType, toReviewView } from '../../orders/reviews';
import { getPublicUsers } from '../../orders/views';

const reviewTypes: readonly ReviewType[] = ['ofProvider', 'ofCustomer'];
/** The most reviews one answer carries (newest first). */
const MAX_REVIEWS = 100;

/**
 * GET /api/users/{id}/reviews?type=ofProvider|ofCustomer (public; spec reviews.query {subject_id,
 * type, state public}) → `{ data: PublicReview[], meta: { totalItems, averageRating } }`: the user's
 * published reviews of one type (both without `type`), newest first, each with its author and the
 * item it was for (the title the order recorded). Reads
 * the sparse `REVIEWS#<user>` keys that only published reviews carry.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const subjectId = pathParam(event, 'id');
  const type = event.queryStringParameters?.type;
  if (type !== undefined && !reviewTypes.includes(type as ReviewType)) {
    throw new ApiError('validation-invalid-params', 'type must be ofProvider or ofCustomer.');
  }
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: type ? 'GSI1PK = :pk AND begins_with(GSI1SK, :type)' : 'GSI1PK = :pk',
      ExpressionAttributeValues: {
        ':pk': keys.reviewBySubject(subjectId, 'ofProvider', '', '').GSI1PK,
        ...(type ? { ':type': `${type}#` } : {}),
      },
      ScanIndexForward: false,
      Limit: MAX_REVIEWS,
    }),
  );
  const items = ((page.Items ?? []) as ReviewItem[]).filter((item) => item.state === 'public');
  // Without a type the two kinds are grouped by the sort key; newest first across both.
  items.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const [authors, listings] = await Promise.all([
    getPublicUsers(items.map((item) => item.authorId)),
    reviewedListings(items.map((item) => item.transactionId)),
  ]);
  const data: PublicReview[] = items.map((item) => {
    const listing = listings.get(item.transactionId);
    return { ...toReviewView(item), author: authors.get(item.authorId)!, ...(listing ? { listing } : {}) };
  });
  const total = data.reduce((sum, review) => sum + review.rating, 0);
  const meta: UserReviewsMeta = {
    totalItems: data.length,
    ...(data.length ? { averageRating: Math.round((total / data.length) * 10) / 10 } : {}),
  };
  return json(200, { data, meta }, { 'cache-control': 'public, max-age=5' });
});
