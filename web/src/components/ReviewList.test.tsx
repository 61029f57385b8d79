import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicReview } from '../../../shared/api/transactions';
import { ApiRequestError } from '../api/client';
import { SellerReviewsSection } from '../pages/listing/ListingSections';
import { forgetUserReviews, loadUserReviews } from './ReviewList';
import { renderAt } from './test-router';

const getUserReviews = vi.hoisted(() => vi.fn());
vi.mock('../api/reviews', () => ({ getUserReviews }));

const author = { id: 'seller', displayName: 'Maya T', abbreviatedName: 'MT' };
const reviewOf = (id: string, rating: number, authorName: string): PublicReview => ({
  id,
  type: 'ofProvider',
  rating,
  content: `Review ${id}: fast shipping & well packed.`,
  createdAt: '2026-03-01T10:00:00.000Z',
  authorId: `author-${id}`,
  subjectId: 'seller',
  state: 'public',
  author: { id: `author-${id}`, displayName: authorName, abbreviatedName: authorName.slice(0, 2) },
});

afterEach(() => {
  forgetUserReviews();
  getUserReviews.mockReset();
});

const now = new Date('2026-06-01T10:00:00.000Z');
const render = () => renderAt('/l/bike/l1', <SellerReviewsSection author={author} now={now} />);

describe("the listing page's seller reviews", () => {
  it("shows the seller's average, count and each review with its author, stars, date, item and text", async () => {
    getUserReviews.mockResolvedValue({
      data: [
        { ...reviewOf('r1', 5, 'Sam B'), listing: { id: 'l7', title: 'Canyon Endurace CF 7' } },
        reviewOf('r2', 4, 'Alex C'),
      ],
      meta: { totalItems: 2, averageRating: 4.5 },
    });
    await loadUserReviews('seller', 'ofProvider');
    const html = await render();
    expect(getUserReviews).toHaveBeenCalledWith('seller', 'ofProvider');
    expect(html).toMatch(/<h2 id="reviews-title">Reviews of <!-- -->Maya T<\/h2>/);
    // Each review names the item it was for (issue 24); one the order could not name shows none.
    expect(html).toContain('For <span class="review-item-listing-title">Canyon Endurace CF 7</span>');
    expect(html.match(/review-item-listing"/g)).toHaveLength(1);
    expect(html).toContain('4.5 out of 5 · 2 reviews');
    expect(html).toContain('aria-label="Rated 4.5 out of 5 stars"');
    expect(html).toMatch(/<a[^>]*href="\/u\/author-r1"[^>]*>Sam B<\/a>/);
    expect(html).toContain('aria-label="Rated 5 out of 5 stars"');
    expect(html).toContain('aria-label="Rated 4 out of 5 stars"');
    expect(html).toContain('Review r2: fast shipping &amp; well packed.');
    expect(html).toContain('Mar 1');
    expect(html).toContain('dateTime="2026-03-01T10:00:00.000Z"');
  });

  it('says when the seller has no reviews yet', async () => {
    getUserReviews.mockResolvedValue({ data: [], meta: { totalItems: 0 } });
    await loadUserReviews('seller', 'ofProvider');
    const html = await render();
    expect(html).toContain('Maya T has no reviews as a seller yet.');
    expect(html).not.toContain('out of 5');
  });

  it('does not hold up the first paint: a placeholder until the reviews arrive (fetched after mount)', async () => {
    const html = await render();
    expect(html).toContain('Loading reviews…');
    expect(getUserReviews).not.toHaveBeenCalled();
  });

  it('offers a retry when the reviews fail to load', async () => {
    getUserReviews.mockRejectedValue(new ApiRequestError(500, null));
    await loadUserReviews('seller', 'ofProvider');
    const html = await render();
    expect(html).toContain('Reviews could not be loaded.');
    expect(html).toContain('Try again');
  });

  it('shows nothing for a banned or deleted seller', async () => {
    const html = await renderAt('/l/bike/l1', <SellerReviewsSection author={{ ...author, deleted: true }} />);
    expect(html).not.toContain('Reviews');
  });
});
