import { route } from '../../../shared/api/routes';
import type { PublicReview, UserReviewsMeta } from '../../../shared/api/transactions';
import { callApi, type RequestOptions } from './client';

export type UserReviewType = 'ofProvider' | 'ofCustomer';

export interface UserReviews {
  data: PublicReview[];
  meta: UserReviewsMeta;
}

/**
 * A user's published reviews of one kind (`GET /api/users/{id}/reviews?type=…`, public), newest
 * first, with their authors and the average rating: `ofProvider` as a seller, `ofCustomer` as a buyer.
 */
export function getUserReviews(
  userId: string,
  type: UserReviewType,
  options?: RequestOptions,
): Promise<UserReviews> {
  // Public: no token, so the answer can be cached.
  return callApi(route('userReviews', { id: userId }), {
    token: null,
    ...options,
    query: `?type=${type}`,
  });
}
