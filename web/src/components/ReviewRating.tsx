import './reviews.css';

/**
 * A star rating: five stars, the first `rating` filled (a half star for an average's
 * .5 and up). The stars are decoration; the text alternative says the number ("Rated 4 out of 5
 * stars"), so screen readers and the page's text read the same value.
 */

const MAX_RATING = 5;

/** "4" or "4.5": one decimal at most, none for whole numbers. */
export function formatRating(rating: number): string {
  const rounded = Math.round(rating * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/** The text alternative of a rating: "Rated 4 out of 5 stars" ("4.5" for an average). */
export function ratingLabel(rating: number): string {
  return `Rated ${formatRating(rating)} out of ${MAX_RATING} stars`;
}

/** "1 review", "2 reviews". */
export function reviewCountText(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/** The summary of a group of reviews: "4.5 out of 5 · 2 reviews"; "No reviews yet" for none. */
export function averageText(averageRating: number | undefined, count: number): string {
  if (!count || averageRating === undefined) return 'No reviews yet';
  return `${formatRating(averageRating)} out of ${MAX_RATING} · ${reviewCountText(count)}`;
}

/** Each star's fill: full, half (an average's .5 and up, rounded down below that) or empty. */
export function starFills(rating: number): ('full' | 'half' | 'empty')[] {
  const halves = Math.floor(Math.max(0, Math.min(MAX_RATING, rating)) * 2 + 1e-9);
  return Array.from({ length: MAX_RATING }, (_, index) => {
    const left = halves - index * 2;
    return left >= 2 ? 'full' : left === 1 ? 'half' : 'empty';
  });
}

function Star({ fill }: { fill: 'full' | 'half' | 'empty' }) {
  return (
    <svg
      className={`star star-${fill}`}
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      aria-hidden="true"
      focusable="false"
    >
      <path
        className="star-outline"
        d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
      />
      {fill === 'empty' ? null : (
        <path
          className="star-fill"
          d={
            fill === 'full'
              ? 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z'
              : 'M12 2.5v14.8l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z'
          }
        />
      )}
    </svg>
  );
}

/** The stars of a rating, announced as `ratingLabel` (role img). */
export function ReviewRating({ rating, className }: { rating: number; className?: string }) {
  return (
    <span
      className={className ? `review-rating ${className}` : 'review-rating'}
      role="img"
      aria-label={ratingLabel(rating)}
    >
      {starFills(rating).map((fill, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: five fixed stars
        <Star key={index} fill={fill} />
      ))}
    </span>
  );
}

/** A group's average and count: the stars (with their text alternative) and "4.5 out of 5 · 2 reviews". */
export function ReviewSummary({
  averageRating,
  count,
}: {
  averageRating: number | undefined;
  count: number;
}) {
  return (
    <p className="review-summary">
      {count && averageRating !== undefined ? <ReviewRating rating={averageRating} /> : null}
      <span className="review-summary-text">{averageText(averageRating, count)}</span>
    </p>
  );
}
