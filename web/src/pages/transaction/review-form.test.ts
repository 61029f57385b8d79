import { describe, expect, it, vi } from 'vitest';
import type { ReviewView, TransitionRequest } from '../../../../shared/api/transactions';
import { messages } from '../../../../shared/errors/catalogue';
import { reviewMessages } from '../../../../shared/validation/messages';
import {
  canReview,
  firstInvalidField,
  orderReviewItems,
  pendingReviewNote,
  reviewErrorMessage,
  reviewFormErrors,
  submitReview,
} from './review-form';

class CodedError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}
const codeOf = (failure: unknown) => (failure instanceof CodedError ? failure.code : undefined);
const tx = { id: 'tx1', version: 7 };
const input = { reviewRating: 4, reviewContent: '  Smooth sale.  ' };

describe('the review form checks (§5)', () => {
  it('needs a rating from 1 to 5 and a message, with the spec texts', () => {
    expect(reviewFormErrors({ reviewRating: null, reviewContent: '' })).toEqual({
      reviewRating: reviewMessages.ratingRequired,
      reviewContent: reviewMessages.contentRequired,
    });
    expect(reviewMessages.ratingRequired).toBe('Rating is required.');
    expect(reviewMessages.contentRequired).toBe('You need to add a message to leave a review.');
    expect(reviewFormErrors({ reviewRating: 6, reviewContent: 'ok' })).toEqual({
      reviewRating: reviewMessages.ratingRequired,
    });
    expect(reviewFormErrors({ reviewRating: 3, reviewContent: '   ' })).toEqual({
      reviewContent: reviewMessages.contentRequired,
    });
    expect(reviewFormErrors({ reviewRating: 1, reviewContent: 'Fine' })).toEqual({});
    expect(reviewFormErrors({ reviewRating: 5, reviewContent: 'x'.repeat(5001) }).reviewContent).toBe(
      reviewMessages.contentTooLong,
    );
  });

  it('focuses the rating first, then the text', () => {
    expect(firstInvalidField({ reviewRating: 'a', reviewContent: 'b' })).toBe('reviewRating');
    expect(firstInvalidField({ reviewContent: 'b' })).toBe('reviewContent');
    expect(firstInvalidField({})).toBeUndefined();
  });
});

describe('submitReview (spec §4: review-1, then review-2 when already reviewed)', () => {
  it('sends review-1 of the role with the rating, the trimmed text and the version', async () => {
    const transition = vi.fn().mockResolvedValue({});
    await expect(submitReview({ transition }, tx, 'customer', input, codeOf)).resolves.toBe(
      'review-1-by-customer',
    );
    expect(transition).toHaveBeenCalledTimes(1);
    expect(transition).toHaveBeenCalledWith('tx1', {
      transition: 'review-1-by-customer',
      expectedVersion: 7,
      params: { reviewRating: 4, reviewContent: 'Smooth sale.' },
    } satisfies TransitionRequest);
  });

  it('tries review-2 once when review-1 is refused as already reviewed', async () => {
    const transition = vi
      .fn()
      .mockRejectedValueOnce(new CodedError('transaction-already-reviewed-by-customer'))
      .mockResolvedValueOnce({});
    await expect(submitReview({ transition }, tx, 'provider', input, codeOf)).resolves.toBe(
      'review-2-by-provider',
    );
    expect(transition.mock.calls.map(([, body]) => body.transition)).toEqual([
      'review-1-by-provider',
      'review-2-by-provider',
    ]);
    expect(transition.mock.calls[1]?.[1]).toMatchObject({ expectedVersion: 7, params: { reviewRating: 4 } });
  });

  it('throws the second failure and never tries a third time', async () => {
    const second = new CodedError('transaction-already-reviewed-by-customer');
    const transition = vi
      .fn()
      .mockRejectedValueOnce(new CodedError('transaction-already-reviewed-by-provider'))
      .mockRejectedValueOnce(second);
    await expect(submitReview({ transition }, tx, 'customer', input, codeOf)).rejects.toBe(second);
    expect(transition).toHaveBeenCalledTimes(2);
  });

  it('does not retry other failures', async () => {
    const failure = new CodedError('transaction-invalid-transition');
    const transition = vi.fn().mockRejectedValue(failure);
    await expect(submitReview({ transition }, tx, 'customer', input, codeOf)).rejects.toBe(failure);
    expect(transition).toHaveBeenCalledTimes(1);
  });
});

describe('review messages and state', () => {
  it('says the §8 text of a failure', () => {
    expect(reviewErrorMessage('transaction-already-reviewed-by-provider')).toBe(
      'Review already sent. Please refresh the page.',
    );
    expect(reviewErrorMessage('transaction-invalid-transition')).toBe(messages.leaveReviewFailed);
    expect(reviewErrorMessage(undefined)).toBe(
      'Oops, failed to leave a review. Please refresh the page and try again.',
    );
    expect(reviewErrorMessage(undefined, true)).toBe(messages.reviewSubmitFailed);
  });

  it('offers the review when the server allows one of the role', () => {
    expect(canReview([{ name: 'review-1-by-customer' }] as never, 'customer')).toBe(true);
    expect(canReview([{ name: 'review-2-by-provider' }] as never, 'provider')).toBe(true);
    expect(canReview([{ name: 'review-1-by-provider' }] as never, 'customer')).toBe(false);
    expect(canReview([{ name: 'mark-received' }] as never, 'customer')).toBe(false);
    expect(canReview([], 'provider')).toBe(false);
  });

  it("lists the caller's review first, pending with when it is published", () => {
    const review = (authorId: string, state: ReviewView['state']): ReviewView => ({
      id: `r-${authorId}`,
      type: authorId === 'buyer' ? 'ofProvider' : 'ofCustomer',
      rating: 5,
      content: 'Great',
      createdAt: '2026-03-01T10:00:00.000Z',
      authorId,
      subjectId: authorId === 'buyer' ? 'seller' : 'buyer',
      state,
    });
    const pending = orderReviewItems([review('buyer', 'pending')], 'buyer', 'Maya T');
    expect(pending).toEqual([
      {
        review: review('buyer', 'pending'),
        heading: 'Your review',
        pendingNote:
          'Your review will be published when Maya T has reviewed too, or when the review period ends.',
      },
    ]);
    expect(pendingReviewNote('Sam')).toContain('when Sam has reviewed too');
    const both = orderReviewItems([review('seller', 'public'), review('buyer', 'public')], 'buyer', 'Maya T');
    expect(both.map((item) => item.heading)).toEqual(['Your review', "Maya T's review"]);
    expect(both[0]?.pendingNote).toBeUndefined();
    // Someone else's pending review is never shown (the server does not send it anyway).
    expect(orderReviewItems([review('seller', 'pending')], 'buyer', 'Maya T')).toEqual([]);
  });
});
