/**
 * Reviews (spec §3 review, §4 review transitions). A review transition writes its review
 * in the transition's own TransactWrite (`TX#<id>/REVIEW#<type>`, pending). Reviews are published
 * when the order enters `reviewed`: both sides have reviewed, or a review window expired. Publishing
 * sets `state: public` and the sparse GSI1 keys `REVIEWS#<subject>` that the profile and listing
 * pages query, in the same write as the transition into `reviewed`. Until then only the author sees
 * a review.
 */
import type { ReviewView } from '../../shared/api/transactions';
import type { ProcessState, TransitionName } from '../../shared/process/graph';
import { tableName } from '../lib/aws';
import { ApiError } from '../lib/errors';
import { keys } from '../lib/table-design';
import type { TransactionRecord } from './record';
import type { TransactItem } from './repository';

export type ReviewType = ReviewView['type'];

/** The stored review item: the view's fields plus its keys and order. */
export interface ReviewItem extends ReviewView {
  PK: string;
  SK: string;
  GSI1PK?: string;
  GSI1SK?: string;
  entity: 'review';
  transactionId: string;
  listingId: string;
}

/** The review a review transition writes: the customer reviews the provider, and the other way round. */
export function reviewTypeOf(transition: string): ReviewType | undefined {
  const match = /^review-[12]-by-(customer|provider)$/.exec(transition);
  if (!match) return undefined;
  return match[1] === 'customer' ? 'ofProvider' : 'ofCustomer';
}

export interface ReviewInput {
  rating: number;
  content: string;
}

function subjectOf(tx: TransactionRecord, type: ReviewType): string {
  return type === 'ofProvider' ? tx.providerId : tx.customerId;
}

function authorOf(tx: TransactionRecord, type: ReviewType): string {
  return type === 'ofProvider' ? tx.customerId : tx.providerId;
}

/**
 * The review items a transition writes (engine, in the transition's TransactWrite):
 * - a review transition: Put its review (pending, or public at once when it enters `reviewed`);
 * - any transition into `reviewed`: publish the reviews written before (`tx.reviewTypes`).
 * Also the `reviewTypes` list to store on the transaction.
 */
export function reviewWrites(
  tx: TransactionRecord,
  transition: TransitionName,
  to: ProcessState,
  review: ReviewInput | undefined,
  nowIso: string,
): { items: TransactItem[]; reviewTypes?: ReviewType[] } {
  const items: TransactItem[] = [];
  const type = reviewTypeOf(transition);
  const publish = to === 'reviewed';
  const earlier = tx.reviewTypes ?? [];
  if (type) {
    if (!review) throw new ApiError('validation-invalid-params', 'A review needs a rating and a text.');
    const subjectId = subjectOf(tx, type);
    const item: ReviewItem = {
      ...keys.txReview(tx.id, type),
      ...(publish ? keys.reviewBySubject(subjectId, type, nowIso, tx.id) : {}),
      entity: 'review',
      id: `${tx.id}-${type}`,
      transactionId: tx.id,
      listingId: tx.listingId,
      type,
      rating: review.rating,
      content: review.content,
      createdAt: nowIso,
      authorId: authorOf(tx, type),
      subjectId,
      state: publish ? 'public' : 'pending',
    };
    items.push({
      Put: { TableName: tableName(), Item: { ...item }, ConditionExpression: 'attribute_not_exists(PK)' },
    });
  }
  if (publish) {
    for (const earlierType of earlier) {
      if (earlierType === type) continue;
      items.push(publishUpdate(tx, earlierType));
    }
  }
  return { items, ...(type ? { reviewTypes: [...earlier, type] } : {}) };
}

/** Publishes a pending review: `state: public` and the subject's GSI1 keys (from its own createdAt). */
function publishUpdate(tx: TransactionRecord, type: ReviewType): TransactItem {
  const subjectId = subjectOf(tx, type);
  return {
    Update: {
      TableName: tableName(),
      Key: keys.txReview(tx.id, type),
      UpdateExpression: 'SET #state = :public, GSI1PK = :pk, GSI1SK = :sk',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':public': 'public',
        ':pk': keys.reviewBySubject(subjectId, type, '', tx.id).GSI1PK,
        // The sort key needs the review's own time; it is known from the transaction's log entry.
        ':sk': keys.reviewBySubject(subjectId, type, reviewTimeOf(tx, type), tx.id).GSI1SK,
      },
    },
  };
}

/** When the review of `type` was written: the time of its review transition in the log. */
function reviewTimeOf(tx: TransactionRecord, type: ReviewType): string {
  const entry = [...tx.transitions].reverse().find((t) => reviewTypeOf(t.transition) === type);
  return entry?.createdAt ?? tx.lastTransitionedAt;
}

/** The API view of a stored review (a pending one is shown to its author only). */
export function toReviewView(item: ReviewItem): ReviewView {
  return {
    id: item.id,
    type: item.type,
    rating: item.rating,
    content: item.content,
    createdAt: item.createdAt,
    authorId: item.authorId,
    subjectId: item.subjectId,
    state: item.state,
  };
}
