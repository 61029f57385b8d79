import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import type { PublicReview } from '../../../shared/api/transactions';
import { pages } from '../../../shared/pages';
import { type Loaded, peekSettled, settle } from '../api/client';
import { getUserReviews, type UserReviews, type UserReviewType } from '../api/reviews';
import { useLoaded } from '../lib/useLoaded';
import { hasProfile, userDisplayName } from '../lib/users';
import { Avatar } from './Avatar';
import { DateLabel } from './DateLabel';
import { ReviewRating, ReviewSummary } from './ReviewRating';
import './reviews.css';

/**
 * Published reviews: a list (author's avatar and name, stars, date, the item it was for, text) and a user's
 * reviews of one kind loaded after the page has painted (the listing and profile pages), with
 * their average and count.
 */

export function ReviewList({ reviews, now }: { reviews: readonly PublicReview[]; now?: Date }) {
  return (
    <ul className="review-list">
      {reviews.map((review) => (
        <ReviewItem key={review.id} review={review} {...(now ? { now } : {})} />
      ))}
    </ul>
  );
}

function ReviewItem({ review, now }: { review: PublicReview; now?: Date }) {
  const name = userDisplayName(review.author);
  return (
    <li className="review-item">
      <Avatar user={review.author} size="small" />
      <div className="review-item-body">
        <p className="review-item-header">
          {hasProfile(review.author) ? (
            <Link to={pages.profile} params={{ id: review.author.id }} className="review-item-author">
              {name}
            </Link>
          ) : (
            <span className="review-item-author">{name}</span>
          )}
          <ReviewRating rating={review.rating} />
          <DateLabel date={review.createdAt} className="review-item-date" {...(now ? { now } : {})} />
        </p>
        {review.listing ? (
          <p className="review-item-listing">
            For <span className="review-item-listing-title">{review.listing.title}</span>
          </p>
        ) : null}
        <p className="review-item-content">{review.content}</p>
      </div>
    </li>
  );
}

// ---- Loading a user's reviews

/** How long a loaded answer is reused (back and forth between pages) before it is asked again. */
const REUSE_MS = 10_000;
const recent = new Map<string, { promise: Promise<Loaded<UserReviews>>; at: number }>();

/** Starts (or reuses, for a few seconds) the load of a user's reviews of one kind. */
export function loadUserReviews(userId: string, type: UserReviewType): Promise<Loaded<UserReviews>> {
  const key = `${userId}:${type}`;
  const cached = recent.get(key);
  if (cached && Date.now() - cached.at < REUSE_MS) return cached.promise;
  const promise = settle(getUserReviews(userId, type));
  recent.set(key, { promise, at: Date.now() });
  return promise;
}

/** Forgets loaded reviews (tests; after the user's own review changed what they would show). */
export function forgetUserReviews() {
  recent.clear();
}

function reusable(userId: string, type: UserReviewType): Promise<Loaded<UserReviews>> | undefined {
  const cached = recent.get(`${userId}:${type}`);
  return cached && Date.now() - cached.at < REUSE_MS && peekSettled(cached.promise)
    ? cached.promise
    : undefined;
}

/**
 * A user's reviews of one kind. The request starts after the first paint (an effect), so the page
 * never waits for it; an answer loaded moments ago renders at once. `reload` asks again.
 */
export function useUserReviews(userId: string, type: UserReviewType) {
  const [promise, setPromise] = useState(() => reusable(userId, type));
  useEffect(() => {
    setPromise(loadUserReviews(userId, type));
  }, [userId, type]);
  const reload = useCallback(() => {
    recent.delete(`${userId}:${type}`);
    setPromise(loadUserReviews(userId, type));
  }, [userId, type]);
  return { promise, reload };
}

const never: Promise<Loaded<UserReviews>> = new Promise(() => {});

/**
 * The body of a reviews group: a placeholder while loading, a retry on failure, `empty` for none,
 * else the average and count and the list.
 */
export function UserReviewsBody({
  userId,
  type,
  empty,
  failedMessage = 'Reviews could not be loaded.',
  now,
}: {
  userId: string;
  type: UserReviewType;
  empty: string;
  failedMessage?: string;
  now?: Date;
}) {
  const { promise, reload } = useUserReviews(userId, type);
  const loaded = useLoaded(promise ?? never);
  if (!loaded) {
    return (
      <p className="review-loading" role="status">
        Loading reviews…
      </p>
    );
  }
  if (!loaded.ok) {
    return (
      <div className="notice notice-error" role="alert">
        <p>{failedMessage}</p>
        <button type="button" className="button button-secondary" onClick={reload}>
          Try again
        </button>
      </div>
    );
  }
  const { data, meta } = loaded.value;
  if (data.length === 0) return <p>{empty}</p>;
  return (
    <>
      <ReviewSummary averageRating={meta.averageRating} count={meta.totalItems} />
      <ReviewList reviews={data} {...(now ? { now } : {})} />
    </>
  );
}
