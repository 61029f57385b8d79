import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { SellerFigures } from '../../shared/api/account';
import { completedSaleStates } from '../../shared/process/graph';
import { dynamo, tableName } from '../lib/aws';
import { keys } from '../lib/table-design';

/**
 * A seller's figures (issue 24: the seller card and the profile): the published reviews of them as
 * a seller (count and average) and their completed sales, by two queries on the sparse keys the
 * profile's reviews and the sales inbox already use (docs/decisions.md "Seller figures by query").
 * Only the attributes the figures need are read, and every page is followed, so the figures are
 * exact however many there are.
 */
export async function sellerFigures(userId: string, createdAt: string | undefined): Promise<SellerFigures> {
  const [ratings, completedSales] = await Promise.all([providerRatings(userId), completedSaleCount(userId)]);
  const total = ratings.reduce((sum, rating) => sum + rating, 0);
  return {
    ...(ratings.length ? { averageRating: Math.round((total / ratings.length) * 10) / 10 } : {}),
    reviewCount: ratings.length,
    completedSales,
    ...(createdAt ? { memberSince: createdAt.slice(0, 7) } : {}),
  };
}

async function providerRatings(userId: string): Promise<number[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :type)',
    FilterExpression: '#state = :public',
    ProjectionExpression: '#rating',
    ExpressionAttributeNames: { '#state': 'state', '#rating': 'rating' },
    ExpressionAttributeValues: {
      ':pk': keys.reviewBySubject(userId, 'ofProvider', '', '').GSI1PK,
      ':type': 'ofProvider#',
      ':public': 'public',
    },
  });
  return items.map((item) => Number(item.rating)).filter((rating) => Number.isFinite(rating));
}

async function completedSaleCount(userId: string): Promise<number> {
  const values = Object.fromEntries(completedSaleStates.map((state, index) => [`:s${index}`, state]));
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        FilterExpression: `#state IN (${Object.keys(values).join(', ')})`,
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':pk': keys.providerSale(userId, '', '').GSI2PK, ...values },
        Select: 'COUNT',
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

async function queryAll(input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({ ...input, ...(start ? { ExclusiveStartKey: start } : {}) }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}
